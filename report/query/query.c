/*
 * Loads a tag's runs, environment, results and samples into plain structs
 * for comparison, display and export, and the sides of a comparison with
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
#include "schema_ver.h"
#include "xalloc.h"
#include "tag.h"

static const char sql_runs[] =
	"SELECT id, tag, started_utc, ended_utc, status, source,"
	" source_file, host, uuid, options FROM run WHERE tag = ? ORDER BY id";

/* Before version 4 a run had no identity. */
static const char sql_runs_v3[] =
	"SELECT id, tag, started_utc, ended_utc, status, source,"
	" source_file, host, NULL, options FROM run WHERE tag = ? ORDER BY id";

static const char sql_env[] =
	"SELECT key, value FROM run_env WHERE run_id = ? ORDER BY key";

/* One row per sample; a result without samples still gives one row. */
#define SQL_RESULTS(LAST)						\
	"SELECT r.id, r.number, r.test, r.rep, r.status, r.reason, r.factor,"	\
	" r.units, s.seq, s.calls, s.elapsed_ns, s.printed_ops, " LAST	\
	", r.warmup_calls"							\
	" FROM result AS r LEFT JOIN sample AS s ON s.result_id = r.id"	\
	" WHERE r.run_id = ? ORDER BY r.number, r.test, r.rep, r.id, s.seq"

static const char sql_results[] = SQL_RESULTS("r.judged, r.better, r.copies");

/* Before version 5 every result was one copy. */
static const char sql_results_v4[] = SQL_RESULTS("r.judged, r.better, 1");

