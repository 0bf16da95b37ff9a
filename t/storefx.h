/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared fixture of the store tests: a private directory that is removed
 * when all passed, test-side SQL for reading back, and one set of sample
 * data, so both store test programs check the same values.
 */
#ifndef AIM_STOREFX_H
#define AIM_STOREFX_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store.h"

struct storefx {
	char dir[PATH_MAX];
};

/* A run, three environment pairs and three samples (the third imported). */
extern const struct record_run storefx_run;
extern const struct record_kv storefx_env[3];
extern const struct measure_sample storefx_samples[3];

/* Make a private directory under $TMPDIR or /tmp; bails out on failure. */
void storefx_init(struct storefx *fx, const char *name);
/* Remove it when RC is 0, else keep it and say where; returns RC. */
int storefx_finish(struct storefx *fx, int rc);
/* NAME inside the directory, written into BUF. */
const char *storefx_path(const struct storefx *fx, const char *name,
			 char *buf, size_t len);

/* Whole file (malloc'd, NULL on error) and its size; write one. */
char *storefx_slurp(const char *path, size_t *len);
int storefx_write(const char *path, const void *data, size_t len);

/*
 * SQL run on the file PATH through SQLite alone, as another program
 * would; bails out on failure.
 */
void storefx_exec(const char *path, const char *sql);
/* One integer answer of SQL, or -999 on any error. */
int64_t storefx_int(sqlite3 *db, const char *sql);
/* One text answer into BUF: "(null)" for NULL, "(error)" on error. */
const char *storefx_text(sqlite3 *db, const char *sql, char *buf, size_t len);
/* Rows in run, run_env, result and sample together. */
int64_t storefx_rows(sqlite3 *db);

/*
 * The rows without a parent aimdb check counts in ST (db_check), the
 * samples and metrics no key holds since schema version 9 among them;
 * -1 when it cannot tell.
 */
int64_t storefx_orphans(struct store *st);

/* add_long, factor 1000, warm-up 50 calls in 10 ms, no reason. */
struct record_result storefx_result(const char *test, int rep,
				    const char *status);
/*
 * store_begin_run of RUN with the N facts ENV, and store_add_result of
 * RES with the N samples S: the fixture's constant data lent to the
 * record, which the store takes whole.
 */
int64_t storefx_begin(struct store *st, const struct record_run *run,
		      const struct record_kv *env, size_t n);
int storefx_add(struct store *st, int64_t run_id,
		const struct record_result *res,
		const struct measure_sample *s, size_t n);
/* The SQLite handle under ST (NULL-safe), for reading the file back. */
sqlite3 *storefx_handle(struct store *st);
/* store_open RW, with a diagnostic on failure. */
struct store *storefx_open_rw(const char *path);

#endif
