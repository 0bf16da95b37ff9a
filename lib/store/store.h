/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The results database: open with pragmas and migrations, write a run's
 * record (lib/core/record.h): its row, environment, results, samples and
 * their metrics.  The only writer of SQL for aimrun and aimdb; report/
 * reads through its own query module.
 *
 * Schema (doc/schema.md is the reference for users of the sqlite3 shell):
 *   run(id, tag, suite, options, started_utc, ended_utc, status, source,
 *       source_file, aim_version, host, uuid)
 *   run_env(run_id, key, value)
 *   result(id, run_id, number, test, rep, status, reason, factor, units,
 *          finished_utc, warmup_calls, warmup_ns, source_line, judged,
 *          better, copies)
 *   sample(result_id, seq, calls, elapsed_ns, printed_ops)
 *   sample_metric(result_id, seq, metric, bound, value)
 *   run_import(run_id, sha256)
 *   run_summary(run_id, n_tests, n_ok, n_samples): kept by store_add_result
 *     and store_put_run in the transaction of their rows
 *   result_monitor(result_id, source, name, value)
 *   kernel_log(result_id, seq, level, facility, usec, text)
 *
 * No handle may be open across fork(): open, write and close between
 * children.
 */
#ifndef AIM_STORE_H
#define AIM_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "measure.h"
#include "record.h"

struct store;	/* opaque: one connection of db.h */
struct db;

enum store_mode {
	STORE_RO,	/* must exist; any version readers know, never migrated */
	STORE_RW,	/* created (with parent directory) and migrated if needed */
	STORE_EDIT,	/* as STORE_RW, but must exist and not be empty */
	STORE_CHECK,	/* as STORE_RO, whatever the schema holds (aimdb check) */
};

/* Schema version this build writes (SQLite: PRAGMA user_version). */
int store_schema_version(void);

/*
 * Open PATH.  On failure returns NULL and writes a one-line reason (no
 * program name, no newline) into ERR.  PATH must be a plain file name
 * (dbpath_check: never "", ":memory:" or an SQLite URI).  A file that is
 * not an SQLite database, has a newer user_version than this build knows,
 * a schema that differs from its version's (every mode but STORE_CHECK:
 * a reader too, before it reads anything through a view or table a
 * hostile file may have replaced) or, for writing, damaged pages, is
 * refused without being modified.  RW and EDIT set WAL, a busy timeout
 * and foreign keys.  A server's schema is held to the same by writers
 * (store_pg.h).
 */
struct store *store_open(const char *path, enum store_mode mode,
			 char *err, size_t errlen);
void store_close(struct store *st);

/*
 * For a writer that opens one file again and again (aimrun, once per
 * result): the file it last found sound.  Zero it before the first open.
 */
struct store_checked {
	dev_t dev;
	ino_t ino;
	int version;	/* 0: none yet */
};

/*
 * store_open(PATH, STORE_RW, ...) that makes the costly checks (the
 * schema, quick_check) only when SEEN, by device and inode, names the
 * file at PATH at the version SEEN names: a file migrated by another
 * process is checked again.  Once SEEN names a file, PATH must still
 * name it: a file moved or removed since is not made again ("no longer
 * there: ..."), and another file at its name is refused ("replaced by
 * another file during the run ..."), since the writer's run is in the
 * first.  The header and version are checked on every open.  Updates
 * SEEN after a successful open.
 */
struct store *store_reopen(const char *path, struct store_checked *seen,
			   char *err, size_t errlen);

/*
 * Whether PATH is a symbolic link, which store_open refuses to write
 * through: a name the user gave, so a command may exit 1 on it, not 2.
 */
int store_name_is_link(const char *path);

/* A new, empty database in memory (for tests and fuzzing), or NULL. */
struct store *store_open_memory(char *err, size_t errlen);

/*
 * Compare the schema of ST with what this build expects, calling FN with
 * one printable line per difference (schema_verify in schema.h).
 * The number of differences, or -1 after telling FN why it could not.
 */
int store_verify_schema(struct store *st, void (*fn)(const char *, void *),
			void *arg);

/* Whether a transaction (store_begin) is open on ST. */
int store_in_transaction(const struct store *st);

/* Reason for the last failure on ST (valid until the next call). */
const char *store_errmsg(const struct store *st);

/*
 * Whether the last failure on ST was its server's connection ending
 * (db_lost), not a refusal: what it was writing is rolled back whole.
 */
int store_lost(const struct store *st);

