/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store over one connection of db.h (store.c), shared by its writers
 * (store_rows.c, store_put.c) and each engine's open path (schema_open.c).
 */
#ifndef AIM_STORE_INT_H
#define AIM_STORE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "record.h"
#include "store.h"

#define STORE_ERR_MAX 512

/* The inserts made again and again, prepared once per connection. */
enum store_stmt {
	STORE_STMT_ENV,
	STORE_STMT_RESULT,
	STORE_STMT_SAMPLE,
	STORE_STMT_METRIC,
	STORE_STMT_RESULTS,	/* a whole run's results, sent together */
	STORE_STMT_RUN,
	STORE_STMT_IDS,		/* the ids a run's results were given */
	STORE_STMT_MONITOR,
	STORE_STMT_KLOG,
	STORE_STMT_N,
};

struct store {
	struct db *db;
	/* A server's prepare and deallocate are round trips each. */
	struct db_stmt *stmt[STORE_STMT_N];
	char err[STORE_ERR_MAX];
};

/* ST's bulk statement SLOT for TABLE's COLS, made on first use, or NULL. */
struct db_stmt *store_cached_bulk(struct store *st, enum store_stmt slot,
				  const char *table, const char *const *cols,
				  int ncols);

/* A store over DB (NULL: the open failed), or NULL with ERR, DB closed. */
struct store *store_wrap(struct db *db, char *err, size_t errlen);

/* ST's error: the formatted WHAT, ": " and the engine's reason. */
void store_fail_sql(struct store *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * A run's summary (store_summary.c), in the caller's transaction; 0 or
 * -1.  store_summary_add counts result RES of run RUN_ID, just inserted
 * with its samples; store_summary_put makes the summary of RUN, just
 * inserted whole as RUN_ID.
 */
int store_summary_add(struct store *st, int64_t run_id,
		      const struct record_result *res);
int store_summary_put(struct store *st, int64_t run_id,
		      const struct record_run *run);

/*
 * A new random (version 4) UUID, the form store_check.c writes (37
 * bytes with the NUL).  0, or -1 with ERR.
 */
int store_new_uuid(char *buf, size_t len, char *err, size_t errlen);

/* How a write was wrapped: its own transaction, or a savepoint inside one. */
enum store_tx {
	STORE_TX_TOP,
	STORE_TX_NESTED,
};

/*
 * Start a write: a transaction of its own, or a savepoint in the
 * caller's; finish it: kept when OK, else exactly what it did undone.
 * 0 or -1 (with ST's error).
 */
int store_tx_enter(struct store *st, enum store_tx *kind);
int store_tx_leave(struct store *st, enum store_tx kind, int ok);

/* ST's statement SLOT, prepared with SQL on first use; NULL on failure. */
struct db_stmt *store_cached(struct store *st, enum store_stmt slot,
			     const char *sql);

/* Done with ST's statement SLOT for now: reset, or dropped if it cannot be. */
void store_release(struct store *st, enum store_stmt slot);

/*
 * The monitors and kernel log lines of the N results RES, result i stored
 * as row IDS[i], in the caller's transaction (store_kernel.c).  0, or -1
 * with ST's error.
 */
int store_insert_kernel(struct store *st, const struct record_result *res,
			const int64_t *ids, size_t n);

/*
 * The samples of the N results RES, result i stored as row IDS[i], and
 * their metrics and histograms (store_rows.c), sent together, in the
 * caller's transaction; 0 or -1.
 */
int store_insert_samples(struct store *st, const struct record_result *res,
			 const int64_t *ids, size_t n);

/* RUN's row (store_rows.c), the record already checked: its id, or -1. */
int64_t store_insert_run(struct store *st, const struct record_run *run);

/*
 * RES's values bound to parameters 2 .. 15 of an insert into result in
 * the column order of store_rows.c, FINISHED where RES gives no time.
 */
int store_bind_result(struct db_stmt *stmt, const struct record_result *res,
		      const char *finished);

#endif
