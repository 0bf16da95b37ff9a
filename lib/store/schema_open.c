// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a database file: which checks come before anything is written
 * to it (once per file for a writer that reopens it, see store_reopen),
 * in what order, the settings of the connection (busy timeout, foreign
 * keys, WAL), and the store over the connection it makes, of either
 * engine.  The schema's steps and comparison are schema.c's.
 */
#include "config.h"

#include "schema.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <sqlite3.h>

#include "db_sqlite.h"
#include "dbfile.h"
#include "dbtarget.h"
#include "store.h"
#include "store_int.h"
#include "store_pg.h"
#include "schema_pg.h"
#include "tag.h"

void
schema_first_problem(const char *problem, void *arg)
{
	struct schema_first *f = arg;

	if (f->n++ == 0)
		snprintf(f->err, f->errlen, "damaged database: %s (aimdb check "
			 "lists every problem)", problem);
}

/* "damaged database: " and quick_check's answer LINE, on one line. */
static void
set_damaged(char *err, size_t errlen, const char *line)
{
	static const char head[] = "*** in database main ***\n";

	if (strncmp(line, head, sizeof(head) - 1) == 0)
		line += sizeof(head) - 1;
	snprintf(err, errlen, "damaged database: %.200s", line);
	for (char *p = err; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	/* The text quotes the file, which may be anyone's. */
	tag_printable(err);
}

/* Long enough for another aimrun to commit a result and a checkpoint. */
#define SCHEMA_BUSY_TIMEOUT_MS 10000
#define SCHEMA_RETRY_MS 5
/*
 * quick_check reads every page, about 0.1 s for this much: larger files
 * get the schema check only.
 */
#define SCHEMA_QUICK_CHECK_MAX (16 * 1024 * 1024)

/* SQLite's structural check of every page: "ok", or the first problem. */
static int
quick_check(sqlite3 *db, char *err, size_t errlen)
{
	sqlite3_stmt *stmt = NULL;
	const char *line;
	int rc = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &stmt,
			       NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW) {
		line = (const char *)sqlite3_column_text(stmt, 0);
		if (line != NULL && strcmp(line, "ok") == 0)
			rc = 0;
		else
			set_damaged(err, errlen, line != NULL ? line : "?");
	} else {
		set_damaged(err, errlen, sqlite3_errmsg(db));
	}
	(void)sqlite3_finalize(stmt);	/* NULL-safe; the step said why */
	return rc;
}

static int
check_sound(sqlite3 *db, int version, char *err, size_t errlen)
{
	struct schema_first f = { err, errlen, 0 };
	int64_t bytes = 0;

	if (schema_verify(db, version, schema_first_problem, &f) != 0)
		return -1;
	if (schema_query_int(db, "SELECT page_count * page_size FROM"
			     " pragma_page_count, pragma_page_size",
			     &bytes) < 0) {
		schema_set_read_err(err, errlen, db);
		return -1;
	}
	return bytes < SCHEMA_QUICK_CHECK_MAX ? quick_check(db, err, errlen) : 0;
}

/*
 * Entering WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY at
 * once there instead of calling the busy handler; so a process that meets
 * another one creating the same file retries for the same 10 s.
 */
static int
set_wal(sqlite3 *db)
{
	const struct timespec pause = { 0, SCHEMA_RETRY_MS * 1000000L };
	int tries = SCHEMA_BUSY_TIMEOUT_MS / SCHEMA_RETRY_MS;

	while (schema_exec(db, "PRAGMA journal_mode = WAL") < 0) {
		if ((sqlite3_errcode(db) & 0xff) != SQLITE_BUSY || tries-- <= 0)
			return -1;
		/* An early wake-up by a signal only retries sooner. */
		(void)nanosleep(&pause, NULL);
	}
	return 0;
}

static int
configure(sqlite3 *db)
{
	return sqlite3_busy_timeout(db, SCHEMA_BUSY_TIMEOUT_MS) == SQLITE_OK &&
	       schema_exec(db, "PRAGMA foreign_keys = ON") == 0 ? 0 : -1;
}

/*
 * WAL lets readers run while another aimrun commits.  synchronous=NORMAL
 * is safe in WAL mode against a killed process (commits are whole); after
 * a power cut only the last results may be lost, and it saves an fsync
 * per result between tests, which would otherwise disturb the disk tests.
 */
