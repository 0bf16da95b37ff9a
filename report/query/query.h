/* SPDX-License-Identifier: GPL-2.0-or-later */
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
#include "record.h"

struct db;

/* What query_run_load reads besides the run's own rows. */
enum query_load_flags {
	QUERY_LOAD_HISTS = 1,	/* the per-call histograms too */
	QUERY_LOAD_FACTS = 2,	/* the run's facts and environment only */
	QUERY_LOAD_MONITORS = 4,	/* the kernel's monitors of each result */
};

/*
 * The run of row ID whole into *RUN (zeroed first): its facts and
 * provenance, its environment (by name), its results by number, test,
 * rep and row id with their samples and metrics and kernel log lines,
 * with QUERY_LOAD_HISTS their histograms, with QUERY_LOAD_MONITORS their
 * monitors, with QUERY_LOAD_FACTS none of its results.  A run of a file
 * before uuids (schema 4) has none (export_derive_uuid gives the one
 * every path knows it by).  *UNREAD (may be NULL)
 * counts the stored rows no record can hold: metrics of names this
 * build does not know, bucket rows that make no histogram.  1 when
 * loaded, 0 when there is no such run, -1 after reporting; release RUN
 * with record_free.
 */
int query_run_load(struct db *db, int64_t id, unsigned flags,
		   struct record_run *run, size_t *unread);

/* A run as a diff meets it: its identity, and its row to read it by. */
struct query_run_key {
	int64_t id;
	char *uuid;
};

/*
 * Every run of DB with its uuid (NULL for a run older than uuids), in
 * no order: into *KEYS (*N of them; free with query_run_keys_free).  0,
 * or -1 after reporting.
 */
int query_run_keys(struct db *db, struct query_run_key **keys, size_t *n);
void query_run_keys_free(struct query_run_key *keys, size_t n);

/*
 * The row ids of the runs of TAG, in id order (malloc'd into *IDS, free
 * it): 0, or -1 after reporting.
 */
int query_run_ids(struct db *db, const char *tag, int64_t **ids, size_t *n);

/*
 * Everything one side of a comparison needs: the records of its runs,
 * their results taken out and pooled (each result's text stays its
 * run's).
 */
struct query_tag {
	char *tag;
	struct record_run *runs;	/* by id, without their results */
	size_t n_runs;
	struct record_result *results;	/* by number, test, run id, rep */
	size_t n_results;
	/* Text the side makes of its own (record_strdup into it). */
	struct record_run own;
};

/*
 * Only the runs of TAG (with HOST not NULL those whose run.host it is)
 * and their environment, without results: what the comparability gate
 * reads (lib/core/gate.h).  0, or -1 after reporting; *OUT then holds
 * nothing.
 */
int query_runs_load(struct db *db, const char *tag, const char *host,
		    struct query_tag *out);
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
 * The changes of the kernel's monitors of every result of T, which
 * query_tag_load() leaves out (aimcmp --monitors asks), from files of
 * SCHEMA_KERNEL_VERSION on; a stored name no reading makes is skipped
 * (report/query/query_kernel.c).  0, or -1 after reporting.
 */
int query_load_monitors(struct db *db, struct query_tag *t);
/* The schema version DB holds (db_schema_version), 0 when it cannot be read. */
int query_user_version(struct db *db);

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

#endif
