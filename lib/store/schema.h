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
#include "store.h"

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

/*
 * The SQL of migration step I (0 makes version 1), or NULL past
 * schema_version() (schema_steps.c).
 */
const char *schema_step(int i);

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

/*
 * The comparison behind schema_verify and schema_pg_verify, free of SQL:
 * HAVE and WANT sorted by key with strcmp; FN told each object only one
 * side has ("not part of the aimkit schema", "missing") and each whose
 * SQL differs ("definition differs").  The number of differences.
 */
int schema_diff(const struct schema_object *have, size_t n_have,
		const struct schema_object *want, size_t n_want,
		schema_problem_fn fn, void *arg);
void schema_objects_free(struct schema_object *o, size_t n);

/* Append KEY and SQL (copied; NULL as "") to *O of *N; sort by key. */
void schema_objects_add(struct schema_object **o, size_t *n, const char *key,
			const char *sql);
void schema_objects_sort(struct schema_object *o, size_t n);

/* A private memory database holding the schema of VERSION, or NULL. */
sqlite3 *schema_reference(int version);

/*
 * DB's schema in words a server's can be given in too (schema_desc.c),
 * sorted by key: "table run", "view sample_rate"; "column result.rep"
 * defined "3 integer not null" (place, type class, NOT NULL, " default"
 * when it has one); "primary key of run_env" "(run_id, key)"; "unique
 * of result (run_id, test, rep)"; "foreign key of result (run_id)"
 * "references run (id) on delete cascade"; "index run_tag" "on run
 * (tag) unique=0".  schema_describe_version describes the schema of
 * VERSION that this build creates.  0, or -1 (out of memory, a failed
 * read).
 */
int schema_describe(sqlite3 *db, struct schema_object **out, size_t *n);
int schema_describe_version(int version, struct schema_object **out,
			    size_t *n);

/*
 * Open PATH for store_open() (schema_open.c), MODE saying whether it
 * is read, edited or may be created (dbfile_open_flags).  Before anything
 * is written the file must be a regular file that parses as SQLite,
 * belongs to aimkit (or is empty) and is not newer than this build; a
 * writer also needs the schema of its version exactly (schema_verify)
 * and, below 16 MiB, a clean PRAGMA quick_check, both skipped when SEEN
 * (may be NULL) names the same file at the same version.  A reader
 * takes any version from SCHEMA_READ_MIN up and never migrates; it too
 * needs the schema of that version exactly, except STORE_CHECK.
 * Otherwise the file (and its parent directories) is created if absent
 * and allowed, set to WAL mode and migrated (schema_migrate).  Both
 * kinds get a 10 s busy timeout and foreign keys.  Returns the
 * connection, or NULL with a one-line reason in ERR.
 */
sqlite3 *schema_open(const char *path, enum store_mode mode,
		     struct store_checked *seen, char *err, size_t errlen);

/*
 * Why a writer reopening the file SEEN names (store_reopen) stops: the
 * name no longer names it.  Its runs are in the file it began with, so
 * none is made at the name, and none found there is written to.
 */
#define SCHEMA_GONE "no longer there: moved or removed during the run " \
	"(no new database is made in its place)"
#define SCHEMA_REPLACED "replaced by another file during the run (the " \
	"run is in the file that was there)"

/* A new database in memory, at the current version, for tests. */
sqlite3 *schema_open_memory(char *err, size_t errlen);

#endif
