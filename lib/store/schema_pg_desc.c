// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A server's schema in the words of schema_desc.c (tables, views,
 * columns, keys, indexes), plus everything aimkit never makes there,
 * each its own object so that the comparison names it: a trigger, a
 * rule, a policy or row level security on any relation of the schema,
 * a function or operator in it, a constraint of another kind, a
 * sequence no identity column owns, a relation of another kind.  One
 * statement, so one round trip on every writer's open.
 */
#include "config.h"

#include "schema_pg.h"

#include "db.h"
#include "schema.h"

/* The names of the attributes numbered in KEYS of relation REL, in order. */
#define COLS(keys, rel) "array_to_string(ARRAY(SELECT a.attname FROM" \
	" unnest(" keys ") WITH ORDINALITY AS k(num, ord) JOIN" \
	" pg_catalog.pg_attribute AS a ON a.attrelid = " rel \
	" AND a.attnum = k.num ORDER BY k.ord), ', ')"
#define TYPE(name) "CAST('pg_catalog." name "' AS pg_catalog.regtype)"

static const char describe_sql[] =
	"WITH r AS (SELECT c.oid, c.relname, c.relkind,"
	" c.relrowsecurity OR c.relforcerowsecurity AS rls"
	" FROM pg_catalog.pg_class AS c JOIN pg_catalog.pg_namespace AS n"
	" ON n.oid = c.relnamespace WHERE n.nspname = current_schema()),"
	" t AS (SELECT * FROM r WHERE relkind IN ('r', 'v')"
	" AND relname <> 'aimkit_schema')"
	" SELECT CASE relkind WHEN 'v' THEN 'view ' ELSE 'table ' END"
	" || relname, '' FROM t"
	" UNION ALL SELECT 'column ' || t.relname || '.' || a.attname,"
	" (row_number() OVER (PARTITION BY t.oid ORDER BY a.attnum) - 1) ||"
	" CASE WHEN t.relkind = 'v' THEN '' ELSE ' ' || CASE"
	" WHEN a.atttypid IN (" TYPE("int2") ", " TYPE("int4") ", "
	TYPE("int8") ") THEN 'integer'"
	" WHEN a.atttypid IN (" TYPE("text") ", " TYPE("varchar") ", "
	TYPE("bpchar") ") THEN 'text'"
	" WHEN a.atttypid = " TYPE("bytea") " THEN 'blob'"
	" WHEN a.atttypid IN (" TYPE("float4") ", " TYPE("float8") ")"
	" THEN 'real' ELSE 'numeric' END ||"
	" CASE WHEN a.attnotnull THEN ' not null' ELSE '' END ||"
	" CASE WHEN a.atthasdef THEN ' default' ELSE '' END END"
	" FROM t JOIN pg_catalog.pg_attribute AS a ON a.attrelid = t.oid"
	" WHERE a.attnum > 0 AND NOT a.attisdropped"
	" UNION ALL SELECT CASE con.contype"
	" WHEN 'p' THEN 'primary key of ' || t.relname"
	" WHEN 'u' THEN 'unique of ' || t.relname || ' (' ||"
	COLS("con.conkey", "con.conrelid") " || ')'"
	" WHEN 'f' THEN 'foreign key of ' || t.relname || ' (' ||"
	COLS("con.conkey", "con.conrelid") " || ')'"
	" ELSE 'constraint ' || con.conname || ' of ' || t.relname END,"
	" CASE con.contype WHEN 'p' THEN '(' ||"
	COLS("con.conkey", "con.conrelid") " || ')'"
	" WHEN 'f' THEN 'references ' || f.relname || ' (' ||"
	COLS("con.confkey", "con.confrelid") " || ') on delete ' ||"
	" CASE con.confdeltype WHEN 'c' THEN 'cascade' WHEN 'r' THEN"
	" 'restrict' WHEN 'n' THEN 'set null' WHEN 'd' THEN 'set default'"
	" ELSE 'no action' END ELSE '' END"
	" FROM pg_catalog.pg_constraint AS con JOIN t ON t.oid = con.conrelid"
	" LEFT JOIN pg_catalog.pg_class AS f ON f.oid = con.confrelid"
	/* CHECK constraints: held by what created them (doc/fleet.md) */
	" WHERE con.contype <> 'c'"
	" UNION ALL SELECT 'index ' || i.relname, 'on ' || r.relname || ' (' ||"
	COLS("CAST(ix.indkey AS pg_catalog.int2[])", "ix.indrelid")
	" || ') unique=' || CASE WHEN ix.indisunique THEN 1 ELSE 0 END ||"
	" CASE WHEN ix.indpred IS NULL AND ix.indexprs IS NULL THEN ''"
	" ELSE ' with expressions' END"
	" FROM pg_catalog.pg_index AS ix"
	" JOIN pg_catalog.pg_class AS i ON i.oid = ix.indexrelid"
	" JOIN r ON r.oid = ix.indrelid WHERE NOT EXISTS (SELECT 1"
	" FROM pg_catalog.pg_constraint AS c WHERE c.conindid = ix.indexrelid"
	" AND c.conrelid = ix.indrelid)"
	" UNION ALL SELECT 'trigger ' || g.tgname || ' on ' || r.relname, ''"
	" FROM pg_catalog.pg_trigger AS g JOIN r ON r.oid = g.tgrelid"
	" WHERE NOT g.tgisinternal"
	" UNION ALL SELECT 'rule ' || w.rulename || ' on ' || r.relname, ''"
	" FROM pg_catalog.pg_rewrite AS w JOIN r ON r.oid = w.ev_class"
	" WHERE NOT (r.relkind = 'v' AND w.rulename = '_RETURN')"
	" UNION ALL SELECT 'policy ' || p.polname || ' on ' || r.relname, ''"
	" FROM pg_catalog.pg_policy AS p JOIN r ON r.oid = p.polrelid"
	" UNION ALL SELECT 'row level security on ' || relname, '' FROM r"
	" WHERE rls"
	" UNION ALL SELECT 'relation ' || relname, 'of kind ' ||"
	" CAST(relkind AS TEXT) FROM r WHERE relkind NOT IN ('r', 'v', 'i')"
	" AND NOT (relkind = 'S' AND EXISTS (SELECT 1 FROM pg_catalog.pg_depend"
	" AS d WHERE d.classid = CAST('pg_catalog.pg_class' AS"
	" pg_catalog.regclass) AND d.objid = r.oid AND d.deptype = 'i'))"
	" UNION ALL SELECT 'function ' || p.proname || '(' ||"
	" pg_catalog.pg_get_function_identity_arguments(p.oid) || ')', ''"
	" FROM pg_catalog.pg_proc AS p JOIN pg_catalog.pg_namespace AS n"
	" ON n.oid = p.pronamespace WHERE n.nspname = current_schema()"
	" UNION ALL SELECT 'operator ' || o.oprname, ''"
	" FROM pg_catalog.pg_operator AS o JOIN pg_catalog.pg_namespace AS n"
	" ON n.oid = o.oprnamespace WHERE n.nspname = current_schema()";

int
schema_pg_describe(struct db *db, struct schema_object **out, size_t *n)
{
	struct db_stmt *st = db_prepare(db, describe_sql);
	int rc = DB_ERROR;

	*out = NULL;
	*n = 0;
	while (st != NULL && (rc = db_step(st)) == DB_ROW)
		schema_objects_add(out, n, db_column_text(st, 0),
				   db_column_text(st, 1));
	db_finalize(st);
	if (rc != DB_DONE) {
		schema_objects_free(*out, *n);
		*out = NULL;
		*n = 0;
		return -1;
	}
	schema_objects_sort(*out, *n);
	return 0;
}