static int
wal_normal(sqlite3 *db)
{
	return set_wal(db) == 0 &&
	       schema_exec(db, "PRAGMA synchronous = NORMAL") == 0 ? 0 : -1;
}

static sqlite3 *
open_db(const char *path, enum dbfile_use use, char *name, size_t len,
	char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	int flags = dbfile_open_flags(path, use, err, errlen);

	if (flags < 0 || dbfile_sqlite_name(path, use, name, len, err,
					    errlen) < 0)
		return NULL;
	/*
	 * Without SQLITE_OPEN_URI: NAME is a file, whatever it looks like.
	 * Its links are resolved, so NOFOLLOW only refuses one made since.
	 */
	/* One thread uses a connection: SQLite's locks on it are no use. */
	if (sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX,
			    NULL) != SQLITE_OK) {
		int sys = db != NULL ? sqlite3_system_errno(db) : 0;

		snprintf(err, errlen, "cannot open: %s%s%s%s",
			 db != NULL ? sqlite3_errmsg(db) : "out of memory",
			 sys != 0 ? " (" : "", sys != 0 ? strerror(sys) : "",
			 sys != 0 ? ")" : "");
		/* Nothing was opened, so there is nothing to flush. */
		(void)sqlite3_close(db);
		return NULL;
	}
	if (configure(db) < 0) {
		snprintf(err, errlen, "cannot configure: %s",
			 sqlite3_errmsg(db));
		(void)sqlite3_close(db);	/* no statement was left open */
		return NULL;
	}
	return db;
}

/*
 * Whether NAME is the file SEEN found sound at VERSION, into *SB.  A file
 * swapped away and back between SQLite's open and this lstat would pass
 * unchecked; whoever can do that can write the file itself anyway, which
 * no check at open time catches.
 */
static int
known_sound(const char *name, const struct store_checked *seen, int version,
	    struct stat *sb)
{
	if (lstat(name, sb) < 0) {
		sb->st_ino = 0;
		return 0;
	}
	return seen != NULL && seen->version == version && version > 0 &&
	       seen->dev == sb->st_dev && seen->ino == sb->st_ino;
}

/*
 * A writer reopening the file SEEN names: -1 with the reason when PATH
 * no longer names it (gone, or another file there), 0 when it still
 * does or cannot be looked at.  Asked again after any failure of the
 * reopen, since a rename can fall between any two of its steps and the
 * answer is then the rename, not the step it broke.
 */
static int
seen_moved(const char *path, const struct store_checked *seen, char *err,
	   size_t errlen)
{
	struct stat sb;

	if (lstat(path, &sb) != 0) {
		if (errno != ENOENT)
			return 0;
		snprintf(err, errlen, "%s", SCHEMA_GONE);
		return -1;
	}
	if (sb.st_dev == seen->dev && sb.st_ino == seen->ino)
		return 0;
	snprintf(err, errlen, "%s", SCHEMA_REPLACED);
	return -1;
}

/* Checks unless known sound, WAL, the migration; SEEN updated. */
static int
setup_rw(sqlite3 *db, const char *name, int version,
	 struct store_checked *seen, char *err, size_t errlen)
{
	struct stat sb;

	if (sqlite3_db_readonly(db, "main") == 1) {
		snprintf(err, errlen, "cannot write: read-only file");
		return -1;
	}
	/* The run's rows are in the file it began in, not in another. */
	if (seen != NULL && seen->ino != 0 &&
	    seen_moved(name, seen, err, errlen) < 0)
		return -1;
	/* Setting WAL writes the header: every check comes first. */
	if (!known_sound(name, seen, version, &sb) && version > 0 &&
	    check_sound(db, version, err, errlen) < 0)
		return -1;
	if (wal_normal(db) < 0) {
		schema_set_err(err, errlen, db, "cannot configure");
		return -1;
	}
	if (version < schema_version() && schema_migrate(db, err, errlen) < 0)
		return -1;
	if (seen != NULL && sb.st_ino != 0) {
		seen->dev = sb.st_dev;
		seen->ino = sb.st_ino;
		seen->version = schema_version();
	}
	return 0;
}

/*
 * A reader's checks: the version it can read and, unless STRICT is 0
 * (aimdb check, which lists what differs), the schema of that version
 * exactly, before anything reads through a view or table a hostile file
 * may have put in place of aimkit's.  Both in one read transaction, so
 * a writer's migration meanwhile cannot make them disagree.
 */
