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
 * aimdb check's schema verdict on DB: what schema_pg_inspect refuses,
 * then each table, view and index of this version that is missing,
 * one line each to FN.  The number missing, or -1 after telling FN why.
 */
int schema_pg_verify(struct db *db, void (*fn)(const char *, void *),
		     void *arg);

#endif
