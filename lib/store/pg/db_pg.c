// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * db.h on a PostgreSQL server: the connection, scripts, transactions
 * and errors.  Statements are in db_pg_stmt.c.
 */
#include "config.h"

#include "db_pg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "db_pg_int.h"
#include "dbtarget.h"
#include "tag.h"
#include "xalloc.h"


static struct db_pg *
pg(const struct db *db)
{
	return (struct db_pg *)db;
}

/* The first line of MSG after WHAT, made printable, into DB's error. */
static void
set_err(struct db_pg *db, const char *what, const char *msg)
{
	size_t n;

	snprintf(db->err, sizeof(db->err), "%s%s%s", what,
		 what[0] != '\0' ? ": " : "", msg != NULL ? msg : "");
	n = strcspn(db->err, "\r\n");
	db->err[n] = '\0';
	/* The server's words may quote data, which may be anyone's. */
	tag_printable(db->err);
}

void
db_pg_fail(struct db_pg *db, const char *what, const PGresult *res)
{
	const char *msg = NULL;

	if (res != NULL)
		msg = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
	if (msg == NULL || msg[0] == '\0')
		msg = PQerrorMessage(db->conn);
	if (msg == NULL || msg[0] == '\0')
		msg = "no reason given";
	/* libpq's own text of a server's message starts with its severity */
	if (strncmp(msg, "FATAL:  ", 8) == 0 || strncmp(msg, "ERROR:  ", 8) == 0)
		msg += 8;
	db->lost = PQstatus(db->conn) == CONNECTION_BAD;
	set_err(db, what, msg);
}

void
db_pg_fail_msg(struct db_pg *db, const char *msg)
{
	db->lost = 0;
	set_err(db, "", msg);
}

void
db_pg_count(struct db_pg *db, const PGresult *res)
{
	static const char *const verbs[] = {
		"INSERT ", "UPDATE ", "DELETE ", "MERGE ", NULL,
	};
	const char *tag = PQcmdStatus((PGresult *)res);
	const char *s = PQcmdTuples((PGresult *)res);
	char *end;
	long long v;
	size_t i;

	/* SELECT has a count too, and BEGIN none: neither changed rows */
	for (i = 0; verbs[i] != NULL; i++)
		if (strncmp(tag, verbs[i], strlen(verbs[i])) == 0)
			break;
	if (verbs[i] == NULL)
		return;
	errno = 0;
	v = strtoll(s, &end, 10);
	db->changes = s[0] == '\0' || *end != '\0' || errno != 0 || v < 0 ?
		      0 : v;
}

/* Run SCRIPT; 0, or -1 with the reason, DB's change count from it. */
static int
pg_exec(struct db *d, const char *script)
{
	struct db_pg *db = pg(d);
	PGresult *res = PQexec(db->conn, script);
	ExecStatusType s = PQresultStatus(res);	/* NULL-safe */

	if (res == NULL || (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)) {
		db_pg_fail(db, "", res);
		PQclear(res);
		return -1;
	}
	db_pg_count(db, res);
	PQclear(res);
	return 0;
}

static int64_t
pg_changes(struct db *d)
{
	return pg(d)->changes;
}

static int
pg_begin(struct db *d)
{
	return pg_exec(d, "BEGIN");
}

