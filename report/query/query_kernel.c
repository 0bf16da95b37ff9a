/*
 * What the kernel counted and logged while each loaded result ran
 * (schema 6): the changes of its monitors (result_monitor) and its log's
 * lines of level warning and above (kernel_log), one statement per run.
 * Files before version 6 have neither.  What a file holds is taken only
 * in the forms aimrun stores: a name no reading makes, a level out of
 * range, a value that is not an integer are skipped.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"
#include "query_int.h"
#include "xalloc.h"

static const char sql_monitors[] =
	"SELECT m.result_id, m.source, m.name, m.value"
	" FROM result_monitor AS m JOIN result AS r ON r.id = m.result_id"
	" WHERE r.run_id = ? ORDER BY m.result_id, m.source, m.name";

static const char sql_klog[] =
	"SELECT k.result_id, k.level, k.facility, k.usec, k.text"
	" FROM kernel_log AS k JOIN result AS r ON r.id = k.result_id"
	" WHERE r.run_id = ? ORDER BY k.result_id, k.seq";

/* The results of T by id, to find a row's. */
struct by_id {
	int64_t id;
	struct query_result *r;
};

static int
id_cmp(const void *a, const void *b)
{
	int64_t x = ((const struct by_id *)a)->id;
	int64_t y = ((const struct by_id *)b)->id;

	return (x > y) - (x < y);
}

static struct by_id *
index_of(struct query_tag *t)
{
	struct by_id *ix = xcalloc(t->n_results + 1, sizeof(*ix));

	for (size_t i = 0; i < t->n_results; i++)
		ix[i] = (struct by_id){ t->results[i].id, &t->results[i] };
	qsort(ix, t->n_results, sizeof(*ix), id_cmp);
	return ix;
}

static struct query_result *
find(const struct by_id *ix, size_t n, int64_t id)
{
	const struct by_id key = { id, NULL };
	const struct by_id *hit = bsearch(&key, ix, n, sizeof(*ix), id_cmp);

	return hit != NULL ? hit->r : NULL;
}

static void
read_monitor(struct db_stmt *stmt, struct query_result *r)
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
read_line(struct db_stmt *stmt, struct query_result *r)
{
	const char *text = db_column_text(stmt, 4);
	int64_t level = db_column_int64(stmt, 1);
	int64_t facility = db_column_int64(stmt, 2);
	struct klog_line *l;

	if (text == NULL || text[0] == '\0' || level < 0 || level > 7 ||
	    facility < 0 || facility > 1000 || r->n_klog >= KLOG_LINES_MAX)
		return;
	r->klog = xrealloc(r->klog, (r->n_klog + 1) * sizeof(*r->klog));
	l = &r->klog[r->n_klog++];
	l->level = (int)level;
	l->facility = (int)facility;
	l->usec = db_column_int64(stmt, 3);
	snprintf(l->text, sizeof(l->text), "%s", text);
}

/* The rows of SQL for each run of T, each to READ with its result. */
static int
load(struct db *db, struct query_tag *t, const char *sql,
     void (*read)(struct db_stmt *, struct query_result *))
{
	struct by_id *ix;
	struct db_stmt *stmt;
	int rc = DB_DONE;

	if (query_user_version(db) < 6 || t->n_results == 0)
		return 0;
	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	ix = index_of(t);
	for (size_t i = 0; i < t->n_runs && rc == DB_DONE; i++) {
		if (db_reset(stmt) < 0 ||
		    db_bind_int64(stmt, 1, t->runs[i].id) < 0) {
			rc = DB_ERROR;
			break;
		}
		while ((rc = db_step(stmt)) == DB_ROW) {
			struct query_result *r = find(ix, t->n_results,
						      db_column_int64(stmt, 0));

			if (r != NULL)
				read(stmt, r);
		}
	}
	free(ix);
	return query_finish(db, stmt, rc);
}

int
query_load_monitors(struct db *db, struct query_tag *t)
{
	if (load(db, t, sql_monitors, read_monitor) < 0)
		return -1;
	/* Stored by another program, a name may come twice. */
	for (size_t i = 0; i < t->n_results; i++)
		t->results[i].n_monitors =
			monitor_unique(t->results[i].monitors,
				       t->results[i].n_monitors);
	return 0;
}

int
query_load_klog(struct db *db, struct query_tag *t)
{
	return load(db, t, sql_klog, read_line);
}
