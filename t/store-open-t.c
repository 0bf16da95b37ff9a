// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening the results store: creation with its directories, the migration,
 * and every refusal (newer schema, foreign, cut or damaged files, a
 * directory), each leaving the file byte-identical; read-only opens.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "storefx.h"
#include "tap.h"

static void
test_create(const struct storefx *fx)
{
	char path[PATH_MAX + 32], buf[64], err[256];
	struct store *st;
	sqlite3 *db;

	storefx_path(fx, "new/sub/aim.db", path, sizeof(path));
	st = storefx_open_rw(path);
	if (!ok(st != NULL, "RW creates the file and its parent directories"))
		bail("cannot go on without a database");
	db = storefx_handle(st);
	is_int(storefx_int(db, "PRAGMA user_version"), store_schema_version(),
	       "migration sets user_version to the schema version");
	is_int(store_schema_version(), 9, "this build writes schema version 9");
	is_int(storefx_int(db, "PRAGMA application_id"), 0x41494d39,
	       "application_id marks the file as aimkit's");
	is_string(storefx_text(db, "PRAGMA journal_mode", buf, sizeof(buf)),
		  "wal", "RW uses WAL");
	is_int(storefx_int(db, "PRAGMA synchronous"), 1,
	       "synchronous is NORMAL");
	is_int(storefx_int(db, "PRAGMA foreign_keys"), 1,
	       "foreign keys are on");
	is_int(storefx_int(db, "SELECT count(*) FROM sqlite_master"
			   " WHERE name IN ('run', 'run_env', 'result',"
			   " 'sample', 'sample_rate', 'run_tag', 'run_import',"
			   " 'run_import_sha256', 'run_summary', 'run_started',"
			   " 'run_host')"),
	       11, "tables, view and indexes exist");
	ok(store_db(NULL) == NULL, "store_db(NULL) is NULL");
	store_close(st);
	st = storefx_open_rw(path);
	ok(st != NULL, "reopening an existing database RW works");
	store_close(st);
	st = store_open(path, STORE_RO, err, sizeof(err));
	ok(st != NULL, "reopening it RO works");
	if (st != NULL)
		is_int(storefx_int(storefx_handle(st), "PRAGMA user_version"), 9,
		       "RO sees version 9");
	else
		diag("%s", err);
	store_close(st);
}

/* Open PATH in MODE, expecting refusal with a reason containing WANT. */
static void
expect_refusal(const char *path, enum store_mode mode, const char *want,
	       const char *what)
{
	char err[256] = "";
	size_t before_len = 0, after_len = 0;
	char *before = storefx_slurp(path, &before_len);
	struct store *st = store_open(path, mode, err, sizeof(err));
	char *after = storefx_slurp(path, &after_len);

	ok(st == NULL, "%s is refused (%s)", what,
	   mode == STORE_RO ? "RO" : "RW");
	store_close(st);
	ok(strstr(err, want) != NULL && strchr(err, '\n') == NULL,
	   "with the reason: %s", err);
	if (before != NULL)
		ok(after != NULL && before_len == after_len &&
		   memcmp(before, after, before_len) == 0,
		   "and the file is byte-identical afterwards");
	free(before);
	free(after);
}

static void
make_newer(const char *path)
{
	struct store *st = storefx_open_rw(path);

	if (st == NULL ||
	    sqlite3_exec(storefx_handle(st), "PRAGMA user_version = 99", NULL,
			 NULL, NULL) != SQLITE_OK)
		bail("cannot prepare a newer database");
	store_close(st);
}

static void
test_refusals(const struct storefx *fx)
{
	char path[PATH_MAX + 32], newer[128], plain[128];
	static const char junk[] = "2024-05-01 add_long 4019704.43\n";
	int v = store_schema_version();
	struct stat sb;

	snprintf(newer, sizeof(newer), "database schema version 99 is newer"
		 " than this aimkit (%d)", v);
	snprintf(plain, sizeof(plain), "PRAGMA user_version = %d", v + 1);
	make_newer(storefx_path(fx, "newer.db", path, sizeof(path)));
	expect_refusal(path, STORE_RW, newer, "a newer schema version");
	expect_refusal(path, STORE_RO, newer, "a newer schema version");
	storefx_path(fx, "junk.db", path, sizeof(path));
	if (storefx_write(path, junk, sizeof(junk) - 1) < 0)
		bail("cannot write junk.db");
	expect_refusal(path, STORE_RW, "not an SQLite database", "a text file");
	expect_refusal(storefx_path(fx, "junk.db/aim.db", path, sizeof(path)),
		       STORE_RW, "Not a directory",
		       "a path under a file");
	expect_refusal(fx->dir, STORE_RW, "is a directory", "a directory");
	expect_refusal(fx->dir, STORE_RO, "is a directory", "a directory");
	storefx_exec(storefx_path(fx, "plain.db", path, sizeof(path)),
		 plain);
	snprintf(newer, sizeof(newer), "database schema version %d is newer"
		 " than this aimkit (%d)", v + 1, v);
	expect_refusal(path, STORE_RW, newer, "a plain newer database");
	storefx_exec(storefx_path(fx, "other.db", path, sizeof(path)),
		 "CREATE TABLE notes (t TEXT)");
	expect_refusal(path, STORE_RW, "not an aimkit database",
		       "another program's database");
	storefx_path(fx, "empty.db", path, sizeof(path));
	if (storefx_write(path, "", 0) < 0)
		bail("cannot write empty.db");
	expect_refusal(path, STORE_RO, "no results in this database",
		       "an empty file");
	storefx_path(fx, "absent.db", path, sizeof(path));
	expect_refusal(path, STORE_RO, "no such database", "a missing file");
	ok(stat(path, &sb) < 0 && errno == ENOENT,
	   "RO does not create a missing file");
}

