/*
 * The store over one connection of db.h (store.c), shared by its writer
 * (store_rows.c) and each engine's open path (schema_open.c).
 */
#ifndef AIM_STORE_INT_H
#define AIM_STORE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "store.h"

#define STORE_ERR_MAX 512

/* The inserts made again and again, prepared once per connection. */
enum store_stmt {
	STORE_STMT_ENV,
	STORE_STMT_RESULT,
	STORE_STMT_SAMPLE,
	STORE_STMT_METRIC,
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
/* Done with ST's statement SLOT for now: reset, or dropped if it cannot be. */
void store_stmt_release(struct store *st, enum store_stmt slot);

/*
 * The monitors and kernel log lines of RES, result RESULT_ID, in the
 * caller's transaction (store_kernel.c).  0, or -1 with ST's error.
 */
int store_kernel_rows(struct store *st, int64_t result_id,
		      const struct store_result *res);

/* A store over DB (NULL: the open failed), or NULL with ERR, DB closed. */
struct store *store_wrap(struct db *db, char *err, size_t errlen);

/* ST's error: the formatted WHAT, ": " and the engine's reason. */
void store_fail_sql(struct store *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The forms of store_check.c the store writes by itself: the time
 * now in UTC, "YYYY-MM-DDTHH:MM:SSZ" (21 bytes with the NUL), and a new
 * random (version 4) UUID (37 bytes).  0, or -1 with ERR.
 */
int store_now_utc(char *buf, size_t len, char *err, size_t errlen);
int store_new_uuid(char *buf, size_t len, char *err, size_t errlen);

#endif
