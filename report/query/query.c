// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loads a tag's runs into their records (query_record.c) for comparison
 * and display, their results pooled, and the sides of a comparison with
 * the runs chosen by id.  Statements are prepared with bound values; a
 * failure is reported once, here, with the engine's own message.
 */
#include "config.h"

#include "query.h"

#include <stdlib.h>
#include <string.h>

#include "cli_exit.h"
#include "log.h"
#include "query_int.h"
#include "xalloc.h"
#include "tag.h"

static const char sql_run_ids[] =
	"SELECT id, host FROM run WHERE tag = ? ORDER BY id";

int
query_user_version(struct db *db)
{
	int version = db_schema_version(db);

	/* Unknown reads as the oldest: its queries then fail, and say why. */
	return version > 0 ? version : 0;
}

int
query_column_is(struct db_stmt *stmt, int i, const char *word)
{
	const char *s = db_column_text(stmt, i);

	return s != NULL && strcmp(s, word) == 0;
}

char *
query_text(struct db_stmt *stmt, int i)
{
	const char *s = db_column_text(stmt, i);

	return s != NULL ? xstrdup(s) : NULL;
}

int
query_prepare(struct db *db, const char *sql, struct db_stmt **stmt)
{
	*stmt = db_prepare(db, sql);
	if (*stmt == NULL) {
		aim_warn("database error: %s", db_errmsg(db));
		return -1;
	}
	return 0;
}

int
query_finish(struct db *db, struct db_stmt *stmt, int rc)
{
	int ok = rc == DB_DONE;

	if (!ok)
		aim_warn("database error: %s", db_errmsg(db));
	db_finalize(stmt);
	return ok ? 0 : -1;
}

static int
wanted(int64_t id, const int64_t *only, size_t n_only)
{
	if (n_only == 0)
		return 1;
	for (size_t i = 0; i < n_only; i++)
		if (only[i] == id)
			return 1;
	return 0;
}

/* Whether HOST, when given, is the host of the run row STMT is on. */
static int
on_host(struct db_stmt *stmt, int col, const char *host)
{
	const char *h;

	if (host == NULL)
		return 1;
	h = db_column_text(stmt, col);
	return h != NULL && strcmp(h, host) == 0;
}

/* The ids of TAG's runs that ONLY and HOST keep, in id order. */
static int
tag_run_ids(struct db *db, const char *tag, const int64_t *only,
	    size_t n_only, const char *host, int64_t **ids, size_t *n)
{
	struct db_stmt *stmt;
	int rc;

	*ids = NULL;
	*n = 0;
	if (query_prepare(db, sql_run_ids, &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, tag) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		int64_t id = db_column_int64(stmt, 0);

		if (!wanted(id, only, n_only) || !on_host(stmt, 1, host))
			continue;
		*ids = record_grow(*ids, *n, sizeof(**ids));
		(*ids)[(*n)++] = id;
	}
	return query_finish(db, stmt, rc);
}

int
query_run_ids(struct db *db, const char *tag, int64_t **ids, size_t *n)
{
	return tag_run_ids(db, tag, NULL, 0, NULL, ids, n);
}

/* Number, then name, then load order (run id, rep): a stable merge. */
static int
result_cmp(const void *a, const void *b)
{
	const struct record_result *x = a, *y = b;
	int c;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	c = strcmp(x->test, y->test);
	if (c != 0)
		return c;
	if (x->copies != y->copies)
		return x->copies < y->copies ? -1 : 1;
	if (x->run_id != y->run_id)
		return x->run_id < y->run_id ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Run RUN's results moved into T's pool; RUN keeps its text. */
static void
pool_results(struct query_tag *t, struct record_run *run)
{
	for (size_t i = 0; i < run->n_results; i++) {
		t->results = record_grow(t->results, t->n_results,
					 sizeof(*t->results));
		t->results[t->n_results++] = run->results[i];
	}
	free(run->results);
	run->results = NULL;
	run->n_results = 0;
}

/* The runs of TAG that ONLY and HOST keep, read as FLAGS says, into OUT. */
static int
tag_load(struct db *db, const char *tag, const int64_t *only,
	 size_t n_only, const char *host, unsigned flags,
	 struct query_tag *out)
{
	int64_t *ids;
	size_t n;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->tag = xstrdup(tag);
	if (tag_run_ids(db, tag, only, n_only, host, &ids, &n) < 0) {
		query_tag_free(out);
		return -1;
	}
	out->runs = xcalloc(n + 1, sizeof(*out->runs));
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct record_run *run = &out->runs[out->n_runs];

		rc = query_run_load(db, ids[i], flags, run, NULL);
		/* A run removed since its id was read is no run of the side. */
		if (rc > 0) {
			pool_results(out, run);
			out->n_runs++;
			rc = 0;
		}
	}
	free(ids);
	if (rc < 0) {
		query_tag_free(out);
		return -1;
	}
	if (out->n_results > 1)
		qsort(out->results, out->n_results, sizeof(*out->results),
		      result_cmp);
	return 0;
}

