/*
 * Opening a database file: which checks come before anything is written
 * to it (once per file for a writer that reopens it, see store_reopen),
 * in what order, and the store over the connection it makes.  Free of
 * SQL: schema.c makes each step.
 */
#include "config.h"

#include "schema.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "db_sqlite.h"
#include "dbfile.h"
#include "dbtarget.h"
#include "store.h"
#include "store_int.h"
#include "store_pg.h"
#include "schema_pg.h"

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
	if (sqlite3_open_v2(name, &db, flags, NULL) != SQLITE_OK) {
		int sys = db != NULL ? sqlite3_system_errno(db) : 0;

		snprintf(err, errlen, "cannot open: %s%s%s%s",
			 db != NULL ? sqlite3_errmsg(db) : "out of memory",
			 sys != 0 ? " (" : "", sys != 0 ? strerror(sys) : "",
			 sys != 0 ? ")" : "");
		/* Nothing was opened, so there is nothing to flush. */
		(void)sqlite3_close(db);
		return NULL;
	}
	if (schema_configure(db) < 0) {
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
	/* Setting WAL writes the header: every check comes first. */
	if (!known_sound(name, seen, version, &sb) && version > 0 &&
	    schema_check_sound(db, version, err, errlen) < 0)
		return -1;
	if (schema_set_wal(db) < 0) {
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

sqlite3 *
schema_open(const char *path, enum dbfile_use use, struct store_checked *seen,
	    char *err, size_t errlen)
{
	int readonly = use == DBFILE_READ;
	char name[4200];
	sqlite3 *db;
	int version;

	db = open_db(path, use, name, sizeof(name), err, errlen);
	if (db == NULL)
		return NULL;
	/* Every check comes before the first write: a refused file is untouched. */
	if (schema_inspect(db, &version, err, errlen) < 0) {
		if (!readonly)
			goto fail;
		db = dbfile_reopen_immutable(name, db, &version, err, errlen);
		if (db == NULL)
			return NULL;
	}
	if ((readonly && schema_check_ro(version, err, errlen) < 0) ||
	    (!readonly && setup_rw(db, name, version, seen, err, errlen) < 0))
		goto fail;
	return db;
fail:
	(void)sqlite3_close(db);	/* every statement is finalized */
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

/*
 * A server's schema.  An editor, like a reader, never makes the tables:
 * an empty schema holds no run to change, and is refused as a reader
 * refuses it; a schema it finds older it migrates, as every writer does.
 */
static struct db *
pg_open(const char *path, enum store_mode mode, char *err, size_t errlen)
{
	struct db *db = store_pg_open(path, mode == STORE_RW, err, errlen);

	if (db != NULL && mode == STORE_EDIT &&
	    db_schema_version(db) != schema_pg_version()) {
		db_close(db);
		db = store_pg_open(path, 1, err, errlen);
	}
	return db;
}

struct store *
store_open(const char *path, enum store_mode mode, char *err, size_t errlen)
{
	static const enum dbfile_use use[] = {
		[STORE_RO] = DBFILE_READ,
		[STORE_RW] = DBFILE_CREATE,
		[STORE_EDIT] = DBFILE_EDIT,
	};

	/* A server's name never reaches the checks of a file. */
	if (db_target_is_postgres(path))
		return store_wrap(pg_open(path, mode, err, errlen), err,
				  errlen);
	return store_of(schema_open(path, use[mode], NULL, err, errlen), err,
			errlen);
}

struct store *
store_reopen(const char *path, struct store_checked *seen, char *err,
	     size_t errlen)
{
	/*
	 * A server has no file to have been replaced: a new connection
	 * each time, its schema checked again (a few milliseconds).
	 */
	if (db_target_is_postgres(path))
		return store_open(path, STORE_RW, err, errlen);
	return store_of(schema_open(path, DBFILE_CREATE, seen, err, errlen),
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