/* Before version 4 the judged rate followed from the test's name. */
static const char sql_results_v3[] = SQL_RESULTS(
	"CASE WHEN r.test IN " SCHEMA_PEAK_TESTS " THEN 'peak'"
	" ELSE 'mean' END, 'higher', 1");

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
load_env(struct db *db, struct query_run *run)
{
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc;

	if (query_prepare(db, sql_env, &stmt) < 0)
		return -1;
	if (db_bind_int64(stmt, 1, run->id) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		struct query_kv *kv;

		if (run->n_env == cap) {
			cap = cap ? 2 * cap : 16;
			run->env = xrealloc(run->env, cap * sizeof(*run->env));
		}
		kv = &run->env[run->n_env++];
		kv->key = query_text(stmt, 0);
		kv->value = query_text(stmt, 1);
		if (kv->key == NULL)
			kv->key = xstrdup("");
		if (kv->value == NULL)
			kv->value = xstrdup("");
	}
	return query_finish(db, stmt, rc);
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

static void
read_run(struct db_stmt *stmt, struct query_run *run)
{
	memset(run, 0, sizeof(*run));
	run->id = db_column_int64(stmt, 0);
	run->tag = query_text(stmt, 1);
	run->started_utc = query_text(stmt, 2);
	run->ended_utc = query_text(stmt, 3);
	run->status = query_text(stmt, 4);
	run->source = query_text(stmt, 5);
	run->source_file = query_text(stmt, 6);
	run->host = query_text(stmt, 7);
	run->uuid = query_text(stmt, 8);
	run->options = query_text(stmt, 9);
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

static int
load_runs(struct db *db, struct query_tag *t, const int64_t *only,
	  size_t n_only, const char *host)
{
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc;

	if (query_prepare(db, query_user_version(db) >= 4 ? sql_runs
							   : sql_runs_v3,
			  &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, t->tag) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		if (!wanted(db_column_int64(stmt, 0), only, n_only) ||
		    !on_host(stmt, 7, host))
			continue;
		if (t->n_runs == cap) {
			cap = cap ? 2 * cap : 4;
			t->runs = xrealloc(t->runs, cap * sizeof(*t->runs));
		}
		read_run(stmt, &t->runs[t->n_runs++]);
	}
	return query_finish(db, stmt, rc);
}

static void
read_result(struct db_stmt *stmt, int64_t run_id, struct query_result *r)
{
	int64_t factor = db_column_int64(stmt, 6);

	memset(r, 0, sizeof(*r));
	r->id = db_column_int64(stmt, 0);
	r->run_id = run_id;
	r->number = (int)db_column_int64(stmt, 1);
	r->test = query_text(stmt, 2);
	r->rep = (int)db_column_int64(stmt, 3);
	r->status = query_text(stmt, 4);
	r->reason = query_text(stmt, 5);
	r->factor = factor > 0 ? (unsigned long)factor : 0;
	r->units = query_text(stmt, 7);
	if (r->test == NULL)
		r->test = xstrdup("");
	if (r->status == NULL)
		r->status = xstrdup("fail");
	if (r->units == NULL)
		r->units = xstrdup("");
	r->judged = query_column_is(stmt, 12, "peak") ? MEASURE_JUDGED_PEAK
						: MEASURE_JUDGED_MEAN;
	r->better = query_column_is(stmt, 13, "lower") ? MEASURE_LOWER
						 : MEASURE_HIGHER;
	r->copies = (int)db_column_int64(stmt, 14);
	if (r->copies < 1)
		r->copies = 1;	/* the schema says so; an old file need not */
	r->warmup_calls = db_column_is_null(stmt, 15) ? -1 :
			  db_column_int64(stmt, 15);
}

static void
read_sample(struct db_stmt *stmt, struct query_result *r)
{
	struct measure_sample *s;

	/* Growing one at a time is fine: results hold a few dozen samples. */
	r->samples = xrealloc(r->samples, (r->n_samples + 1) * sizeof(*s));
	s = &r->samples[r->n_samples++];
	measure_init(s, (int)db_column_int64(stmt, 8));
	s->calls = db_column_int64(stmt, 9);
	s->elapsed_ns = db_column_int64(stmt, 10);
	/* Stored printed rates are never negative: NULL is "measured". */
	if (!db_column_is_null(stmt, 11))
		s->printed_ops = db_column_double(stmt, 11);
}

static int
load_results(struct db *db, struct query_tag *t, int64_t run_id, size_t *cap)
{
	struct db_stmt *stmt;
	int64_t last = -1;
	int rc, v = query_user_version(db);

	if (query_prepare(db, v >= 5 ? sql_results : v >= 4 ? sql_results_v4 :
			  sql_results_v3, &stmt) < 0)
		return -1;
	if (db_bind_int64(stmt, 1, run_id) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		struct query_result *r;

		if (t->n_results == 0 || db_column_int64(stmt, 0) != last) {
			if (t->n_results == *cap) {
				*cap = *cap ? 2 * *cap : 64;
				t->results = xrealloc(t->results,
						      *cap * sizeof(*r));
			}
			read_result(stmt, run_id, &t->results[t->n_results++]);
			last = db_column_int64(stmt, 0);
		}
		r = &t->results[t->n_results - 1];
		if (!db_column_is_null(stmt, 8))
			read_sample(stmt, r);
	}
	return query_finish(db, stmt, rc);
}

/* Number, then name, then load order (run id, rep): a stable merge. */
static int
result_cmp(const void *a, const void *b)
{
	const struct query_result *x = a, *y = b;
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

int
query_runs_load(struct db *db, const char *tag, const char *host,
		struct query_tag *out)
{
	memset(out, 0, sizeof(*out));
	out->tag = xstrdup(tag);
	if (load_runs(db, out, NULL, 0, host) < 0)
		goto fail;
	for (size_t i = 0; i < out->n_runs; i++)
		if (load_env(db, &out->runs[i]) < 0)
			goto fail;
	return 0;
fail:
	query_tag_free(out);
	return -1;
}

int
query_tag_load(struct db *db, const char *tag, const int64_t *only,
	       size_t n_only, const char *host, struct query_tag *out)
{
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	out->tag = xstrdup(tag);
	if (load_runs(db, out, only, n_only, host) < 0)
		goto fail;
	for (size_t i = 0; i < out->n_runs; i++)
		if (load_env(db, &out->runs[i]) < 0 ||
		    load_results(db, out, out->runs[i].id, &cap) < 0)
			goto fail;
	if (query_load_metrics(db, out->results, out->n_results) < 0 ||
	    query_load_klog(db, out) < 0)
		goto fail;
	if (out->n_results > 1)
		qsort(out->results, out->n_results, sizeof(*out->results),
		      result_cmp);
	return 0;
fail:
	query_tag_free(out);
	return -1;
}

static void
free_run(struct query_run *r)
{
	for (size_t i = 0; i < r->n_env; i++) {
		free(r->env[i].key);
		free(r->env[i].value);
	}
	free(r->env);
	free(r->tag);
	free(r->started_utc);
	free(r->ended_utc);
	free(r->status);
	free(r->source);
	free(r->source_file);
	free(r->host);
	free(r->uuid);
	free(r->options);
}

void
query_tag_free(struct query_tag *t)
{
	for (size_t i = 0; i < t->n_runs; i++)
		free_run(&t->runs[i]);
	for (size_t i = 0; i < t->n_results; i++) {
		struct query_result *r = &t->results[i];

		free(r->test);
		free(r->status);
		free(r->reason);
		free(r->units);
		free(r->samples);
		free(r->monitors);
		free(r->klog);
	}
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

const char *
query_env(const struct query_run *run, const char *key)
{
	for (size_t i = 0; i < run->n_env; i++)
		if (strcmp(run->env[i].key, key) == 0)
			return run->env[i].value;
	return NULL;
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
