/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The database queries of aimdb's housekeeping verbs: listing, checking,
 * removing and renaming tags, and what an import asks first.
 * Like query.c, the only place these statements exist.
 */
#ifndef AIM_QUERY_ADMIN_H
#define AIM_QUERY_ADMIN_H

#include <stddef.h>
#include <stdint.h>

struct db;

/* One run, summarised for "aimdb list". */
struct query_list_row {
	int64_t id;
	char *tag;
	char *started_utc;
	char *status;
	char *source;
	char *host;		/* run host, else env hostname, else NULL */
	char *release;		/* env uname.release or NULL */
	int64_t n_tests;	/* distinct tests with a result */
	int64_t n_ok;		/* ok results */
	int64_t n_samples;
};

/*
 * All runs, grouped by tag (tags in order of their first run), by id
 * within a tag.  0, or -1 after reporting.  Free with query_list_free().
 */
int query_list(struct db *db, struct query_list_row **rows, size_t *n);
void query_list_free(struct query_list_row *rows, size_t n);
/* Release what one row holds (the array stays). */
void query_list_free_row(struct query_list_row *r);

/* All tags in order of their first run (malloc'd array of strings). */
int query_tags(struct db *db, char ***tags, size_t *n);
void query_tags_free(char **tags, size_t n);

/* Number of runs of TAG into *N.  0 or -1. */
int query_tag_runs(struct db *db, const char *tag, int64_t *n);

/*
 * Delete every run of TAG with its environment, results and samples, or
 * give every run of OLD the tag NEW.  The caller holds the transaction.
 * 0 or -1 (reported).
 */
int query_tag_remove(struct db *db, const char *tag);
int query_tag_rename(struct db *db, const char *old, const char *new);

/* The first run stored from a file of the same content. */
struct query_import_hit {
	int64_t run_id;
	char *tag;
	char *started_utc;
};

/*
 * The earliest run imported from content SHA256 into *HIT: 1 found, 0
 * none, -1 after reporting.  Free a found hit with query_import_hit_free.
 */
int query_import_find(struct db *db, const char *sha256,
		      struct query_import_hit *hit);
void query_import_hit_free(struct query_import_hit *hit);

/*
 * Whether a run with UUID is stored in DB, asked with one statement
 * prepared once for many runs (a merge or push asks of each): 1, 0, or
 * -1 after reporting.  DB is of this build's schema (a store opened to
 * write).  Close with query_probe_close (NULL-safe), before DB.
 */
struct query_probe;
struct query_probe *query_probe_open(struct db *db);
int query_probe_uuid(struct query_probe *p, const char *uuid);
void query_probe_close(struct query_probe *p);

/*
 * Whether DB holds a run of RUN's content (record_same_content, any tag):
 * 1 with the first one's id in *ID and its tag in *TAG (malloc'd), 0
 * none or RUN holds no sample of a rate, -1 after reporting.  DB is of
 * this build's schema (query_same.c).
 */
struct record_run;
int query_run_same(struct db *db, const struct record_run *run, int64_t *id,
		   char **tag);

/*
 * Whether a run with UUID is stored: 1 with its tag in *TAG (malloc'd),
 * 0 when none, -1 after reporting.
 */
int query_run_uuid(struct db *db, const char *uuid, char **tag);

struct query_check {
	int user_version;
	char **integrity;	/* integrity_check lines; "ok" when sound */
	size_t n_integrity;
	int64_t fk_violations;	/* rows of foreign_key_check, -1 unchecked */
	char **incomplete;	/* "run ID (TAG, started ...)" per run */
	size_t n_incomplete;
	int listed;		/* the incomplete runs were looked for */
};

/*
 * Run the checks into *OUT: the engine's own and, when RUNS is set, the
 * incomplete runs, read from the table run (which a schema that differs
 * may have made a view that never ends).  0, or -1 after reporting.
 */
int query_check(struct db *db, int runs, struct query_check *out);
void query_check_free(struct query_check *c);

#endif
