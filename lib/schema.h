/*
 * What makes a file an aimkit database, and the schema with its forward
 * migrations.  Kept apart from store.c so that the one place that knows
 * the table layout is small enough to review whole when a step is added.
 */
#ifndef AIM_SCHEMA_H
#define AIM_SCHEMA_H

#include <stddef.h>

#include <sqlite3.h>

/* PRAGMA application_id of an aimkit database: "AIM9" in ASCII. */
#define SCHEMA_APPLICATION_ID 0x41494d39

/* Version this build creates: the number of migration steps. */
int schema_version(void);

/*
 * Run every statement of SCRIPT in turn, each prepared on its own, for
 * SQL without parameters (schema steps, pragmas, transaction control).
 * 0, or -1 with the reason in sqlite3_errmsg(DB).
 */
int schema_exec(sqlite3 *db, const char *script);

/*
 * SQLite's message for the last failure on DB, followed by the system's
 * when one caused it ("disk I/O error (File too large)"), in BUF.
 */
const char *schema_errmsg(sqlite3 *db, char *buf, size_t len);

/*
 * Open PATH for store_open().  Before anything is written the file must be
 * a regular file that parses as SQLite, belongs to aimkit (or is empty) and
 * is not newer than this build.  READONLY also requires the current
 * version.  Otherwise the file (and its parent directories) is created if
 * absent, set to WAL mode and migrated in one BEGIN IMMEDIATE transaction;
 * the version is read again inside it, so two processes opening a new file
 * at once apply each step once.  Both modes get a 10 s busy timeout and
 * foreign keys.  Returns the connection, or NULL with a one-line reason
 * in ERR.
 */
sqlite3 *schema_open(const char *path, int readonly, char *err, size_t errlen);

#endif
