/*
 * Reading the results database for the report commands.  Every SQL
 * statement of aimcmp and aimdb lives in query.c and query_admin.c; the
 * rest of report/ sees plain structs and never a statement.
 */
#ifndef AIM_QUERY_H
#define AIM_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "klog.h"
#include "measure.h"
#include "monitor.h"

struct db;

struct query_kv {
	char *key;
	char *value;
};

struct query_result {
	int64_t id;
	int64_t run_id;
	int number;
	char *test;
	int rep;
	char *status;		/* ok skip fail timeout crash */
	char *reason;		/* NULL when none */
	unsigned long factor;
	char *units;
	enum measure_judged judged;	/* the rate comparisons judge */
	enum measure_better better;	/* a time is lower-is-better */
	int copies;		/* run at once (aimrun --copies), 1 or more */
	int64_t warmup_calls;	/* -1: unknown */
	struct measure_sample *samples;	/* in seq order */
	size_t n_samples;
	/* The changes of the kernel's monitors (query_load_monitors()). */
	struct monitor_val *monitors;	/* by name; NULL: none loaded */
	size_t n_monitors;
	/* The kernel log's lines of level warning and above while it ran. */
	struct klog_line *klog;
	size_t n_klog;
};

struct query_run {
	int64_t id;
	char *tag;
	char *started_utc;
	char *ended_utc;	/* NULL while running or interrupted */
	char *status;		/* complete incomplete */
	char *source;
	char *source_file;	/* NULL unless imported */
	char *host;		/* NULL when unknown */
	char *uuid;		/* the run's identity; NULL before version 4 */
	char *options;		/* "duration_s=0.600 runs=6 ...", as aimrun
				 * stored them; "" or NULL for imports */
	struct query_kv *env;
	size_t n_env;
};

/* Everything one side of a comparison needs. */
struct query_tag {
	char *tag;
	struct query_run *runs;		/* by id */
	size_t n_runs;
	struct query_result *results;	/* by number, test, run id, rep */
	size_t n_results;
};

/*
 * Load the runs of TAG with their environment, results and samples.  With
 * N_ONLY > 0 only the runs whose ids are in ONLY are kept, with HOST not
 * NULL only those whose run.host it is (aimdb list's HOST).  Returns 0, or
 * -1 after reporting an SQLite error on stderr; *OUT then holds nothing.
 * No run is not an error: OUT->n_runs is 0.
 */
int query_tag_load(struct db *db, const char *tag, const int64_t *only,
		   size_t n_only, const char *host, struct query_tag *out);
/*
 * Only the runs of TAG (with HOST not NULL those whose run.host it is)
 * and their environment, without results: what the comparability gate
 * reads (lib/core/gate.h).  0, or -1 after reporting; *OUT then holds nothing.
 */
int query_runs_load(struct db *db, const char *tag, const char *host,
		    struct query_tag *out);
/*
 * The metrics of the samples of the N results R (id, samples with their
 * seq), from the tables of the file's version (report/query/query_metric.c).
 * 0, or -1 after reporting.
 */
/* The schema version DB holds (db_schema_version), 0 when it cannot be read. */
int query_user_version(struct db *db);

int query_load_metrics(struct db *db, struct query_result *r, size_t n);

/*
 * The changes of the kernel's monitors of every result of T, which
 * query_tag_load() leaves out (aimcmp --monitors asks), from files of
 * version 6 on; a stored name no reading makes is skipped
 * (report/query/query_kernel.c).  0, or -1 after reporting.
 */
int query_load_monitors(struct db *db, struct query_tag *t);
/* The kernel log's lines of every result of T (query_tag_load()). */
int query_load_klog(struct db *db, struct query_tag *t);

/* Release what query_tag_load() filled in; T is left empty. */
void query_tag_free(struct query_tag *t);

/*
 * Tag of run ID into *TAG (malloc'd).  Returns 1 when found, 0 when there
 * is no such run, -1 on an SQLite error (reported).
 */
int query_run_tag(struct db *db, int64_t id, char **tag);

/* The sides of a comparison: tags, and runs given by id (--run). */
struct query_pick {
	char *const *tags;
	size_t n_tags;
	const int64_t *runs;
	size_t n_runs;
	const char *host;	/* --host: only the runs of that machine */
};

/*
 * "TAG: no such tag in PATH", or with HOST "TAG: no runs of host HOST in
 * PATH", the names made printable.  Returns CLI_USER.
 */
int query_no_runs(const char *tag, const char *host, const char *path);

/*
 * Load the N_TAGS sides of PICK into SIDES (zeroed by the caller; free
 * each with query_tag_free() whatever the result).  A run given by id
 * restricts the side of its tag; a tag given k times with exactly k runs
 * gets one run per occurrence, in order.  Returns CLI_OK; CLI_USER
 * after a message when a run does not exist, carries no compared tag, or
 * a tag has no run in the database PATH; CLI_ENV after an SQLite error.
 */
int query_sides_load(struct db *db, const char *path,
		     const struct query_pick *pick, struct query_tag *sides);

/* Value of environment KEY of RUN, or NULL. */
const char *query_env(const struct query_run *run, const char *key);

#endif
