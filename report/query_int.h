/*
 * Statement helpers shared by query.c and query_admin.c, so that errors are
 * reported the same way everywhere.  Private to the query module.
 */
#ifndef AIM_QUERY_INT_H
#define AIM_QUERY_INT_H

#include <sqlite3.h>

/* Prepare SQL on DB; -1 after reporting. */
int query_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **stmt);
/*
 * Finalize STMT; RC is the last step's result.  0 when it was SQLITE_DONE,
 * else -1 after reporting.
 */
int query_finish(sqlite3 *db, sqlite3_stmt *stmt, int rc);
/* Column I as a malloc'd string, or NULL. */
char *query_text(sqlite3_stmt *stmt, int i);
/* Column I is the text WORD. */
int query_column_is(sqlite3_stmt *stmt, int i, const char *word);

#endif
