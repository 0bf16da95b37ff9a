// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb rm and rename: the only verbs that change existing runs.  Each
 * checks its tags inside its write transaction, holding the lock of the
 * runs' identities, so neither a concurrent aimrun nor another rename
 * can slip a run in between the check and the change.
 */
#include "config.h"

#include "aimdb.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cli.h"
#include "dbtarget.h"
#include "log.h"
#include "query_admin.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

static const struct option help_only[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * Open an existing database for writing, begin and take the identity
 * lock; NULL with *RC set on failure.  Editing runs never creates a
 * database: a missing file is a mistyped --db.
 */
static struct store *
begin_write(const struct aimdb *a, int *rc)
{
	struct store *st;
	struct stat sb;

	if (!db_target_is_postgres(a->db_path) && stat(a->db_path, &sb) < 0 &&
	    errno == ENOENT) {
		aim_warn("%s: no such database: nothing to change", a->db_path);
		*rc = CLI_USER;
		return NULL;
	}
	st = cli_open(a->db_path, STORE_EDIT, rc);

	if (st != NULL && (store_begin(st) < 0 ||
			   store_lock_identity(st) < 0)) {
		aim_warn("%s: %s", a->db_path, store_errmsg(st));
		store_close(st);
		*rc = CLI_ENV;
		return NULL;
	}
	return st;
}

/*
 * Commit when RC is CLI_OK and the report (printed by the caller inside
 * the transaction) reached stdout, else roll back; then close.  So the
 * exit status always says whether the change was made.
 */
static int
end_write(const struct aimdb *a, struct store *st, int rc)
{
	if (rc == CLI_OK && (fflush(stdout) != 0 || ferror(stdout))) {
		aim_warn_errno("stdout: nothing changed");
		rc = CLI_ENV;
	}
	if (rc == CLI_OK && store_commit(st) < 0) {
		aim_warn("%s: %s", a->db_path, store_errmsg(st));
		rc = CLI_ENV;
	}
	if (rc != CLI_OK)
		store_rollback(st);
	store_close(st);
	return rc;
}

/* Runs of TAG into *N; a tag without runs is a user error. */
static int
existing(const struct aimdb *a, struct store *st, const char *tag,
	 int64_t *n)
{
	if (query_tag_runs(store_db(st), tag, n) < 0)
		return CLI_ENV;
	if (*n == 0) {
		aimdb_no_tag(tag, 0, a->db_path);
		return CLI_USER;
	}
	return CLI_OK;
}

int
aimdb_rm(const struct aimdb *a, int argc, char **argv)
{
	static const char usage[] = "Usage: aimdb rm TAG...\n"
				    "Remove the tags with all their runs.\n";
	int64_t *n_runs;
	struct store *st;
	int done = 0, rc;

	if (aimdb_getopt(argc, argv, "h", help_only, usage, &done) != -1)
		return CLI_USER;
	if (done)
		return CLI_OK;
	if (optind >= argc)
		return aimdb_usage_error("rm", "give at least one TAG");
	st = begin_write(a, &rc);
	if (st == NULL)
		return rc;
	n_runs = xcalloc((size_t)(argc - optind), sizeof(*n_runs));
	rc = CLI_OK;
	/* Every tag must exist before any is removed. */
	for (int i = optind; i < argc && rc == CLI_OK; i++)
		rc = existing(a, st, argv[i], &n_runs[i - optind]);
	for (int i = optind; i < argc && rc == CLI_OK; i++)
		if (query_tag_remove(store_db(st), argv[i]) < 0)
			rc = CLI_ENV;
	for (int i = optind; i < argc && rc == CLI_OK; i++) {
		/* A tag from the database may hold anything: shown as data. */
		fputs("removed ", stdout);
		tag_fput(stdout, argv[i], 0);
		printf(" (%lld run%s)\n", (long long)n_runs[i - optind],
		       n_runs[i - optind] == 1 ? "" : "s");
	}
	rc = end_write(a, st, rc);
	free(n_runs);
	return rc;
}

static int
rename_tags(const struct aimdb *a, struct store *st, const char *old,
	    const char *new, int64_t *n)
{
	int64_t clash;
	int rc = existing(a, st, old, n);

	if (rc != CLI_OK)
		return rc;
	if (query_tag_runs(store_db(st), new, &clash) < 0)
		return CLI_ENV;
	if (clash > 0) {
		aim_warn("rename: tag '%s' already exists (%lld runs); remove or rename it first",
			 new, (long long)clash);
		return CLI_USER;
	}
	return query_tag_rename(store_db(st), old, new) < 0 ? CLI_ENV
								: CLI_OK;
}

int
aimdb_rename(const struct aimdb *a, int argc, char **argv)
{
	static const char usage[] = "Usage: aimdb rename OLD NEW\n"
				    "Give every run of tag OLD the tag NEW.\n";
	char why[256], shown[64];
	struct store *st;
	int64_t n = 0;
	int done = 0, rc;

	if (aimdb_getopt(argc, argv, "h", help_only, usage, &done) != -1)
		return CLI_USER;
	if (done)
		return CLI_OK;
	if (argc - optind != 2)
		return aimdb_usage_error("rename", "give OLD and NEW");
	if (tag_check(argv[optind + 1], why, sizeof(why)) < 0)
		return aimdb_usage_error("rename", "%s: %s",
					 tag_shown(argv[optind + 1], shown,
						   sizeof(shown)), why);
	st = begin_write(a, &rc);
	if (st == NULL)
		return rc;
	rc = rename_tags(a, st, argv[optind], argv[optind + 1], &n);
	if (rc == CLI_OK) {
		fputs("renamed ", stdout);
		tag_fput(stdout, argv[optind], 0);
		fputs(" to ", stdout);
		tag_fput(stdout, argv[optind + 1], 0);
		printf(" (%lld run%s)\n", (long long)n, n == 1 ? "" : "s");
	}
	return end_write(a, st, rc);
}
