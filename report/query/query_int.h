/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statement helpers shared by query.c and query_admin.c, so that errors are
 * reported the same way everywhere.  Private to the query module.
 */
#ifndef AIM_QUERY_INT_H
#define AIM_QUERY_INT_H

#include "db.h"
#include "record.h"

/* Prepare SQL on DB; -1 after reporting. */
int query_prepare(struct db *db, const char *sql, struct db_stmt **stmt);
/*
 * Finalize STMT; RC is the last step's result.  0 when it was DB_DONE,
 * else -1 after reporting.
 */
int query_finish(struct db *db, struct db_stmt *stmt, int rc);
/* Column I as a malloc'd string, or NULL. */
char *query_text(struct db_stmt *stmt, int i);
/* Column I is the text WORD. */
int query_column_is(struct db_stmt *stmt, int i, const char *word);

/*
 * The kernel log lines of RUN's results, and with MONITORS their monitors
 * (query_kernel.c), from files that hold them.  0, or -1 after reporting.
 */
int query_load_kernel(struct db *db, struct record_run *run, int monitors);

#endif
