/*
 * What makes a file an aimkit database: the checks made before anything is
 * written to it, and the schema as an append-only list of migrations under
 * PRAGMA user_version, so every old file can be brought forward in place.
 */
#include "config.h"

#include "schema.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include <sqlite3.h>

#include "dbfile.h"

/* Long enough for another aimrun to commit a result and a checkpoint. */
#define SCHEMA_BUSY_TIMEOUT_MS 10000
#define SCHEMA_RETRY_MS 5

/*
 * Version 1.  Each script ends by setting user_version to its own number;
 * PRAGMA takes no bound parameters, so the number is part of the text
 * rather than formatted in.  1095322937 is SCHEMA_APPLICATION_ID.
 */
static const char migration_1[] =
	"CREATE TABLE run (\n"
	"\tid INTEGER PRIMARY KEY,\n"
	"\ttag TEXT NOT NULL,\n"
	"\tsuite TEXT NOT NULL,\n"
	"\toptions TEXT NOT NULL,\n"
	"\tstarted_utc TEXT NOT NULL,\n"
	"\tended_utc TEXT,\n"
	"\tstatus TEXT NOT NULL\n"
	"\t\tCHECK (status IN ('incomplete', 'complete')),\n"
	"\tsource TEXT NOT NULL,\n"
	"\tsource_file TEXT,\n"
	"\taim_version TEXT NOT NULL,\n"
	"\thost TEXT\n"
	");\n"
	"CREATE INDEX run_tag ON run (tag);\n"
	"CREATE TABLE run_env (\n"
	"\trun_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,\n"
	"\tkey TEXT NOT NULL,\n"
	"\tvalue TEXT NOT NULL,\n"
	"\tPRIMARY KEY (run_id, key)\n"
	");\n"
	"CREATE TABLE result (\n"
	"\tid INTEGER PRIMARY KEY,\n"
	"\trun_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,\n"
	"\tnumber INTEGER NOT NULL,\n"
	"\ttest TEXT NOT NULL,\n"
	"\trep INTEGER NOT NULL,\n"
	"\tstatus TEXT NOT NULL\n"
	"\t\tCHECK (status IN ('ok', 'skip', 'fail', 'timeout', 'crash')),\n"
	"\treason TEXT,\n"
	"\tfactor INTEGER NOT NULL,\n"
	"\tunits TEXT NOT NULL,\n"
	"\tfinished_utc TEXT NOT NULL,\n"
	"\twarmup_calls INTEGER,\n"
	"\twarmup_ns INTEGER,\n"
	"\tsource_line INTEGER,\n"
	"\tUNIQUE (run_id, test, rep)\n"
	");\n"
	"CREATE TABLE sample (\n"
	"\tresult_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,\n"
	"\tseq INTEGER NOT NULL,\n"
	"\tcalls INTEGER NOT NULL,\n"
	"\telapsed_ns INTEGER NOT NULL,\n"
	"\tprinted_ops REAL,\n"
	"\tvol_cs INTEGER,\n"
	"\tinvol_cs INTEGER,\n"
	"\tPRIMARY KEY (result_id, seq)\n"
	");\n"
	/* 1e9 first keeps calls * factor from overflowing 64-bit integers. */
	"CREATE VIEW sample_rate AS\n"
	"\tSELECT r.run_id AS run_id, u.tag AS tag, r.number AS number,\n"
	"\t\tr.test AS test, r.rep AS rep, s.seq AS seq,\n"
	"\t\ts.calls AS calls, s.elapsed_ns AS elapsed_ns,\n"
	"\t\tCOALESCE(s.printed_ops,\n"
	"\t\t\t1e9 * s.calls * r.factor / s.elapsed_ns) AS ops_per_s\n"
	"\tFROM sample AS s\n"
	"\tJOIN result AS r ON r.id = s.result_id\n"
	"\tJOIN run AS u ON u.id = r.run_id;\n"
	"PRAGMA application_id = 1095322937;\n"
	"PRAGMA user_version = 1;\n";

static const char *const migrations[] = {
	migration_1,
};

int
schema_version(void)
{
	return (int)(sizeof(migrations) / sizeof(migrations[0]));
}

const char *
schema_errmsg(sqlite3 *db, char *buf, size_t len)
{
	int sys = sqlite3_system_errno(db);
	int code = sqlite3_errcode(db) & 0xff;

	/* "disk I/O error" alone does not tell a full disk from a bad one. */
	if (sys != 0 && (code == SQLITE_IOERR || code == SQLITE_FULL ||
			 code == SQLITE_CANTOPEN))
		snprintf(buf, len, "%s (%s)", sqlite3_errmsg(db), strerror(sys));
	else if (sqlite3_extended_errcode(db) == SQLITE_IOERR_WRITE)
		snprintf(buf, len, "%s (a write failed: disk full or file "
			 "size limit?)", sqlite3_errmsg(db));
	else
		snprintf(buf, len, "%s", sqlite3_errmsg(db));
	return buf;
}

