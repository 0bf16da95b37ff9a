/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What makes a file an aimkit database, and the schema with its forward
 * migrations (schema.c); opening a file in the order of its checks
 * (schema_open.c); SQLite's failures in a user's words (schema_err.c).
 * Kept apart from the store's writer so that the one place that knows
 * the table layout is small enough to review whole when a step is added.
 */
#ifndef AIM_SCHEMA_H
#define AIM_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "dbfile.h"
#include "schema_ver.h"

/*
 * A new random (version 4) UUID as an SQLite expression, in lower case,
 * for the migration that gives the runs already stored their identity;
 * the store makes a new run's in C (store_new_uuid).
 */
#define SCHEMA_NEW_UUID \
	"(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2)))" \
	" || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'" \
	" || substr('89ab', 1 + (abs(random()) % 4), 1)" \
	" || substr(lower(hex(randomblob(2))), 2) || '-'" \
	" || lower(hex(randomblob(6))))"

/*
 * Run every statement of SCRIPT in turn, each prepared on its own, for
 * SQL without parameters (schema steps, pragmas, transaction control).
 * 0, or -1 with the reason in sqlite3_errmsg(DB).
 */
int schema_exec(sqlite3 *db, const char *script);

/* One integer from a query with a one-row, one-column answer: 0 or -1. */
int schema_query_int(sqlite3 *db, const char *sql, int64_t *out);

/*
 * Apply the migrations DB lacks in one BEGIN IMMEDIATE transaction, the
 * version read again inside it, so two processes opening a new file at
 * once apply each step once.  0, or -1 with ERR.
 */
int schema_migrate(sqlite3 *db, char *err, size_t errlen);

/*
 * SQLite's message for the last failure on DB, followed by the system's
 * when one caused it ("disk I/O error (File too large)"), in BUF
 * (schema_err.c).  schema_set_err writes "WHAT: <that>" into ERR;
 * schema_set_read_err what a failed first read of a file means.
 */
const char *schema_errmsg(sqlite3 *db, char *buf, size_t len);
void schema_set_err(char *err, size_t errlen, sqlite3 *db, const char *what);
void schema_set_read_err(char *err, size_t errlen, sqlite3 *db);

/*
 * Read what makes DB an aimkit file (the header, application_id, version)
 * into *VERSION; -1 with ERR for a foreign, damaged or newer file (the
 * reasons of schema_ver.h).
 */
int schema_inspect(sqlite3 *db, int *version, char *err, size_t errlen);

/* One object of a schema: "type name" (as "table sample") and its SQL. */
struct schema_object {
	char *key;
	char *sql;
};

typedef void (*schema_problem_fn)(const char *problem, void *arg);

/*
 * Compare DB's objects with those the migrations up to VERSION create:
 * every table, column, index, view and trigger, by its stored CREATE
 * text.  Calls FN once per difference with one printable line ("table
 * sample: missing", "trigger x: not part of the aimkit schema", "view
 * sample_rate: definition differs"); SQLite's statistics tables are
 * allowed.  Returns the number of differences, or -1 after telling FN why
 * the comparison could not be made.
 */
int schema_verify(sqlite3 *db, int version, schema_problem_fn fn, void *arg);

struct store_checked;	/* store.h */

/*
 * Open PATH for store_open() (schema_open.c), USE saying whether it
 * is read, edited or may be created (dbfile_open_flags).  Before anything
 * is written the file must be a regular file that parses as SQLite,
 * belongs to aimkit (or is empty) and is not newer than this build; a
 * writer also needs the schema of its version exactly (schema_verify)
 * and, below 16 MiB, a clean PRAGMA quick_check, both skipped when SEEN
 * (may be NULL) names the same file at the same version.  DBFILE_READ
 * takes any version from SCHEMA_READ_MIN up and never migrates.
 * Otherwise the file (and its parent directories) is created if absent
 * and allowed, set to WAL mode and migrated (schema_migrate).  Both
 * modes get a 10 s busy timeout and foreign keys.  Returns the
 * connection, or NULL with a one-line reason in ERR.
 */
sqlite3 *schema_open(const char *path, enum dbfile_use use,
		     struct store_checked *seen, char *err, size_t errlen);

/* A new database in memory, at the current version, for tests. */
sqlite3 *schema_open_memory(char *err, size_t errlen);

#endif