/* A database of many pages, mostly run_env rows. */
static void
fill_db(const char *path)
{
	struct record_kv env[200];
	char keys[200][16];
	struct store *st = storefx_open_rw(path);
	int i;

	if (st == NULL)
		bail("cannot open %s", path);
	for (i = 0; i < 200; i++) {
		snprintf(keys[i], sizeof(keys[i]), "key%03d", i);
		env[i].key = keys[i];
		env[i].value = "a value long enough to fill a few pages......";
	}
	for (i = 0; i < 10; i++)
		if (storefx_begin(st, &storefx_run, env, 200) < 0)
			bail("cannot fill %s: %s", path, store_errmsg(st));
	store_close(st);
}

static void
test_truncated(const struct storefx *fx)
{
	char path[PATH_MAX + 32];
	struct stat sb;

	fill_db(storefx_path(fx, "cut.db", path, sizeof(path)));
	if (stat(path, &sb) < 0 || truncate(path, sb.st_size / 2) < 0)
		bail("cannot truncate cut.db");
	expect_refusal(path, STORE_RW, "corrupt or truncated", "a cut file");
	expect_refusal(path, STORE_RO, "corrupt or truncated", "a cut file");
}

/* Damage at OFFSET of a good file: refused unchanged, with WANT. */
static void
expect_damage_refused(const char *good, const char *path, size_t offset,
		      const char *bytes, size_t n, const char *want,
		      const char *what)
{
	size_t len = 0;
	char *data = storefx_slurp(good, &len);

	if (data == NULL || len < offset + n)
		bail("cannot read %s", good);
	memcpy(data + offset, bytes, n);
	if (storefx_write(path, data, len) < 0)
		bail("cannot write %s", path);
	free(data);
	expect_refusal(path, STORE_RW, want, what);
}

static void
test_damaged(const struct storefx *fx)
{
	char good[PATH_MAX + 32], path[PATH_MAX + 32], junk[4000];

	fill_db(storefx_path(fx, "good.db", good, sizeof(good)));
	memset(junk, 0xab, sizeof(junk));
	/* Page 1 past the file header holds the schema: sqlite_master. */
	expect_damage_refused(good, storefx_path(fx, "page1.db", path,
						 sizeof(path)),
			      100, junk, sizeof(junk), "corrupt or truncated",
			      "a damaged schema page");
	expect_damage_refused(good, storefx_path(fx, "magic.db", path,
						 sizeof(path)),
			      0, "SQLite format 4", 15, "not an SQLite database",
			      "a damaged magic string");
	/* Page size 3 is not a power of two. */
	expect_damage_refused(good, storefx_path(fx, "pgsize.db", path,
						 sizeof(path)),
			      16, "\0\3", 2, "not an SQLite database",
			      "an impossible page size");
}

static void
test_read_only(const struct storefx *fx)
{
	char path[PATH_MAX + 32], err[256];
	struct record_result res = storefx_result("add_long", 1, "ok");
	struct store *st;
	int64_t id;

	st = storefx_open_rw(storefx_path(fx, "ro.db", path, sizeof(path)));
	if (st == NULL)
		bail("cannot open ro.db");
	id = storefx_begin(st, &storefx_run, storefx_env, 3);
	if (id < 0 || storefx_add(st, id, &res, storefx_samples, 3) < 0)
		bail("cannot fill ro.db: %s", store_errmsg(st));
	store_close(st);
	st = store_open(path, STORE_RO, err, sizeof(err));
	if (!ok(st != NULL, "RO open of a current database")) {
		diag("%s", err);
		return;
	}
	is_int(storefx_begin(st, &storefx_run, storefx_env, 3), -1,
	       "RO refuses store_begin_run");
	ok(strstr(store_errmsg(st), "readonly") != NULL, "reason: %s",
	   store_errmsg(st));
	is_int(storefx_rows(storefx_handle(st)), 1 + 3 + 1 + 3,
	       "nothing was added");
	is_int(store_end_run(st, id, "complete"), -1,
	       "RO refuses store_end_run");
	store_close(st);
}

int
main(void)
{
	struct storefx fx;

	plan_lazy();
	storefx_init(&fx, "store-open-t");
	test_create(&fx);
	test_refusals(&fx);
	test_truncated(&fx);
	test_damaged(&fx);
	test_read_only(&fx);
	return storefx_finish(&fx, done_testing());
}