static void
set_err(char *err, size_t errlen, sqlite3 *db, const char *what)
{
	char msg[256];

	snprintf(err, errlen, "%s: %s", what, schema_errmsg(db, msg, sizeof(msg)));
}

int
schema_exec(sqlite3 *db, const char *script)
{
	const char *sql = script;

	while (*sql != '\0') {
		sqlite3_stmt *stmt = NULL;
		const char *tail = NULL;
		int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, &tail);

		if (rc != SQLITE_OK)
			return -1;
		if (stmt != NULL) {
			do
				rc = sqlite3_step(stmt);
			while (rc == SQLITE_ROW);
			if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_DONE)
				return -1;
		}
		sql = tail;
	}
	return 0;
}

/* One integer from a query with a one-row, one-column answer. */
static int
query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(stmt, 0);
	if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_ROW)
		return -1;
	return 0;
}

/* Map the first failed read to the words a user needs. */
static void
set_read_err(char *err, size_t errlen, sqlite3 *db)
{
	switch (sqlite3_errcode(db)) {
	case SQLITE_NOTADB:
		snprintf(err, errlen, "not an SQLite database");
		break;
	case SQLITE_CORRUPT:
		snprintf(err, errlen, "corrupt or truncated database: %s",
			 sqlite3_errmsg(db));
		break;
	default:
		set_err(err, errlen, db, "cannot read database");
		break;
	}
}

/*
 * One statement, so one snapshot: read apart, the three could straddle
 * another process's migration.  Counting sqlite_master makes SQLite read
 * and check the header and parse the stored schema, which is where
 * foreign files, truncation and header damage show up.
 */
static int
read_facts(sqlite3 *db, int64_t *objects, int64_t *app_id, int64_t *version)
{
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (sqlite3_prepare_v2(db,
			       "SELECT (SELECT count(*) FROM sqlite_master),"
			       " (SELECT application_id FROM pragma_application_id),"
			       " (SELECT user_version FROM pragma_user_version)",
			       -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*objects = sqlite3_column_int64(stmt, 0);
		*app_id = sqlite3_column_int64(stmt, 1);
		*version = sqlite3_column_int64(stmt, 2);
	}
	if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_ROW)
		return -1;
	return 0;
}

static int
schema_inspect(sqlite3 *db, int *version, char *err, size_t errlen)
{
	int64_t objects, app_id, v;

	if (read_facts(db, &objects, &app_id, &v) < 0) {
		set_read_err(err, errlen, db);
		return -1;
	}
	if (app_id != 0 && app_id != SCHEMA_APPLICATION_ID) {
		snprintf(err, errlen,
			 "not an aimkit database (application_id %#llx)",
			 (unsigned long long)(uint32_t)app_id);
		return -1;
	}
	if (v > schema_version()) {
		snprintf(err, errlen,
			 "database schema version %lld is newer than this aimkit (%d)",
			 (long long)v, schema_version());
		return -1;
	}
	/* Another program's file: adding tables to it would damage it. */
	if (v < 0 || (app_id == 0 && (v != 0 || objects != 0))) {
		snprintf(err, errlen,
			 "not an aimkit database (it holds other tables)");
		return -1;
	}
	*version = (int)v;
	return 0;
}

static int
apply_steps(sqlite3 *db, int from, char *err, size_t errlen)
{
	int64_t now = -1;
	int i;

	for (i = from; i < schema_version(); i++) {
		if (schema_exec(db, migrations[i]) < 0) {
			char what[64];

			snprintf(what, sizeof(what), "schema migration %d", i + 1);
			set_err(err, errlen, db, what);
			return -1;
		}
		if (query_int(db, "PRAGMA user_version", &now) < 0 ||
		    now != i + 1) {
			snprintf(err, errlen,
				 "schema migration %d left user_version %lld",
				 i + 1, (long long)now);
			return -1;
		}
	}
	return 0;
}

static int
schema_migrate(sqlite3 *db, char *err, size_t errlen)
{
	int version;

	if (schema_exec(db, "BEGIN IMMEDIATE") < 0) {
		set_err(err, errlen, db, "cannot upgrade schema");
		return -1;
	}
	if (schema_inspect(db, &version, err, errlen) < 0 ||
	    apply_steps(db, version, err, errlen) < 0)
		goto fail;
	if (schema_exec(db, "COMMIT") < 0) {
		set_err(err, errlen, db, "cannot upgrade schema");
		goto fail;
	}
	return 0;
fail:
	/* The failure is already in ERR; a failed rollback adds nothing. */
	(void)schema_exec(db, "ROLLBACK");
	return -1;
}

