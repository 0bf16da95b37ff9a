/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimdb's verbs.  Each takes the verb's own arguments (ARGV[0] is the verb)
 * and returns an exit status (cli.h); only main() exits.
 */
#ifndef AIM_AIMDB_H
#define AIM_AIMDB_H

#include <pthread.h>
#include <stddef.h>

struct option;
struct record_run;

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
int aimdb_diff(const struct aimdb *a, int argc, char **argv);

struct store;
struct query_probe;
struct aimdb_jobs;

/*
 * Runs of one database copied into another by uuid (aimdb merge, and
 * aimdb push with the roles swapped), store to store, each run read
 * whole, checked (record_check) and stored in a transaction of its own
 * (aimdb_copy.c).
 */
/* The most connections aimdb push --jobs opens. */
#define AIMDB_JOBS_MAX 32

/* One connection to the database written, and its question of uuids. */
struct aimdb_copy_conn {
	struct store *to;
	struct query_probe *probe;	/* which uuids TO holds */
};

struct aimdb_copy {
	const char *from_name;	/* the database read, as given */
	const char *to_name;	/* the database written, as given */
	const char *verb;	/* "merged", "pushed": a run's line */
	const char *verb_cmd;	/* "merge", "push": the messages' */
	int incomplete;		/* copy runs that are not complete too */
	int per_run;		/* one line per run: VERB, skipped, left out */
	int lossy;		/* copy runs holding unknown metrics without */
	/*
	 * Runs written at once, each over a connection of its own (a
	 * server's: aimdb_copy_jobs.c); 0 or 1 for one at a time.
	 */
	unsigned jobs;
	struct aimdb_jobs *q;	/* the writers, while JOBS > 1 */
	struct store *from;
	struct aimdb_copy_conn conn;	/* the first (or only) writer's */
	/* The counts and stdout, shared with the writers. */
	pthread_mutex_t out;
	size_t copied;
	size_t present;		/* its uuid was there */
	size_t refused;		/* the target does not take it */
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
 * M->to_name, opened for writing here, one line on stderr per run it
 * refuses, then print the summary line "N copied, M already present,
 * K refused[, L incomplete left out]".  CLI_OK, CLI_USER when a run was
 * refused, or an exit status after reporting.
 */
int aimdb_copy_runs(struct aimdb_copy *m, int argc, char **argv);

/*
 * RUN stored through C (one transaction of its own) unless the target
 * holds its uuid, counted and told in M under M->out.  CLI_OK (stored,
 * present, or refused and named) or CLI_ENV after reporting.
 */
int aimdb_copy_send(struct aimdb_copy *m, struct aimdb_copy_conn *c,
		    const struct record_run *run);

/*
 * The writers of M (aimdb_copy_jobs.c): M->jobs threads, the first on
 * M->conn, the others on connections opened here, each storing the
 * runs given with aimdb_copy_sendq in turn.  CLI_OK or an exit status
 * after reporting (nothing then started).
 */
int aimdb_jobs_start(struct aimdb_copy *m);
/*
 * RUN handed to the next free writer, which frees it; waits while all
 * are busy and the queue is full.  CLI_OK, or CLI_ENV once a writer has
 * stopped on a failure (RUN freed).
 */
int aimdb_copy_sendq(struct aimdb_copy *m, struct record_run *run);
/*
 * No more runs: the queued ones stored, the writers joined, their own
 * connections closed.  CLI_OK, or CLI_ENV when a writer stopped.
 */
int aimdb_jobs_end(struct aimdb_copy *m);

/*
 * The tags of ST (a file DB_NAME) named by ARGV from optind, each checked
 * to have runs; or, when none is named, all its tags.  CLI_OK or an exit
 * status after reporting; free *TAGS with query_tags_free either way.
 */
int aimdb_tags_given(const char *db_name, struct store *st, int argc,
		     char **argv, char ***tags, size_t *n);

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
