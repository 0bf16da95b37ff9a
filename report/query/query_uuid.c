// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every run of a database by its identity, for aimdb diff: its row and
 * its uuid (none before schema 4: report/export_uuid.c derives it).
 */
#include "config.h"

#include "query.h"

#include <stdlib.h>
#include <string.h>

#include "query_int.h"
#include "xalloc.h"

int
query_run_keys(struct db *db, struct query_run_key **keys, size_t *n)
{
	struct db_stmt *stmt;
	int rc;

	*keys = NULL;
	*n = 0;
	if (query_prepare(db, query_user_version(db) >= 4 ?
			  "SELECT id, uuid FROM run" :
			  "SELECT id, NULL FROM run", &stmt) < 0)
		return -1;
	while ((rc = db_step(stmt)) == DB_ROW) {
		*keys = record_grow(*keys, *n, sizeof(**keys));
		(*keys)[*n].id = db_column_int64(stmt, 0);
		(*keys)[(*n)++].uuid = query_text(stmt, 1);
	}
	rc = query_finish(db, stmt, rc);
	if (rc < 0) {
		query_run_keys_free(*keys, *n);
		*keys = NULL;
		*n = 0;
	}
	return rc;
}

void
query_run_keys_free(struct query_run_key *keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(keys[i].uuid);
	free(keys);
}
