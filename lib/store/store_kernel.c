// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rows of what the kernel counted and logged while a result ran
 * (SCHEMA_KERNEL_VERSION): each change of its monitors as result_monitor
 * (the source and the name apart: "vmstat" and "pgfault"), and each line
 * of its log as kernel_log, numbered from 1.  Their forms are record_check()'s to
 * hold to (lib/core/record_check.c), as every column's.
 */
#include "config.h"

#include <string.h>

#include "store_int.h"

/* The monitors of RES, result ID, as rows of STMT: 0 or -1. */
static int
monitor_rows(struct db_stmt *stmt, int64_t id, const struct record_result *res)
{
	for (size_t i = 0; i < res->n_monitors; i++) {
		const struct monitor_val *v = &res->monitors[i];
		/* The source, the name apart: "vmstat" and "pgfault". */
		const char *dot = strchr(v->name, '.');

		if (db_bind_int64(stmt, 1, id) < 0 ||
		    db_bind_text(stmt, 2, monitor_source_of(v->name)->name) < 0 ||
		    db_bind_text(stmt, 3, dot + 1) < 0 ||
		    db_bind_int64(stmt, 4, v->value) < 0 ||
		    db_bulk_row(stmt) < 0)
			return -1;
	}
	return 0;
}

/* The log lines of RES, result ID, as rows of STMT: 0 or -1. */
static int
log_rows(struct db_stmt *stmt, int64_t id, const struct record_result *res)
{
	for (size_t i = 0; i < res->n_klog; i++) {
		const struct klog_line *l = &res->klog[i];

		if (db_bind_int64(stmt, 1, id) < 0 ||
		    db_bind_int64(stmt, 2, (int64_t)i + 1) < 0 ||
		    db_bind_int64(stmt, 3, l->level) < 0 ||
		    db_bind_int64(stmt, 4, l->facility) < 0 ||
		    db_bind_int64(stmt, 5, l->usec) < 0 ||
		    db_bind_text(stmt, 6, l->text) < 0 ||
		    db_bulk_row(stmt) < 0)
			return -1;
	}
	return 0;
}

/* A table of a result's kernel rows, written in bulk. */
struct kernel_table {
	enum store_stmt slot;
	const char *table, *what;
	const char *const *cols;
	int ncols;
	int (*rows)(struct db_stmt *stmt, int64_t id,
		    const struct record_result *res);
};

static const char *const monitor_cols[] = {
	"result_id", "source", "name", "value",
};

static const char *const log_cols[] = {
	"result_id", "seq", "level", "facility", "usec", "text",
};

static const struct kernel_table tables[] = {
	{ STORE_STMT_MONITOR, "result_monitor", "monitors", monitor_cols, 4,
	  monitor_rows },
	{ STORE_STMT_KLOG, "kernel_log", "kernel log", log_cols, 6, log_rows },
};

/* T's rows of the N results RES, result i stored as row IDS[i]. */
static int
insert(struct store *st, const struct kernel_table *t,
       const struct record_result *res, const int64_t *ids, size_t n)
{
	struct db_stmt *stmt = store_cached_bulk(st, t->slot, t->table,
						 t->cols, t->ncols);
	int rc = stmt != NULL ? 0 : -1;
	size_t i;

	for (i = 0; i < n && rc == 0; i++)
		rc = t->rows(stmt, ids[i], &res[i]);
	if (rc == 0 && db_bulk_flush(stmt) < 0)
		rc = -1;
	if (rc < 0)
		store_fail_sql(st, "cannot store the %s of %s", t->what,
			       res[i > 0 ? i - 1 : 0].test);
	store_release(st, t->slot);
	return rc;
}

int
store_insert_kernel(struct store *st, const struct record_result *res,
		    const int64_t *ids, size_t n)
{
	size_t monitors = 0, lines = 0;

	for (size_t i = 0; i < n; i++) {
		monitors += res[i].n_monitors;
		lines += res[i].n_klog;
	}
	if (monitors > 0 && insert(st, &tables[0], res, ids, n) != 0)
		return -1;
	if (lines > 0 && insert(st, &tables[1], res, ids, n) != 0)
		return -1;
	return 0;
}