static int
check_read(sqlite3 *db, int strict, char *err, size_t errlen)
{
	struct schema_first f = { err, errlen, 0 };
	int version, rc = -1;

	if (schema_exec(db, "BEGIN") < 0) {
		schema_set_read_err(err, errlen, db);
		return -1;
	}
	if (schema_inspect(db, &version, err, errlen) == 0 &&
	    schema_check_ro(version, err, errlen) == 0 &&
	    (!strict || schema_verify(db, version, schema_first_problem,
				      &f) == 0))
		rc = 0;
	if (schema_exec(db, "COMMIT") < 0 && rc == 0) {
		schema_set_read_err(err, errlen, db);
		rc = -1;
	}
	return rc;
}

sqlite3 *
schema_open(const char *path, enum store_mode mode, struct store_checked *seen,
	    char *err, size_t errlen)
{
	static const enum dbfile_use uses[] = {
		[STORE_RO] = DBFILE_READ,
		[STORE_RW] = DBFILE_CREATE,
		[STORE_EDIT] = DBFILE_EDIT,
		[STORE_CHECK] = DBFILE_READ,
	};
	/* A file seen once is never made again: gone is gone. */
	int again = seen != NULL && seen->ino != 0;
	enum dbfile_use use = again ? DBFILE_EDIT : uses[mode];
	int readonly = use == DBFILE_READ;
	char name[4200];
	sqlite3 *db;
	int version;

	if (again && seen_moved(path, seen, err, errlen) < 0)
		return NULL;
	db = open_db(path, use, name, sizeof(name), err, errlen);
	if (db == NULL) {
		if (again)
			(void)seen_moved(path, seen, err, errlen);
		return NULL;
	}
	/* Every check comes before the first write: a refused file is untouched. */
	if (schema_inspect(db, &version, err, errlen) < 0) {
		if (!readonly)
			goto fail;
		db = dbfile_reopen_immutable(name, db, &version, err, errlen);
		if (db == NULL)
			return NULL;
	}
	if ((readonly && check_read(db, mode != STORE_CHECK, err, errlen) < 0) ||
	    (!readonly && setup_rw(db, name, version, seen, err, errlen) < 0))
		goto fail;
	return db;
fail:
	(void)sqlite3_close(db);	/* every statement is finalized */
	if (again)
		(void)seen_moved(path, seen, err, errlen);
	return NULL;
}

/* store.h's: no SQL, so kept with the other checks of a name. */
int
store_name_is_link(const char *path)
{
	struct stat sb;

	return !db_target_is_postgres(path) && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode);
}

/* A store over the SQLite connection H (NULL: its open failed). */
static struct store *
store_of(sqlite3 *h, char *err, size_t errlen)
{
	struct db *db;

	if (h == NULL)
		return NULL;
	db = db_sqlite_wrap(h);
	if (db == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return store_wrap(db, err, errlen);
}

struct store *
store_open(const char *path, enum store_mode mode, char *err, size_t errlen)
{
	/* A server's name never reaches the checks of a file. */
	if (db_target_is_postgres(path))
		return store_wrap(store_pg_open(path, mode, NULL, err, errlen),
				  err, errlen);
	return store_of(schema_open(path, mode, NULL, err, errlen), err,
			errlen);
}

struct store *
store_reopen(const char *path, struct store_checked *seen, char *err,
	     size_t errlen)
{
	/*
	 * A server has no file to have been replaced: a new connection
	 * each time, its mark and version checked, its whole schema once.
	 */
	if (db_target_is_postgres(path))
		return store_wrap(store_pg_open(path, STORE_RW, seen, err,
						errlen), err, errlen);
	return store_of(schema_open(path, STORE_RW, seen, err, errlen),
			err, errlen);
}

struct store *
store_open_memory(char *err, size_t errlen)
{
	return store_of(schema_open_memory(err, errlen), err, errlen);
}

int
store_verify_schema(struct store *st, void (*fn)(const char *, void *),
		    void *arg)
{
	sqlite3 *h = db_sqlite_handle(store_db(st));
	char err[STORE_ERR_MAX];
	int version;

	if (db_engine(store_db(st)) == DB_POSTGRES)
		return schema_pg_verify(store_db(st), fn, arg);

	/* A reader's file may be of an older version, checked as that. */
	if (h == NULL || schema_inspect(h, &version, err, sizeof(err)) < 0) {
		fn(h == NULL ? "not an SQLite database" : err, arg);
		return -1;
	}
	return schema_verify(h, version, fn, arg);
}
