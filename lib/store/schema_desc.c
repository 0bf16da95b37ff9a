// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The schema of an SQLite database described in words both engines can
 * give: tables and views, each column with its place, type class, NOT
 * NULL and whether it has a default, primary keys, unique constraints,
 * foreign keys and other indexes.  A server's schema is checked against
 * this description of the file this build would make (schema_pg_desc.c),
 * so the two schemas are held to each other by one set of words.
 */
#include "config.h"

#include "schema.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "xalloc.h"

#define FROM(join) " FROM sqlite_master AS m " join \
	" WHERE m.type IN ('table', 'view')" \
	" AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
#define COLS(fn, col, where) "(SELECT group_concat(" col ", ', ') FROM" \
	" (SELECT " col " FROM " fn " AS g " where "))"

/* Each query's rows are objects: a key and its definition. */
static const char *const queries[] = {
	"SELECT m.type || ' ' || m.name, ''" FROM(""),
	"SELECT 'column ' || m.name || '.' || p.name, p.cid ||"
	" CASE WHEN m.type = 'view' THEN '' ELSE ' ' || CASE"
	" WHEN upper(p.type) LIKE '%INT%' THEN 'integer'"
	" WHEN upper(p.type) LIKE '%CHAR%' OR upper(p.type) LIKE '%CLOB%'"
	" OR upper(p.type) LIKE '%TEXT%' THEN 'text'"
	" WHEN p.type = '' OR upper(p.type) LIKE '%BLOB%' THEN 'blob'"
	" WHEN upper(p.type) LIKE '%REAL%' OR upper(p.type) LIKE '%FLOA%'"
	" OR upper(p.type) LIKE '%DOUB%' THEN 'real' ELSE 'numeric' END ||"
	/* a key column is never NULL in PostgreSQL, nor SQLite's rowid */
	" CASE WHEN p.\"notnull\" OR p.pk > 0 THEN ' not null' ELSE '' END ||"
	" CASE WHEN p.dflt_value IS NOT NULL THEN ' default' ELSE '' END END"
	FROM("JOIN pragma_table_info(m.name) AS p"),
	"SELECT 'primary key of ' || m.name, '(' ||"
	COLS("pragma_table_info(m.name)", "name", "WHERE pk > 0 ORDER BY pk")
	" || ')'" FROM("") " AND m.type = 'table' AND EXISTS (SELECT 1"
	" FROM pragma_table_info(m.name) WHERE pk > 0)",
	"SELECT CASE WHEN il.origin = 'u' THEN 'unique of ' || m.name || ' ('"
	" || " COLS("pragma_index_info(il.name)", "name", "ORDER BY seqno")
	" || ')' ELSE 'index ' || il.name END, CASE WHEN il.origin = 'u'"
	" THEN '' ELSE 'on ' || m.name || ' (' ||"
	COLS("pragma_index_info(il.name)", "name", "ORDER BY seqno")
	" || ') unique=' || il.\"unique\" END"
	FROM("JOIN pragma_index_list(m.name) AS il")
	" AND il.origin IN ('u', 'c')",
	"SELECT 'foreign key of ' || m.name || ' (' ||"
	COLS("pragma_foreign_key_list(m.name)", "\"from\"",
	     "WHERE g.id = f.id ORDER BY g.seq")
	" || ')', 'references ' || f.\"table\" || ' (' ||"
	COLS("pragma_foreign_key_list(m.name)", "\"to\"",
	     "WHERE g.id = f.id ORDER BY g.seq")
	" || ') on delete ' || lower(f.on_delete)"
	FROM("JOIN pragma_foreign_key_list(m.name) AS f") " AND f.seq = 0",
};

static int
by_key(const void *a, const void *b)
{
	return strcmp(((const struct schema_object *)a)->key,
		      ((const struct schema_object *)b)->key);
}

void
schema_objects_add(struct schema_object **o, size_t *n, const char *key,
		   const char *sql)
{
	*o = xrealloc(*o, (*n + 1) * sizeof(**o));
	(*o)[*n].key = xstrdup(key != NULL ? key : "");
	(*o)[*n].sql = xstrdup(sql != NULL ? sql : "");
	(*n)++;
}

void
schema_objects_sort(struct schema_object *o, size_t n)
{
	if (n > 0)
		qsort(o, n, sizeof(*o), by_key);
}

int
schema_describe(sqlite3 *db, struct schema_object **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	for (size_t q = 0; q < sizeof(queries) / sizeof(queries[0]); q++) {
		sqlite3_stmt *st = NULL;
		int rc = sqlite3_prepare_v2(db, queries[q], -1, &st, NULL);

		while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
			schema_objects_add(out, n,
				(const char *)sqlite3_column_text(st, 0),
				(const char *)sqlite3_column_text(st, 1));
			rc = SQLITE_OK;
		}
		if (sqlite3_finalize(st) != SQLITE_OK || rc != SQLITE_DONE) {
			schema_objects_free(*out, *n);
			*out = NULL;
			*n = 0;
			return -1;
		}
	}
	schema_objects_sort(*out, *n);
	return 0;
}

int
schema_describe_version(int version, struct schema_object **out, size_t *n)
{
	sqlite3 *ref = schema_reference(version);
	int rc = ref != NULL ? schema_describe(ref, out, n) : -1;

	(void)sqlite3_close(ref);	/* NULL-safe; every statement is finalized */
	return rc;
}