static sqlite3 *
open_db(const char *path, int readonly, char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	int flags = dbfile_open_flags(path, readonly, err, errlen);

	if (flags < 0)
		return NULL;
	if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
		int sys = db != NULL ? sqlite3_system_errno(db) : 0;

		snprintf(err, errlen, "cannot open: %s%s%s%s",
			 db != NULL ? sqlite3_errmsg(db) : "out of memory",
			 sys != 0 ? " (" : "", sys != 0 ? strerror(sys) : "",
			 sys != 0 ? ")" : "");
		/* Nothing was opened, so there is nothing to flush. */
		(void)sqlite3_close(db);
		return NULL;
	}
	if (sqlite3_busy_timeout(db, SCHEMA_BUSY_TIMEOUT_MS) != SQLITE_OK ||
	    schema_exec(db, "PRAGMA foreign_keys = ON") < 0) {
		snprintf(err, errlen, "cannot configure: %s",
			 sqlite3_errmsg(db));
		(void)sqlite3_close(db);	/* no statement was left open */
		return NULL;
	}
	return db;
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

/*
 * WAL lets readers run while another aimrun commits.  synchronous=NORMAL
 * is safe in WAL mode against a killed process (commits are whole); after
 * a power cut only the last results may be lost, and it saves an fsync
 * per result between tests, which would otherwise disturb the disk tests.
 */
static int
setup_rw(sqlite3 *db, int version, char *err, size_t errlen)
{
	if (sqlite3_db_readonly(db, "main") == 1) {
		snprintf(err, errlen, "cannot write: read-only file");
		return -1;
	}
	if (set_wal(db) < 0 ||
	    schema_exec(db, "PRAGMA synchronous = NORMAL") < 0) {
		set_err(err, errlen, db, "cannot configure");
		return -1;
	}
	if (version < schema_version())
		return schema_migrate(db, err, errlen);
	return 0;
}

static int
check_ro(int version, char *err, size_t errlen)
{
	if (version == 0) {
		snprintf(err, errlen, "no results in this database");
		return -1;
	}
	if (version < schema_version()) {
		/* A read-only open cannot migrate; any writing command can. */
		snprintf(err, errlen, "database schema version %d is older "
			 "than this aimkit (%d): store a run to upgrade it",
			 version, schema_version());
		return -1;
	}
	return 0;
}

/*
 * A reader of a WAL database creates PATH-shm; where it cannot (a
 * directory it may not write), SQLite reads the file only as immutable,
 * which is right as long as no write-ahead log holds newer commits.
 * Closes DB; returns the new handle with *VERSION read, or NULL.
 */
static sqlite3 *
reopen_immutable(const char *path, sqlite3 *db, int *version, char *err,
		 size_t errlen)
{
	int code = sqlite3_errcode(db) & 0xff;
	char uri[4200];
	struct stat sb;

	(void)sqlite3_close(db);	/* every statement is finalized */
	if (code != SQLITE_READONLY && code != SQLITE_CANTOPEN)
		return NULL;	/* ERR already says why */
	snprintf(uri, sizeof(uri), "%s-wal", path);
	if (stat(uri, &sb) == 0 && sb.st_size > 0) {
		snprintf(err, errlen, "cannot read: the directory is not "
			 "writable and %s holds recent results", uri);
		return NULL;
	}
	if (dbfile_immutable_uri(path, uri, sizeof(uri)) < 0) {
		snprintf(err, errlen, "path too long");
		return NULL;
	}
	db = NULL;
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
			    NULL) != SQLITE_OK ||
	    schema_inspect(db, version, err, errlen) < 0) {
		if (db != NULL && sqlite3_errcode(db) != SQLITE_OK)
			set_read_err(err, errlen, db);
		(void)sqlite3_close(db);	/* NULL-safe; nothing is open */
		return NULL;
	}
	return db;
}

sqlite3 *
schema_open(const char *path, int readonly, char *err, size_t errlen)
{
	sqlite3 *db;
	int version;

	db = open_db(path, readonly, err, errlen);
	if (db == NULL)
		return NULL;
	/* Every check comes before the first write: a refused file is untouched. */
	if (schema_inspect(db, &version, err, errlen) < 0) {
		if (!readonly)
			goto fail;
		db = reopen_immutable(path, db, &version, err, errlen);
		if (db == NULL)
			return NULL;
	}
	if ((readonly && check_ro(version, err, errlen) < 0) ||
	    (!readonly && setup_rw(db, version, err, errlen) < 0))
		goto fail;
	return db;
fail:
	(void)sqlite3_close(db);	/* every statement is finalized */
	return NULL;
}
