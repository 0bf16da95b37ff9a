/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimdb's verbs.  Each takes the verb's own arguments (ARGV[0] is the verb)
 * and returns an exit status (cli.h); only main() exits.
 */
#ifndef AIM_AIMDB_H
#define AIM_AIMDB_H

#include <stddef.h>

struct option;

struct aimdb {
	const char *db_path;	/* resolved --db, $AIM_DB or default */
};

int aimdb_list(const struct aimdb *a, int argc, char **argv);
int aimdb_show(const struct aimdb *a, int argc, char **argv);
int aimdb_check(const struct aimdb *a, int argc, char **argv);
int aimdb_rm(const struct aimdb *a, int argc, char **argv);
int aimdb_rename(const struct aimdb *a, int argc, char **argv);
int aimdb_import(const struct aimdb *a, int argc, char **argv);
int aimdb_export(const struct aimdb *a, int argc, char **argv);
int aimdb_merge(const struct aimdb *a, int argc, char **argv);
int aimdb_push(const struct aimdb *a, int argc, char **argv);

struct store;
struct import_file;

/*
 * Runs of one database copied into another by uuid (aimdb merge, and
 * aimdb push with the roles swapped), each through the JSON export's
 * document and the checks of its import, in a transaction of its own.
 */
struct aimdb_copy {
	const char *from_name;	/* the database read, as given */
	const char *to_name;	/* the database written, as given */
	const char *verb;	/* "merged", "pushed": the summary's word */
	int incomplete;		/* copy runs that are not complete too */
	int per_run;		/* one line per run: VERB, skipped, left out */
	struct store *from;
	struct store *to;
	size_t copied;
	size_t skipped;		/* its uuid was there */
	size_t left_out;	/* incomplete, without INCOMPLETE */
};

/*
 * Open M->from_name read only (MISSING: what to say when it does not
 * exist) and take one snapshot of it.  CLI_OK or an exit status after
 * reporting; close M->from with store_close either way.
 */
int aimdb_copy_open(struct aimdb_copy *m, const char *missing);
/*
 * Copy the runs of the tags ARGV names from optind (all when none) into
 * M->to_name, opened for writing here, then print the summary line
 * "VERB N runs, skipped M already present[, left out K incomplete]".
 * CLI_OK or an exit status after reporting.
 */
int aimdb_copy_runs(struct aimdb_copy *m, int argc, char **argv);

/*
 * Refuse the runs of F whose uuid ST holds (one line naming FILE, the
 * uuid and its tag: CLI_USER), or with AGAIN give them new uuids.
 * CLI_OK, or CLI_ENV after reporting.
 */
/*
 * The tags of ST (a file DB_NAME) named by ARGV from optind, each checked
 * to have runs; or, when none is named, all its tags.  CLI_OK or an exit
 * status after reporting; free *TAGS with query_tags_free either way.
 */
int aimdb_tags_given(const char *db_name, struct store *st, int argc,
		     char **argv, char ***tags, size_t *n);

int aimdb_uuids_seen(struct store *st, struct import_file *f, int again,
		     const char *file);

/*
 * "aimdb: TAG: no such tag in DB_PATH" (WITH_RUNS: "... tag with those
 * runs ..."), the tag made printable on one line (tag_printable).
 */
void aimdb_no_tag(const char *tag, int with_runs, const char *db_path);

/* One line "aimdb: VERB: what" on stderr (made printable); CLI_USER. */
int aimdb_usage_error(const char *verb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Options common to every verb: handles -h/--help (prints USAGE, sets
 * *DONE).  Returns the getopt result like getopt_long, with '?' already
 * reported.  Call with optind reset to 0 before the first call.
 */
int aimdb_getopt(int argc, char **argv, const char *shortopts,
		 const struct option *longopts, const char *usage, int *done);

#endif
