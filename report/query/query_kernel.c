// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the kernel counted and logged while each loaded result ran
 * (SCHEMA_KERNEL_VERSION): the changes of its monitors (result_monitor)
 * and its log's lines of level warning and above (kernel_log), one
 * statement per run, into the results' records.  Older files have
 * neither.  What a file holds is taken only
 * in the forms aimrun stores: a name no reading makes, a level out of
 * range, a value that is not an integer are skipped.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"
#include "query_int.h"
#include "schema_ver.h"
#include "xalloc.h"

static const char sql_monitors[] =
	"SELECT m.result_id, m.source, m.name, m.value"
	" FROM result_monitor AS m JOIN result AS r ON r.id = m.result_id"
	" WHERE r.run_id = ? ORDER BY m.result_id, m.source, m.name";

static const char sql_klog[] =
	"SELECT k.result_id, k.level, k.facility, k.usec, k.text"
	" FROM kernel_log AS k JOIN result AS r ON r.id = k.result_id"
	" WHERE r.run_id = ? ORDER BY k.result_id, k.seq";

/* Results by id, to find a row's. */
struct by_id {
	int64_t id;
	struct record_result *r;
};

static int
id_cmp(const void *a, const void *b)
{
	int64_t x = ((const struct by_id *)a)->id;
	int64_t y = ((const struct by_id *)b)->id;

	return (x > y) - (x < y);
}

static struct by_id *
index_of(struct record_result *res, size_t n)
{
	struct by_id *ix = xcalloc(n + 1, sizeof(*ix));

	for (size_t i = 0; i < n; i++)
		ix[i] = (struct by_id){ res[i].id, &res[i] };
	qsort(ix, n, sizeof(*ix), id_cmp);
	return ix;
}

static struct record_result *
find(const struct by_id *ix, size_t n, int64_t id)
{
	const struct by_id key = { id, NULL };
	const struct by_id *hit = bsearch(&key, ix, n, sizeof(*ix), id_cmp);

	return hit != NULL ? hit->r : NULL;
}

static void
read_monitor(struct db_stmt *stmt, struct record_result *r)
{
	const char *src = db_column_text(stmt, 1);
	const char *name = db_column_text(stmt, 2);
	struct monitor_val v;
	int n;

	if (src == NULL || name == NULL ||
	    db_column_type(stmt, 3) != DB_INTEGER ||
	    r->n_monitors >= MONITOR_VALUES_MAX)
		return;
	n = snprintf(v.name, sizeof(v.name), "%s.%s", src, name);
	if (n < 0 || !monitor_name_valid(v.name, (size_t)n) ||
	    strcmp(monitor_source_of(v.name)->name, src) != 0)
		return;
	v.value = db_column_int64(stmt, 3);
	r->monitors = xrealloc(r->monitors, (r->n_monitors + 1) *
			       sizeof(*r->monitors));
	r->monitors[r->n_monitors++] = v;
}

static void
read_line(struct db_stmt *stmt, struct record_result *r)
{
	const char *text = db_column_text(stmt, 4);
	int64_t level = db_column_int64(stmt, 1);
	int64_t facility = db_column_int64(stmt, 2);
	struct klog_line *l;

	if (text == NULL || text[0] == '\0' || level < 0 || level > 7 ||
	    facility < 0 || facility > KLOG_FACILITY_MAX || r->n_klog >= KLOG_LINES_MAX)
		return;
	r->klog = xrealloc(r->klog, (r->n_klog + 1) * sizeof(*r->klog));
	l = &r->klog[r->n_klog++];
	l->level = (int)level;
	l->facility = (int)facility;
	l->usec = db_column_int64(stmt, 3);
	snprintf(l->text, sizeof(l->text), "%s", text);
}

/* The results of one side or run, and the runs they are of. */
struct loaded {
	struct record_result *res;
	size_t n;
	const int64_t *runs;
	size_t n_runs;
};

/* The rows of SQL for each run of L, each to READ with its result. */
static int
load(struct db *db, const struct loaded *l, const char *sql,
     void (*read)(struct db_stmt *, struct record_result *))
{
	struct by_id *ix;
	struct db_stmt *stmt;
	int rc = DB_DONE;

	if (query_user_version(db) < SCHEMA_KERNEL_VERSION || l->n == 0)
		return 0;
	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	ix = index_of(l->res, l->n);
	for (size_t i = 0; i < l->n_runs && rc == DB_DONE; i++) {
		if (db_reset(stmt) < 0 ||
		    db_bind_int64(stmt, 1, l->runs[i]) < 0) {
			rc = DB_ERROR;
			break;
		}
		while ((rc = db_step(stmt)) == DB_ROW) {
			struct record_result *r = find(ix, l->n,
						       db_column_int64(stmt, 0));

			if (r != NULL)
				read(stmt, r);
		}
	}
	free(ix);
	return query_finish(db, stmt, rc);
}

/* The monitors of L's results, each name once. */
static int
load_monitors(struct db *db, const struct loaded *l)
{
	if (load(db, l, sql_monitors, read_monitor) < 0)
		return -1;
	/* Stored by another program, a name may come twice. */
	for (size_t i = 0; i < l->n; i++)
		l->res[i].n_monitors = monitor_unique(l->res[i].monitors,
						      l->res[i].n_monitors);
	return 0;
}

int
query_load_monitors(struct db *db, struct query_tag *t)
{
	int64_t *runs = xcalloc(t->n_runs + 1, sizeof(*runs));
	const struct loaded l = { t->results, t->n_results, runs, t->n_runs };
	int rc;

	for (size_t i = 0; i < t->n_runs; i++)
		runs[i] = t->runs[i].id;
	rc = load_monitors(db, &l);
	free(runs);
	return rc;
}

int
query_load_kernel(struct db *db, struct record_run *run, int monitors)
{
	const struct loaded l = { run->results, run->n_results, &run->id, 1 };

	if (load(db, &l, sql_klog, read_line) < 0)
		return -1;
	return monitors ? load_monitors(db, &l) : 0;
}
