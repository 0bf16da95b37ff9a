/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The aimkit schema on a PostgreSQL server: the tables, columns, keys,
 * indexes and views of schema.c in PostgreSQL's DDL, in the schema
 * (namespace) first on the connection's search_path.  There is no
 * application_id or user_version there: the table aimkit_schema holds
 * the mark (SCHEMA_APPLICATION_ID) and the version in one row.
 * t/schema-pg-sync-t holds the two schemas to each other.
 */
#ifndef AIM_SCHEMA_PG_H
#define AIM_SCHEMA_PG_H

#include <stddef.h>

struct db;

/* The first version PostgreSQL has: its first step creates it whole. */
#define SCHEMA_PG_FIRST 5

/* The version this build creates, which is SQLite's (schema_version()). */
int schema_pg_version(void);

/*
 * What DB's current schema holds: *VERSION 0 when it holds nothing;
 * -1 with the reason in ERR for a foreign schema (other tables, another
 * mark) or a newer one, in the words schema.c uses for files.
 */
int schema_pg_inspect(struct db *db, int *version, char *err, size_t errlen);

/*
 * Create or bring forward DB's schema in one transaction under an
 * advisory lock, the version read again once it is held, so two
 * processes creating it at once create it once.  0, or -1 with ERR.
 */
int schema_pg_migrate(struct db *db, char *err, size_t errlen);

/*
 * The verdict of aimdb check and of every writer's open on DB's schema:
 * what schema_pg_inspect refuses, then every difference between what
 * DB holds (schema_pg_describe) and what SQLite's steps make at its
 * version (schema_describe_version), in schema_diff's words, one line
 * each to FN: "column result.extra: not part of the aimkit schema",
 * "trigger dbl on sample: not part of the aimkit schema", "index
 * run_tag: missing".  The number of differences, or -1 after telling
 * FN why.
 */
int schema_pg_verify(struct db *db, void (*fn)(const char *, void *),
		     void *arg);

struct schema_object;	/* schema.h */

/*
 * DB's current schema as schema_describe gives a file's, and besides
 * every trigger, rule, policy, row level security, function, operator,
 * constraint of another kind, unowned sequence or relation of another
 * kind in it, each an object of its own (schema_pg_desc.c); sorted by
 * key.  0, or -1 with the reason in db_errmsg.
 */
int schema_pg_describe(struct db *db, struct schema_object **out, size_t *n);

#endif
