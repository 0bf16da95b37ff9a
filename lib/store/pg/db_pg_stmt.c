// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prepared statements of db.h on PostgreSQL: parameters sent as
 * text, the rows of a run held in one PGresult and walked by db_step.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_pg_int.h"
#include "xalloc.h"

/* A new statement of DB for SQL under NAME, with N parameters. */
static struct db_pg_stmt *
stmt_new(struct db_pg *db, const char *sql, const char *name, int n)
{
	struct db_pg_stmt *st = xcalloc(1, sizeof(*st));

	st->base.ops = &db_pg_ops;
	st->db = db;
	st->sql = xstrdup(sql);
	snprintf(st->name, sizeof(st->name), "%s", name);
	st->nparams = n;
	st->values = xcalloc((size_t)n + 1, sizeof(*st->values));
	return st;
}

/* The statement DB keeps prepared for SQL, taken from the kept ones, or NULL. */
static struct db_pg_stmt *
take_kept(struct db_pg *db, const char *sql)
{
	struct db_pg_stmt *st;

	for (size_t i = db->n_kept; i-- > 0;) {
		struct db_pg_kept *k = &db->kept[i];

		if (strcmp(k->sql, sql) != 0)
			continue;
		st = stmt_new(db, sql, k->name, k->nparams);
		free(k->sql);
		memmove(k, k + 1, (db->n_kept - i - 1) * sizeof(*k));
		db->n_kept--;
		return st;
	}
	return NULL;
}

struct db_stmt *
db_pg_prepare(struct db *d, const char *sql)
{
	struct db_pg *db = (struct db_pg *)d;
	struct db_pg_stmt *st = take_kept(db, sql);
	PGresult *res;
	char name[32];
	int n = 0;
	char *text;

	if (st != NULL)
		return &st->base;
	text = db_pg_sql(sql, &n);

	if (text == NULL) {
		db_pg_fail_msg(db, "cannot prepare: an unterminated quote "
			       "or too many parameters");
		return NULL;
	}
	snprintf(name, sizeof(name), "aim_%" PRIu64, db->next_stmt++);
	res = PQprepare(db->conn, name, text, 0, NULL);
	free(text);
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		db_pg_fail(db, "", res);
		PQclear(res);
		return NULL;
	}
	PQclear(res);
	return &stmt_new(db, sql, name, n)->base;
}

/* Parameter I's slot, emptied, or NULL with the reason. */
static char **
slot(struct db_pg_stmt *st, int i)
{
	if (i < 1 || i > st->nparams) {
		db_pg_fail_msg(st->db, "bind: no such parameter");
		return NULL;
	}
	free(st->values[i - 1]);
	st->values[i - 1] = NULL;
	return &st->values[i - 1];
}

int
db_pg_bind_text(struct db_stmt *s, int i, const char *v)
{
	char **p = slot(db_pg_stmt(s), i);

	if (p == NULL)
		return -1;
	*p = v != NULL ? xstrdup(v) : NULL;
	return 0;
}

int
db_pg_bind_null(struct db_stmt *s, int i)
{
	return db_pg_bind_text(s, i, NULL);
}

int
db_pg_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRId64, v);
	return db_pg_bind_text(s, i, buf);
}

/* %.17g gives back the same double; the non-finite as float8 spells them. */
int
db_pg_bind_double(struct db_stmt *s, int i, double v)
{
	char buf[40];

	if (isnan(v))
		snprintf(buf, sizeof(buf), "NaN");
	else if (isinf(v))
		snprintf(buf, sizeof(buf), "%sInfinity", v < 0 ? "-" : "");
	else
		snprintf(buf, sizeof(buf), "%.17g", v);
	return db_pg_bind_text(s, i, buf);
}

static int
run(struct db_pg_stmt *st)
{
	ExecStatusType s;

	PQclear(st->res);
	st->res = PQexecPrepared(st->db->conn, st->name, st->nparams,
				 (const char *const *)st->values, NULL, NULL, 0);
	s = PQresultStatus(st->res);
	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
		db_pg_fail(st->db, "", st->res);
		PQclear(st->res);
		st->res = NULL;
		return -1;
	}
	db_pg_count(st->db, st->res);
	st->ran = 1;
	st->row = 0;
	return 0;
}

int
db_pg_step(struct db_stmt *s)
{
	struct db_pg_stmt *st = db_pg_stmt(s);

	if (st->bulk != NULL)
		snprintf(st->err, sizeof(st->err), "a bulk statement is not "
			 "stepped");
	if (st->err[0] != '\0') {
		db_pg_fail_msg(st->db, st->err);
		st->err[0] = '\0';
		return DB_ERROR;
	}
	if (!st->ran && run(st) < 0)
		return DB_ERROR;
	if (st->row >= PQntuples(st->res))
		return DB_DONE;
	st->row++;
	return DB_ROW;
}

int
db_pg_reset(struct db_stmt *s)
{
	struct db_pg_stmt *st = db_pg_stmt(s);

	PQclear(st->res);
	st->res = NULL;
	PQclear(st->desc);
	st->desc = NULL;
	st->ran = 0;
	st->row = 0;
	st->err[0] = '\0';
	db_pg_bulk_drop(st);
	for (int i = 0; i < st->nparams; i++) {
		free(st->values[i]);
		st->values[i] = NULL;
	}
	return 0;
}

/*
 * The server keeps a prepared statement for the session: DEALLOCATE it,
 * unless the session is gone or in a failed transaction (then it lives
 * until the connection ends).  Its failure is not the caller's, and the
 * connection's last error stays the one the caller may be reporting.
 */
void
db_pg_deallocate(struct db_pg *db, const char *name)
{
	PGconn *conn = db->conn;
	char sql[48];

	if (PQstatus(conn) == CONNECTION_OK &&
	    PQtransactionStatus(conn) != PQTRANS_INERROR) {
		snprintf(sql, sizeof(sql), "DEALLOCATE %s", name);
		PQclear(PQexec(conn, sql));
	}
}

/*
 * Keep ST's prepared statement for the next prepare of its SQL: prepared
 * statements outlive transactions, rolled back or not, until the
 * session ends.  The oldest kept one makes room.
 */
static void
keep(struct db_pg_stmt *st)
{
	struct db_pg *db = st->db;
	struct db_pg_kept *k;

	if (PQstatus(db->conn) != CONNECTION_OK) {
		free(st->sql);
		return;
	}
	if (db->n_kept == DB_PG_KEPT) {
		db_pg_deallocate(db, db->kept[0].name);
		free(db->kept[0].sql);
		memmove(db->kept, db->kept + 1,
			(DB_PG_KEPT - 1) * sizeof(*db->kept));
		db->n_kept--;
	}
	k = &db->kept[db->n_kept++];
	k->sql = st->sql;
	snprintf(k->name, sizeof(k->name), "%s", st->name);
	k->nparams = st->nparams;
}

void
db_pg_kept_free(struct db_pg *db)
{
	for (size_t i = 0; i < db->n_kept; i++)
		free(db->kept[i].sql);
	db->n_kept = 0;
}

void
db_pg_finalize(struct db_stmt *s)
{
	struct db_pg_stmt *st = db_pg_stmt(s);

	(void)db_pg_reset(s);	/* always 0 */
	if (st->bulk == NULL) {
		keep(st);
	} else {
		db_pg_bulk_free(st);
		free(st->sql);
	}
	free(st->values);
	free(st);
}