/*
 * The connection under ST for the readers of report/query*.c and
 * store_read.c, whichever engine holds it; NULL-safe.
 */
struct db *store_db(struct store *st);

/*
 * Insert RUN's row (status 'incomplete', started now, in UTC, and a new
 * uuid, unless the record gives them) and its environment, in one
 * transaction; its results are not looked at.  The run must pass
 * record_check_run (lib/core/record.h), whose line ST's error then is.
 * It holds the identity lock (store_lock_identity) from then on, so a new
 * run under a tag cannot pass a rename checking that the tag is free.
 * Returns the run id, or -1.
 */
int64_t store_begin_run(struct store *st, const struct record_run *run);

/*
 * Add N_ENV facts to run RUN_ID, whose keys it does not hold yet (facts
 * learnt during a run: the canary of each round).  0 or -1.
 */
int store_add_env(struct store *st, int64_t run_id,
		  const struct record_kv *env, size_t n_env);

/*
 * One result (record_check_result) and all its samples with their
 * metrics and histograms, its monitors and kernel log lines, in one
 * transaction; the samples are numbered from 1 in order, whatever their
 * seq, the log lines too.  0 or -1.
 */
int store_add_result(struct store *st, int64_t run_id,
		     const struct record_result *res);

/*
 * A whole run (record_check) in one transaction: its row, environment,
 * results, samples, metrics, histograms, monitors and kernel log lines,
 * and its content hash
 * (run_import) when it has one, the rows of each table sent together.
 * Not ended unless the record says so.  The new run's id, or -1.
 */
int64_t store_put_run(struct store *st, const struct record_run *run);

/*
 * The time now in UTC as the store writes times, "YYYY-MM-DDTHH:MM:SSZ"
 * (21 bytes with the NUL): what an import that ends its runs as it
 * stores them gives as their end.  0, or -1 with ERR.
 */
int store_now_utc(char *buf, size_t len, char *err, size_t errlen);

/* Mark the run 'complete' or 'incomplete' and set ended_utc.  0 or -1. */
int store_end_run(struct store *st, int64_t run_id, const char *status);

/* Which runs store_remove_runs removes: a tag's, or the one of a uuid. */
enum store_runs_by {
	STORE_RUNS_BY_TAG,
	STORE_RUNS_BY_UUID,
};

/*
 * Remove the runs whose tag (or uuid) is VALUE with every row they own,
 * children first, so whether or not the engine's keys cascade: among
 * them the samples and metrics, which no key cascades to since version
 * 9 (SCHEMA_HELD_VERSION in schema_ver.h).  In the caller's transaction
 * when it holds one.  0, or -1 with db_errmsg(DB).
 */
int store_remove_runs(struct db *db, enum store_runs_by by, const char *value);

/*
 * For readers: every read from now until store_close sees the database
 * as it is now, whatever other processes commit meanwhile, so a report
 * made of many queries is one consistent picture.  0 or -1.
 */
int store_snapshot(struct store *st);

/* Begin/commit/rollback for callers that group many writes (imports). */
int store_begin(struct store *st);

/*
 * Inside store_begin's transaction: wait while another writer holds the
 * lock of the runs' identities (which content, uuids and tags the store
 * holds), then hold it until the commit or rollback.  Taken before
 * asking whether a run or tag is there, so two writers can never both
 * find it absent and both store it (db_lock).  0, or -1 with the reason.
 */
int store_lock_identity(struct store *st);
int store_commit(struct store *st);
void store_rollback(struct store *st);

/*
 * Notes on the calls above.  ERR of store_open never names PATH: print
 * it as "<program>: PATH: ERR".  Reasons include "is a directory", "not a
 * plain file path", "no such database", "empty file, not a database",
 * "cannot write: Read-only file system", "damaged database: ...", "not an
 * SQLite database", "corrupt or truncated database: ...", "not an aimkit
 * database (...)", "database schema version N is newer than this aimkit
 * (M)" and, for STORE_RO, "no results in this database".
 * store_begin_run, store_add_result, store_put_run and store_end_run
 * each commit on their own, or, between store_begin and store_commit,
 * become savepoints of that transaction: a failed call then undoes only
 * itself, and
 * store_rollback undoes everything since store_begin.  A failed
 * store_commit has rolled back.  SQLite may itself abandon the outer
 * transaction after a full disk or I/O error; store_commit then fails.
 * store_open, store_reopen, store_open_memory and store_verify_schema
 * are the SQLite engine's (schema_open.c); the rest speaks only
 * db.h.
 */

#endif
