// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * store_reopen(), the open aimrun makes once per result: the schema and
 * page checks are made once per file, again for a file migrated since,
 * and the header and version on every open; a file replaced or moved
 * since is refused, never written to and never made again.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "storefx.h"
#include "tap.h"

/* store_reopen of PATH with SEEN: 1 when it opened. */
static int
reopens(const char *path, struct store_checked *seen, char *err,
	size_t errlen)
{
	struct store *st = store_reopen(path, seen, err, errlen);

	store_close(st);
	return st != NULL;
}

/* Whether store_reopen refuses PATH with WANT, leaving it unchanged. */
static int
refuses(const char *path, struct store_checked *seen, const char *want)
{
	size_t n0 = 0, n1 = 0;
	char *before = storefx_slurp(path, &n0);
	char err[256] = "";
	int opened = reopens(path, seen, err, sizeof(err));
	char *after = storefx_slurp(path, &n1);
	int same = before != NULL && after != NULL && n0 == n1 &&
		   memcmp(before, after, n0) == 0;

	free(before);
	free(after);
	if (!opened && strstr(err, want) == NULL)
		diag("refused with: %s", err);
	return !opened && strstr(err, want) != NULL && same;
}

/* PATH's content written to TMP, then renamed over PATH. */
static void
replace(const char *path, const char *tmp)
{
	size_t n = 0;
	char *data = storefx_slurp(path, &n);

	if (data == NULL || storefx_write(tmp, data, n) < 0 ||
	    rename(tmp, path) < 0)
		bail("cannot replace %s", path);
	free(data);
}

static const char trigger[] = "CREATE TRIGGER eat AFTER INSERT ON sample"
			      " BEGIN DELETE FROM sample; END";

int
main(void)
{
	struct storefx fx;
	struct store_checked seen = { 0 }, fresh = { 0 }, again = { 0 };
	char path[PATH_MAX + 32], copy[PATH_MAX + 32], away[PATH_MAX + 32];
	char err[256], now[64];

	plan_lazy();
	snprintf(now, sizeof(now), "PRAGMA user_version = %d",
		 store_schema_version());
	storefx_init(&fx, "store-reopen-t");
	storefx_path(&fx, "aim.db", path, sizeof(path));
	storefx_path(&fx, "copy.db", copy, sizeof(copy));
	storefx_path(&fx, "away.db", away, sizeof(away));
	ok(reopens(path, &seen, err, sizeof(err)), "the first open creates it");
	ok(reopens(path, &seen, err, sizeof(err)), "the second open works");
	/* A change the schema check finds, made in place: same inode. */
	storefx_exec(path, trigger);
	ok(refuses(path, &fresh, "trigger eat"),
	   "a first open checks the schema");
	ok(reopens(path, &seen, err, sizeof(err)),
	   "a file checked before is not checked again on every open");
	/* The same content under a new inode, renamed into place. */
	replace(path, copy);
	ok(refuses(path, &seen, "replaced by another file during the run"),
	   "a file replaced since is refused, whatever it holds");
	ok(refuses(path, &again, "trigger eat"),
	   "a writer that sees it first checks it");
	storefx_exec(path, "DROP TRIGGER eat");
	ok(reopens(path, &again, err, sizeof(err)), "and opens it once sound");
	storefx_exec(path, "PRAGMA user_version = 1");
	ok(refuses(path, &again, "run_import"),
	   "a file whose version changed is checked again");
	storefx_exec(path, now);
	ok(reopens(path, &again, err, sizeof(err)), "(set back)");
	storefx_exec(path, "PRAGMA user_version = 99");
	ok(refuses(path, &again, "version 99 is newer"),
	   "the version is read on every open");
	storefx_exec(path, now);
	if (rename(path, away) != 0)
		bail("cannot move %s", path);
	ok(!reopens(path, &again, err, sizeof(err)) &&
	   strstr(err, "no longer there: moved or removed") != NULL,
	   "a file moved away is not made again: %s", err);
	ok(access(path, F_OK) != 0, "nothing is at its name");
	return storefx_finish(&fx, done_testing());
}