int
query_tag_load(struct db *db, const char *tag, const int64_t *only,
	       size_t n_only, const char *host, struct query_tag *out)
{
	return tag_load(db, tag, only, n_only, host, 0, out);
}

int
query_runs_load(struct db *db, const char *tag, const char *host,
		struct query_tag *out)
{
	return tag_load(db, tag, NULL, 0, host, QUERY_LOAD_FACTS, out);
}

void
query_tag_free(struct query_tag *t)
{
	record_results_free(t->results, t->n_results);
	for (size_t i = 0; i < t->n_runs; i++)
		record_free(&t->runs[i]);
	record_free(&t->own);
	free(t->runs);
	free(t->results);
	free(t->tag);
	memset(t, 0, sizeof(*t));
}

int
query_run_tag(struct db *db, int64_t id, char **tag)
{
	struct db_stmt *stmt;
	int rc;

	*tag = NULL;
	if (query_prepare(db, "SELECT tag FROM run WHERE id = ?", &stmt) < 0)
		return -1;
	if (db_bind_int64(stmt, 1, id) < 0)
		return query_finish(db, stmt, DB_ERROR);
	rc = db_step(stmt);
	if (rc == DB_ROW) {
		*tag = query_text(stmt, 0);
		rc = db_step(stmt);
	}
	if (query_finish(db, stmt, rc) < 0) {
		free(*tag);
		*tag = NULL;
		return -1;
	}
	return *tag != NULL;
}

int
query_no_runs(const char *tag, const char *host, const char *path)
{
	char shown[128], hshown[128];

	if (host == NULL)
		aim_warn("%s: no such tag in %s",
			 tag_shown(tag, shown, sizeof(shown)), path);
	else
		aim_warn("%s: no runs of host %s in %s",
			 tag_shown(tag, shown, sizeof(shown)),
			 tag_shown(host, hshown, sizeof(hshown)), path);
	return CLI_USER;
}

/*
 * Runs given by id (--run) restrict the sides with their tag.  A tag given k
 * times with exactly k runs gets one run per occurrence, in order, so that
 * "aimcmp -r 3 -r 4 T T" compares two runs of one tag.
 */
static size_t
side_runs(const struct query_pick *o, char *const *run_tags, size_t side,
	  int64_t *pick)
{
	const char *tag = o->tags[side];
	size_t occ = 0, n_occ = 0, n = 0;

	for (size_t s = 0; s < o->n_tags; s++) {
		if (strcmp(o->tags[s], tag) == 0) {
			if (s < side)
				occ++;
			n_occ++;
		}
	}
	for (size_t i = 0; i < o->n_runs; i++)
		if (strcmp(run_tags[i], tag) == 0)
			pick[n++] = o->runs[i];
	if (n_occ > 1 && n == n_occ) {
		pick[0] = pick[occ];
		n = 1;
	}
	return n;
}

/* Each --run must exist and carry one of the compared tags. */
static int
resolve_runs(struct db *db, const struct query_pick *o, char **run_tags)
{
	for (size_t i = 0; i < o->n_runs; i++) {
		size_t s;
		int found = query_run_tag(db, o->runs[i], &run_tags[i]);

		if (found < 0)
			return CLI_ENV;
		if (found == 0) {
			aim_warn("--run %lld: no such run", (long long)o->runs[i]);
			return CLI_USER;
		}
		for (s = 0; s < o->n_tags; s++)
			if (strcmp(o->tags[s], run_tags[i]) == 0)
				break;
		if (s == o->n_tags) {
			aim_warn("--run %lld: the run has tag '%s', which is not compared",
				 (long long)o->runs[i], run_tags[i]);
			return CLI_USER;
		}
	}
	return CLI_OK;
}

int
query_sides_load(struct db *db, const char *path,
		 const struct query_pick *o, struct query_tag *sides)
{
	char **run_tags = xcalloc(o->n_runs + 1, sizeof(*run_tags));
	int64_t *pick = xcalloc(o->n_runs + 1, sizeof(*pick));
	int rc = resolve_runs(db, o, run_tags);

	for (size_t s = 0; s < o->n_tags && rc == CLI_OK; s++) {
		size_t n = side_runs(o, run_tags, s, pick);

		if (query_tag_load(db, o->tags[s], pick, n, o->host,
				   &sides[s]) < 0)
			rc = CLI_ENV;
		else if (sides[s].n_runs == 0)
			rc = query_no_runs(o->tags[s], o->host, path);
	}
	for (size_t i = 0; i < o->n_runs; i++)
		free(run_tags[i]);
	free(run_tags);
	free(pick);
	return rc;
}
