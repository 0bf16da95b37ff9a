/*
 * The results database: open with pragmas and migrations, write a run, its
 * environment, its results and their samples.  The only writer of SQL for
 * aimrun and aimdb import; report/ reads through its own query module.
 *
 * Schema (doc/schema.md is the reference for users of the sqlite3 shell):
 *   run(id, tag, suite, options, started_utc, ended_utc, status, source,
 *       source_file, aim_version, host, uuid)
 *   run_env(run_id, key, value)
 *   result(id, run_id, number, test, rep, status, reason, factor, units,
 *          finished_utc, warmup_calls, warmup_ns, source_line, judged,
 *          better)
 *   sample(result_id, seq, calls, elapsed_ns, printed_ops)
 *   sample_metric(result_id, seq, metric, bound, value)
 *   run_import(run_id, sha256)
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

#include "klog.h"
#include "measure.h"
#include "monitor.h"

struct store;	/* opaque: one connection of db.h */
struct db;

enum store_mode {
	STORE_RO,	/* must exist; any version readers know, never migrated */
	STORE_RW,	/* created (with parent directory) and migrated if needed */
	STORE_EDIT,	/* as STORE_RW, but must exist and not be empty */
};

/* Schema version this build writes (SQLite: PRAGMA user_version). */
int store_schema_version(void);

/*
 * Open PATH.  On failure returns NULL and writes a one-line reason (no
 * program name, no newline) into ERR.  PATH must be a plain file name
 * (dbpath_check: never "", ":memory:" or an SQLite URI).  A file that is
 * not an SQLite database, has a newer user_version than this build knows,
 * or, for writing, a schema that differs from its version's or damaged
 * pages, is refused without being modified.  RW and EDIT set WAL, a busy
 * timeout and foreign keys.
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
 * schema, quick_check) only when PATH is not the file SEEN names, by
 * device and inode, at the version SEEN names: a file replaced since, or
 * migrated by another process, is checked again.  The header and version
 * are checked on every open.  Updates SEEN after a successful open.
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

struct store_kv {
	const char *key;
	const char *value;
};

struct store_run {
	const char *tag;
	const char *suite;	/* suite name or file */
	const char *options;	/* "duration_s=2 runs=3 filesize_k=5120 ..." */
	const char *source;	/* "aimrun", "import-console", ... */
	const char *source_file;/* import file name, else NULL */
	const char *aim_version;
	const char *host;
	const char *uuid;	/* the run's identity when copied; NULL: new */
	/* A copy's own times and status; NULL: now, not ended, incomplete. */
	const char *started_utc;
	const char *ended_utc;
	const char *status;
};

/*
 * Insert the run row (status 'incomplete', started now, in UTC, unless
 * the copy gives them) and its environment, in one transaction.  A given
 * uuid, time or status must be valid (store_uuid_valid, store_utc_valid,
 * 'incomplete' or 'complete', a complete run having ended).  Returns the
 * run id, or -1.
 */
int64_t store_begin_run(struct store *st, const struct store_run *run,
			const struct store_kv *env, size_t n_env);

/*
 * Add N_ENV facts to run RUN_ID, whose keys it does not hold yet (facts
 * learnt during a run: the canary of each round).  0 or -1.
 */
int store_add_env(struct store *st, int64_t run_id,
		  const struct store_kv *env, size_t n_env);

struct store_result {
	int number;		/* classic number */
	const char *test;
	int rep;		/* repetition 1..N: one process each */
	const char *status;	/* ok skip fail timeout crash */
	const char *reason;	/* NULL when ok */
	unsigned long factor;	/* operations per call */
	const char *units;
	int64_t warmup_calls;
	int64_t warmup_ns;
	int source_line;	/* import line, 0 for measured */
	enum measure_judged judged;	/* the rate comparisons judge */
	enum measure_better better;	/* times: lower; rates: higher */
	int copies;		/* run at once (aimrun --copies); 0 means 1 */
	const char *finished_utc;	/* a copy's; NULL: now */
	/* The changes of the kernel's monitors over its samples, each name once. */
	const struct monitor_val *monitors;
	size_t n_monitors;
	/* The kernel log's lines of level warning and above while it ran. */
	const struct klog_line *klog;
	size_t n_klog;
};

/*
 * One result and all its samples with their metrics, its monitors and
 * its kernel log lines in one transaction; the samples are numbered from
 * 1 in order, whatever their seq, the log lines too.  0 or -1.
 */
int store_add_result(struct store *st, int64_t run_id,
		     const struct store_result *res,
		     const struct measure_sample *samples, size_t n_samples);

/*
 * The forms the store writes and takes from a copy: S is a UTC time
 * "YYYY-MM-DDTHH:MM:SSZ" of a real date (store_check.c), or a UUID
 * in lower-case hex, 8-4-4-4-12.  1 when so, else 0.
 */
int store_utc_valid(const char *s);
int store_uuid_valid(const char *s);

/* The given fields of RUN as store_begin_run takes them: 0, or -1 with ERR. */
int store_run_check(const struct store_run *run, char *err, size_t errlen);

/* Mark the run 'complete' or 'incomplete' and set ended_utc.  0 or -1. */
int store_end_run(struct store *st, int64_t run_id, const char *status);

/*
 * For readers: every read from now until store_close sees the database
 * as it is now, whatever other processes commit meanwhile, so a report
 * made of many queries is one consistent picture.  0 or -1.
 */
int store_snapshot(struct store *st);

/* Begin/commit/rollback for callers that group many writes (imports). */
int store_begin(struct store *st);
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
 * store_begin_run, store_add_result and store_end_run each commit on
 * their own, or, between store_begin and store_commit, become savepoints
 * of that transaction: a failed call then undoes only itself, and
 * store_rollback undoes everything since store_begin.  A failed
 * store_commit has rolled back.  SQLite may itself abandon the outer
 * transaction after a full disk or I/O error; store_commit then fails.
 * store_open, store_reopen, store_open_memory and store_verify_schema
 * are the SQLite engine's (schema_open.c); the rest speaks only
 * db.h.
 */

#endif
