// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fixture of the store tests.  The SQL here only reads back what the
 * store wrote; it is the independent view a user of the sqlite3 shell has.
 */
#include "config.h"

#include "storefx.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "db.h"
#include "db_sqlite.h"
#include "tap.h"

const struct record_run storefx_run = {
	.tag = "bare", .suite = "aim9",
	.options = "duration_s=2 runs=3 filesize_k=5120",
	.source = "aimrun", .source_file = NULL,
	.aim_version = "0.1.0", .host = "testhost",
};

const struct record_kv storefx_env[3] = {
	{ "uname.release", "6.9.0-rc1" },
	{ "cpu.model", "Test CPU @ 1.00GHz" },
	{ "thp.enabled", "madvise" },
};

const struct measure_sample storefx_samples[3] = {
	{ .calls = 1000, .elapsed_ns = 200000000, .printed_ops = -1.0,
	  .m = { .have = 3, .v = { [MEASURE_VOL_CS] = 3,
				   [MEASURE_INVOL_CS] = 7 } } },
	{ .calls = 1100, .elapsed_ns = 210000000, .printed_ops = -1.0 },
	{ .calls = 0, .elapsed_ns = 0, .printed_ops = 4374384.24,
	  .m = { .have = 3 } },
};

void
storefx_init(struct storefx *fx, const char *name)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(fx->dir, sizeof(fx->dir), "%s/%s.XXXXXX",
		 tmp != NULL && *tmp != '\0' ? tmp : "/tmp", name);
	if (mkdtemp(fx->dir) == NULL)
		bail("mkdtemp %s: %s", fx->dir, strerror(errno));
}

static int
remove_entry(const char *path, const struct stat *sb, int type,
	     struct FTW *ftw)
{
	return remove(path);
}

int
storefx_finish(struct storefx *fx, int rc)
{
	/* Keep the files of a failed run for a look with the sqlite3 shell. */
	if (rc != 0)
		diag("files kept in %s", fx->dir);
	else if (nftw(fx->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
		diag("cannot remove %s: %s", fx->dir, strerror(errno));
	return rc;
}

const char *
storefx_path(const struct storefx *fx, const char *name, char *buf,
	     size_t len)
{
	snprintf(buf, len, "%s/%s", fx->dir, name);
	return buf;
}

char *
storefx_slurp(const char *path, size_t *len)
{
	struct stat sb;
	char *buf = NULL;
	FILE *f;

	/* Directories open for reading too, but have no bytes to compare. */
	if (stat(path, &sb) < 0 || !S_ISREG(sb.st_mode))
		return NULL;
	f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	buf = malloc((size_t)sb.st_size + 1);
	if (buf != NULL)
		*len = fread(buf, 1, (size_t)sb.st_size, f);
	/* Read-only stream: nothing is lost if close fails. */
	(void)fclose(f);
	return buf;
}

int
storefx_write(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int rc;

	if (f == NULL)
		return -1;
	rc = fwrite(data, 1, len, f) == len ? 0 : -1;
	return fclose(f) == 0 ? rc : -1;
}

void
storefx_exec(const char *path, const char *sql)
{
	sqlite3 *db = NULL;

	if (sqlite3_open(path, &db) != SQLITE_OK ||
	    sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_close(db) != SQLITE_OK)
		bail("cannot run SQL on %s: %s", path, sqlite3_errmsg(db));
}

int64_t
storefx_int(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *stmt = NULL;
	int64_t v = -999;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		v = sqlite3_column_int64(stmt, 0);
	/* A failed step already made V the error value. */
	(void)sqlite3_finalize(stmt);
	return v;
}

const char *
storefx_text(sqlite3 *db, const char *sql, char *buf, size_t len)
{
	sqlite3_stmt *stmt = NULL;

	snprintf(buf, len, "(error)");
	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(stmt, 0);

		snprintf(buf, len, "%s", t != NULL ? (const char *)t : "(null)");
	}
	(void)sqlite3_finalize(stmt);	/* as in storefx_int */
	return buf;
}

int64_t
storefx_rows(sqlite3 *db)
{
	return storefx_int(db, "SELECT (SELECT count(*) FROM run)"
			   " + (SELECT count(*) FROM run_env)"
			   " + (SELECT count(*) FROM result)"
			   " + (SELECT count(*) FROM sample)");
}

struct record_result
storefx_result(const char *test, int rep, const char *status)
{
	struct record_result r = {
		.number = 3, .test = test, .rep = rep, .status = status,
		.reason = NULL, .factor = 1000,
		.units = "Thousand Long Integer Additions/second",
		.warmup_calls = 50, .warmup_ns = 10000000, .source_line = 0,
		.copies = 1,
	};

	return r;
}

int64_t
storefx_begin(struct store *st, const struct record_run *run,
	      const struct record_kv *env, size_t n)
{
	struct record_run r = *run;
	int64_t id;

	r.env = calloc(n + 1, sizeof(*r.env));
	if (r.env == NULL)
		bail("out of memory");
	if (n > 0)
		memcpy(r.env, env, n * sizeof(*env));
	r.n_env = n;
	id = store_begin_run(st, &r);
	free(r.env);
	return id;
}

int
storefx_add(struct store *st, int64_t run_id, const struct record_result *res,
	    const struct measure_sample *s, size_t n)
{
	struct record_result r = *res;
	int rc;

	r.samples = calloc(n + 1, sizeof(*r.samples));
	if (r.samples == NULL)
		bail("out of memory");
	if (n > 0)
		memcpy(r.samples, s, n * sizeof(*s));
	r.n_samples = n;
	rc = store_add_result(st, run_id, &r);
	free(r.samples);
	return rc;
}

struct store *
storefx_open_rw(const char *path)
{
	char err[256];
	struct store *st = store_open(path, STORE_RW, err, sizeof(err));

	if (st == NULL)
		diag("store_open %s: %s", path, err);
	return st;
}

sqlite3 *
storefx_handle(struct store *st)
{
	return db_sqlite_handle(store_db(st));
}

/* A line of db_check's verdict, counted. */
static void
count_line(const char *line, void *arg)
{
	(void)line;
	(*(int *)arg)++;
}

int64_t
storefx_orphans(struct store *st)
{
	int64_t n = -1;
	int lines = 0;

	return db_check(store_db(st), count_line, &lines, &n) == 0 ? n : -1;
}
