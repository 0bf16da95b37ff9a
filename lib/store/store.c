// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The store over one connection of db.h, whichever engine holds it: its
 * transactions (a write's own, or a savepoint of the caller's), its
 * statements prepared once, its errors, closing it.  Opening it is the
 * engine's (schema_open.c); what it writes, store_rows.c and
 * store_put.c.
 */
#include "config.h"

#include "store.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "db.h"
#include "store_int.h"

/* Reason = formatted WHAT, then ": " and the engine's message for the failure. */
void
store_fail_sql(struct store *st, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(st->err, sizeof(st->err), "%s: %s", what, db_errmsg(st->db));
}

struct store *
store_wrap(struct db *db, char *err, size_t errlen)
{
	struct store *st;

	if (db == NULL)
		return NULL;
	st = calloc(1, sizeof(*st));
	if (st == NULL) {
		snprintf(err, errlen, "out of memory");
		db_close(db);	/* no statement is open */
		return NULL;
	}
	st->db = db;
	snprintf(st->err, sizeof(st->err), "no error");
	return st;
}

int
store_in_transaction(const struct store *st)
{
	return db_in_transaction(st->db);
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	store_rollback(st);
	for (int i = 0; i < STORE_STMT_N; i++)
		db_finalize(st->stmt[i]);
	db_close(st->db);
	free(st);
}

const char *
store_errmsg(const struct store *st)
{
	return st != NULL ? st->err : "no database";
}

int
store_lost(const struct store *st)
{
	return st != NULL && db_lost(st->db);
}

struct db *
store_db(struct store *st)
{
	return st != NULL ? st->db : NULL;
}

int
store_begin(struct store *st)
{
	if (db_begin(st->db) < 0) {
		store_fail_sql(st, "cannot begin transaction");
		return -1;
	}
	return 0;
}

/*
 * The lock's key on a server, beside schema_pg.c's SCHEMA_APPLICATION_ID
 * ("AIM9") for creating the schema: "AIM9" and "id".
 */
#define STORE_LOCK_IDENTITY 0x41494d396964LL

int
store_lock_identity(struct store *st)
{
	if (db_lock(st->db, STORE_LOCK_IDENTITY) < 0) {
		store_fail_sql(st, "cannot lock the runs' identities");
		return -1;
	}
	return 0;
}

int
store_snapshot(struct store *st)
{
	if (db_snapshot(st->db) < 0) {
		store_fail_sql(st, "cannot read a snapshot");
		store_rollback(st);
		return -1;
	}
	return 0;
}

int
store_commit(struct store *st)
{
	if (db_commit(st->db) < 0) {
		store_fail_sql(st, "cannot commit");
		store_rollback(st);
		return -1;
	}
	return 0;
}

void
store_rollback(struct store *st)
{
	/*
	 * SQLite may already have rolled back after a full disk or I/O
	 * error; a failed ROLLBACK leaves nothing better to do than report
	 * the cause.
	 */
	db_rollback(st->db);
}

int
store_tx_enter(struct store *st, enum store_tx *kind)
{
	*kind = db_in_transaction(st->db) ? STORE_TX_NESTED : STORE_TX_TOP;
	if ((*kind == STORE_TX_TOP ? db_begin(st->db) :
			       db_savepoint(st->db, "store_write")) < 0) {
		store_fail_sql(st, "cannot begin transaction");
		return -1;
	}
	return 0;
}

int
store_tx_leave(struct store *st, enum store_tx kind, int ok)
{
	if (kind == STORE_TX_TOP) {
		if (ok && db_commit(st->db) == 0)
			return 0;
		if (ok)
			store_fail_sql(st, "cannot commit");
		store_rollback(st);
		return -1;
	}
	if (ok && db_release(st->db, "store_write") == 0)
		return 0;
	if (ok)
		store_fail_sql(st, "cannot release savepoint");
	/*
	 * After some errors SQLite has undone the caller's whole transaction
	 * (its commit will fail); else undoing fails as the write did.
	 */
	if (db_in_transaction(st->db)) {
		(void)db_rollback_to(st->db, "store_write");
		(void)db_release(st->db, "store_write");
	}
	return -1;
}

struct db_stmt *
store_cached(struct store *st, enum store_stmt slot, const char *sql)
{
	if (st->stmt[slot] == NULL)
		st->stmt[slot] = db_prepare(st->db, sql);
	return st->stmt[slot];
}

void
store_release(struct store *st, enum store_stmt slot)
{
	if (st->stmt[slot] != NULL && db_reset(st->stmt[slot]) < 0) {
		db_finalize(st->stmt[slot]);
		st->stmt[slot] = NULL;
	}
}