static int
pg_snapshot(struct db *d)
{
	return pg_exec(d, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
}

static int
pg_in_transaction(const struct db *d)
{
	PGTransactionStatusType t = PQtransactionStatus(pg(d)->conn);

	return t == PQTRANS_INTRANS || t == PQTRANS_INERROR ||
	       t == PQTRANS_ACTIVE;
}

static const char *
pg_errmsg(const struct db *d)
{
	return pg(d)->err;
}

static int
pg_lost(const struct db *d)
{
	return pg(d)->lost;
}

/* A script may be a schema step: the version is read again after it. */
static int
pg_script(struct db *d, const char *script)
{
	pg(d)->version = 0;
	return pg_exec(d, script);
}

/* PQfinish ends the session, and the server rolls back what is open. */
static void
pg_close(struct db *d)
{
	PQfinish(pg(d)->conn);
	db_pg_kept_free(pg(d));
	free(d);
}

const struct db_ops db_pg_ops = {
	.engine = DB_POSTGRES,
	.prepare = db_pg_prepare,
	.bind_int64 = db_pg_bind_int64,
	.bind_double = db_pg_bind_double,
	.bind_text = db_pg_bind_text,
	.bind_null = db_pg_bind_null,
	.step = db_pg_step,
	.reset = db_pg_reset,
	.finalize = db_pg_finalize,
	.column_count = db_pg_column_count,
	.column_is_null = db_pg_column_is_null,
	.column_int64 = db_pg_column_int64,
	.column_double = db_pg_column_double,
	.column_text = db_pg_column_text,
	.column_name = db_pg_column_name,
	.column_type = db_pg_column_type,
	.bulk_prepare = db_pg_bulk_prepare,
	.bulk_row = db_pg_bulk_row,
	.bulk_flush = db_pg_bulk_flush,
	.exec = pg_script,
	.changes = pg_changes,
	.begin = pg_begin,
	.snapshot = pg_snapshot,
	.lock = db_pg_lock,
	.in_transaction = pg_in_transaction,
	.schema_version = db_pg_schema_version,
	.check = db_pg_check,
	.errmsg = pg_errmsg,
	.lost = pg_lost,
	.close = pg_close,
};

/*
 * A password or other secret in the string is refused before libpq sees
 * it: its messages may quote any part of the string, and a command line
 * is public.
 */
static int
check_conninfo(const char *conninfo, char *err, size_t errlen)
{
	PQconninfoOption *opts;
	char *msg = NULL;

	opts = PQconninfoParse(conninfo, &msg);
	PQfreemem(msg);	/* it may quote the string; never shown */
	if (opts == NULL) {
		snprintf(err, errlen, "not a valid PostgreSQL connection string");
		return -1;
	}
	PQconninfoFree(opts);
	if (db_target_holds_secret(conninfo)) {
		snprintf(err, errlen, "%s", DB_TARGET_NO_PASSWORD);
		return -1;
	}
	return 0;
}

/* Settings after the user's (later keywords win), defaults before. */
static PGconn *
start(const char *conninfo)
{
	static const char *const keys[] = {
		"connect_timeout", "fallback_application_name", "dbname",
		"client_encoding", NULL,
	};
	const char *values[] = { "10", "aimkit", conninfo, "UTF8", NULL };

	return PQconnectdbParams(keys, values, 1);
}

/*
 * start(), with what libpq writes to stderr by itself meanwhile (a
 * password file it refuses to use: loose modes, not a plain file; a
 * notice before ours is set) caught in a memory file: its first line,
 * printable and without libpq's "WARNING:", into CAUGHT ("" for none).
 * Without a descriptor to spare libpq writes where it would.
 */
static PGconn *
start_caught(const char *conninfo, char *caught, size_t len)
{
	int mem = memfd_create("aimkit-libpq", MFD_CLOEXEC), saved = -1;
	ssize_t n = 0;
	PGconn *conn;

	if (mem >= 0 && fflush(stderr) == 0)
		saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (saved >= 0 && dup2(mem, STDERR_FILENO) < 0) {
		(void)close(saved);	/* never used */
		saved = -1;
	}
	conn = start(conninfo);
	if (saved >= 0) {
		/* stderr is unbuffered; a failed dup2 of a held fd cannot be mended */
		(void)dup2(saved, STDERR_FILENO);
		(void)close(saved);	/* a copy */
		n = pread(mem, caught, len - 1, 0);
	}
	if (mem >= 0)
		(void)close(mem);	/* only read */
	caught[n > 0 ? n : 0] = '\0';
	caught[strcspn(caught, "\r\n")] = '\0';
	if (strncmp(caught, "WARNING:", 8) == 0)
		memmove(caught, caught + 8 + strspn(caught + 8, " "),
			strlen(caught + 8 + strspn(caught + 8, " ")) + 1);
	tag_printable(caught);
	return conn;
}

/*
 * A notice (a DROP ... IF EXISTS that had nothing to drop) is no error,
 * and stderr carries one line per error only.
 */
static void
quiet(void *arg, const char *message)
{
}

struct db *
db_pg_connect(const char *conninfo, char *err, size_t errlen)
{
	char caught[256];
	struct db_pg *db;

	if (check_conninfo(conninfo, err, errlen) < 0)
		return NULL;
	db = xcalloc(1, sizeof(*db));
	db->base.ops = &db_pg_ops;
	db->conn = start_caught(conninfo, caught, sizeof(caught));
	if (db->conn == NULL) {
		snprintf(err, errlen, "cannot connect: out of memory");
		free(db);
		return NULL;
	}
	/*
	 * What libpq said by itself joins the reason; when it went on
	 * without the password file it warned of, aimkit stops there
	 * rather than pass a secret file others may read over in silence.
	 */
	if (PQstatus(db->conn) != CONNECTION_OK) {
		db_pg_fail(db, "cannot connect", NULL);
		snprintf(err, errlen, "%s%s%s", db->err,
			 caught[0] != '\0' ? "; " : "", caught);
		goto fail;
	}
	if (caught[0] != '\0') {
		snprintf(err, errlen, "cannot connect: %s", caught);
		goto fail;
	}
	/* returns the previous processor, libpq's, not wanted again */
	(void)PQsetNoticeProcessor(db->conn, quiet, NULL);
	/*
	 * One round trip for all.  aimkit's statements find a few rows by
	 * their keys: a parallel plan (chosen when the planner's guess of
	 * a join is wide) only adds the start of its workers, and a plan
	 * compiled by JIT (when that guess costs it past jit_above_cost)
	 * the compiling, some 40 ms a statement; jit is off where the
	 * server has the setting (from PostgreSQL 11).
	 */
	snprintf(caught, sizeof(caught), "SELECT set_config(name, 'off',"
		 " false) FROM pg_settings WHERE name = 'jit';"
		 " SET statement_timeout = '%ds';"
		 " SET max_parallel_workers_per_gather = 0",
		 DB_STATEMENT_LIMIT_S);
	if (pg_exec(&db->base, caught) < 0) {
		snprintf(err, errlen, "cannot configure: %s", db->err);
		goto fail;
	}
	return &db->base;
fail:
	pg_close(&db->base);
	return NULL;
}
