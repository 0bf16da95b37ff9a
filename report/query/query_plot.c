// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loads what a trend plot needs, tag by tag: the runs (date, suite, host,
 * boot) and one rate per clean repetition with the rates of its samples.
 * Rates are computed while reading so that a tag of thousands of samples
 * never sits in memory as raw rows.
 */
#include "config.h"

#include "query_plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"
#include "query_int.h"
#include "schema_ver.h"
#include "stats.h"
#include "xalloc.h"

#define SQL_TAGS(WHERE) \
	"SELECT tag, MIN(started_utc), MIN(id) FROM run" WHERE \
	" GROUP BY tag ORDER BY MIN(id)"
static const char sql_tags[] = SQL_TAGS("");
static const char sql_tags_host[] = SQL_TAGS(" WHERE host = ?");

static const char sql_runs[] =
	"SELECT u.id, u.started_utc, u.suite, u.host,"
	" (SELECT e.value FROM run_env AS e"
	"  WHERE e.run_id = u.id AND e.key = 'boot_id')"
	" FROM run AS u WHERE u.tag = ? ORDER BY u.id";

/*
 * One row per sample of every ok result of the tag: of one copy, since
 * a rate of several at once is another quantity (aimplot --scaling).
 */
#define SQL_SAMPLES(judged, better, copies) \
	"SELECT r.id, r.run_id, r.number, r.test, r.factor, r.units," \
	" s.calls, s.elapsed_ns, s.printed_ops, " judged ", " better \
	" FROM run AS u JOIN result AS r ON r.run_id = u.id" \
	" JOIN sample AS s ON s.result_id = r.id" \
	" WHERE u.tag = ? AND r.status = 'ok'" copies \
	" ORDER BY r.number, r.test, r.run_id, r.rep, r.id, s.seq"
static const char sql_samples[] =
	SQL_SAMPLES("r.judged", "r.better", " AND r.copies = 1");
/* Before version 5 every result was one copy. */
static const char sql_samples_v4[] = SQL_SAMPLES("r.judged", "r.better", "");
/*
 * Before version 4 the judged rate followed from the test's name, and
 * every result was a rate.
 */
static const char sql_samples_v3[] = SQL_SAMPLES(
	"CASE WHEN r.test IN " SCHEMA_PEAK_TESTS " THEN 'peak' ELSE 'mean' END",
	"'higher'", "");

int
qplot_tags(struct db *db, const char *host, struct qplot_tag_info **out,
	   size_t *n)
{
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc = DB_ROW;

	*out = NULL;
	*n = 0;
	if (query_prepare(db, host != NULL ? sql_tags_host : sql_tags,
			  &stmt) < 0)
		return -1;
	if (host != NULL && db_bind_text(stmt, 1, host) < 0)
		rc = DB_ERROR;
	while (rc == DB_ROW && (rc = db_step(stmt)) == DB_ROW) {
		struct qplot_tag_info *t;

		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			*out = xrealloc(*out, cap * sizeof(**out));
		}
		t = &(*out)[(*n)++];
		t->tag = query_text(stmt, 0);
		t->first_utc = query_text(stmt, 1);
		t->first_id = db_column_int64(stmt, 2);
		if (t->tag == NULL)
			t->tag = xstrdup("");
	}
	if (query_finish(db, stmt, rc) < 0) {
		qplot_tags_free(*out, *n);
		*out = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

void
qplot_tags_free(struct qplot_tag_info *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(t[i].tag);
		free(t[i].first_utc);
	}
	free(t);
}

static int
load_runs(struct db *db, struct qplot_tag *t, const char *host)
{
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc;

	if (query_prepare(db, sql_runs, &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, t->tag) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		struct qplot_run *r;
		const char *h = db_column_text(stmt, 3);

		if (host != NULL && (h == NULL || strcmp(h, host) != 0))
			continue;
		if (t->n_runs == cap) {
			cap = cap ? 2 * cap : 4;
			t->runs = xrealloc(t->runs, cap * sizeof(*t->runs));
		}
		r = &t->runs[t->n_runs++];
		r->id = db_column_int64(stmt, 0);
		r->started_utc = query_text(stmt, 1);
		r->suite = query_text(stmt, 2);
		r->host = query_text(stmt, 3);
		r->boot_id = query_text(stmt, 4);
	}
	return query_finish(db, stmt, rc);
}

/* The samples of the result being read. */
struct pending {
	int64_t id;		/* result id, -1 when none */
	int64_t run_id;
	int number;
	unsigned long factor;
	char *test;
	char *units;
	enum measure_judged judged;
	enum measure_better better;
	struct measure_sample *s;	/* metrics not read: plots need rates */
	size_t n;
	size_t cap;
};

/* Printed rates (imports) weighted by their time, as the classic totals. */
static double
printed_rate(const struct pending *p)
{
	double sum = 0.0, wsum = 0.0;

	for (size_t i = 0; i < p->n; i++) {
		sum += p->s[i].printed_ops * (double)p->s[i].elapsed_ns;
		wsum += (double)p->s[i].elapsed_ns;
	}
	if (wsum > 0.0)
		return sum / wsum;
	sum = 0.0;
	for (size_t i = 0; i < p->n; i++)
		sum += p->s[i].printed_ops;
	return sum / (double)p->n;
}

static double
sample_rate(const struct pending *p, size_t i)
{
	if (p->s[i].printed_ops >= 0.0)
		return p->s[i].printed_ops;
	/* A time, lower is better: ms per operation, as aimcmp compares. */
	if (p->better == MEASURE_LOWER)
		return p->s[i].calls > 0 && p->factor > 0 ?
		       (double)p->s[i].elapsed_ns / 1e6 /
		       ((double)p->s[i].calls * (double)p->factor) : NAN;
	if (p->s[i].elapsed_ns <= 0)
		return NAN;
	return (double)p->s[i].calls * (double)p->factor * 1e9 /
	       (double)p->s[i].elapsed_ns;
}

/* 0 when every sample carries a printed rate. */
static int
any_measured(const struct pending *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->s[i].printed_ops < 0.0)
			return 1;
	return 0;
}

/* Total time over total operations, in ms: the mean time of one. */
static double
lower_value(const struct pending *p)
{
	long double ns = 0.0L, ops = 0.0L;

	for (size_t i = 0; i < p->n; i++) {
		ns += p->s[i].elapsed_ns;
		ops += (long double)p->s[i].calls * p->factor;
	}
	return ops > 0.0L ? (double)(ns / 1e6L / ops) : NAN;
}

static size_t
run_index(const struct qplot_tag *t, int64_t run_id)
{
	size_t lo = 0, hi = t->n_runs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->runs[mid].id < run_id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Turn the pending samples into a result, or drop them without a rate. */
static void
finish_result(struct pending *p, struct qplot_tag *t, size_t *cap)
{
	struct qplot_result *r;
	double rate, peak;

	if (p->id < 0)
		return;
	if (any_measured(p) && p->better == MEASURE_LOWER) {
		rate = peak = lower_value(p);
	} else if (any_measured(p)) {
		if (stats_run_rate(p->s, NULL, p->n, 0, (double)p->factor,
				   &rate) < 0 ||
		    stats_run_peak(p->s, NULL, p->n, 0, (double)p->factor,
				   &peak) < 0)
			rate = NAN;
	} else {
		rate = peak = printed_rate(p);
	}
	if (isfinite(rate) && rate >= 0.0) {
		if (t->n_results == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			t->results = xrealloc(t->results,
					      *cap * sizeof(*t->results));
		}
		r = &t->results[t->n_results++];
		r->number = p->number;
		r->test = p->test;
		r->units = p->units;
		r->judged = p->judged;
		r->run = run_index(t, p->run_id);
		r->rate = rate;
		r->peak = peak;
		r->better = p->better;
		r->sample_rates = xcalloc(p->n, sizeof(*r->sample_rates));
		r->n_samples = 0;
		for (size_t i = 0; i < p->n; i++) {
			double v = sample_rate(p, i);

			if (isfinite(v))
				r->sample_rates[r->n_samples++] = v;
		}
		p->test = NULL;
		p->units = NULL;
	}
	free(p->test);
	free(p->units);
	p->test = NULL;
	p->units = NULL;
	p->id = -1;
	p->n = 0;
}

static void
start_result(struct db_stmt *stmt, struct pending *p)
{
	int64_t factor = db_column_int64(stmt, 4);

	p->id = db_column_int64(stmt, 0);
	p->run_id = db_column_int64(stmt, 1);
	p->number = (int)db_column_int64(stmt, 2);
	p->test = query_text(stmt, 3);
	p->factor = factor > 0 ? (unsigned long)factor : 0;
	p->units = query_text(stmt, 5);
	p->better = query_column_is(stmt, 10, "lower") ? MEASURE_LOWER
						       : MEASURE_HIGHER;
	if (p->test == NULL)
		p->test = xstrdup("");
	if (p->units == NULL)
		p->units = xstrdup("");
	p->judged = query_column_is(stmt, 9, "peak") ? MEASURE_JUDGED_PEAK
						     : MEASURE_JUDGED_MEAN;
}

static void
add_sample(struct db_stmt *stmt, struct pending *p)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->s = xrealloc(p->s, p->cap * sizeof(*p->s));
	}
	measure_init(&p->s[p->n], 0);
	p->s[p->n].calls = db_column_int64(stmt, 6);
	p->s[p->n].elapsed_ns = db_column_int64(stmt, 7);
	if (!db_column_is_null(stmt, 8))
		p->s[p->n].printed_ops = db_column_double(stmt, 8);
	p->n++;
}

static int
load_results(struct db *db, struct qplot_tag *t)
{
	struct pending p = { .id = -1 };
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc, v = query_user_version(db);

	if (query_prepare(db, v >= 5 ? sql_samples : v >= 4 ? sql_samples_v4 :
			  sql_samples_v3, &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, t->tag) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		size_t run = run_index(t, db_column_int64(stmt, 1));

		/* A run of another host (--host) was not loaded. */
		if (run == t->n_runs ||
		    t->runs[run].id != db_column_int64(stmt, 1))
			continue;
		if (db_column_int64(stmt, 0) != p.id) {
			finish_result(&p, t, &cap);
			start_result(stmt, &p);
		}
		add_sample(stmt, &p);
	}
	finish_result(&p, t, &cap);
	free(p.s);
	return query_finish(db, stmt, rc);
}

int
qplot_load(struct db *db, const char *tag, const char *host,
	   struct qplot_tag *out)
{
	memset(out, 0, sizeof(*out));
	out->tag = xstrdup(tag);
	if (load_runs(db, out, host) < 0 || load_results(db, out) < 0) {
		qplot_free(out);
		return -1;
	}
	return 0;
}

void
qplot_free(struct qplot_tag *t)
{
	for (size_t i = 0; i < t->n_runs; i++) {
		free(t->runs[i].started_utc);
		free(t->runs[i].suite);
		free(t->runs[i].host);
		free(t->runs[i].boot_id);
	}
	for (size_t i = 0; i < t->n_results; i++) {
		free(t->results[i].test);
		free(t->results[i].units);
		free(t->results[i].sample_rates);
	}
	free(t->runs);
	free(t->results);
	free(t->tag);
	memset(t, 0, sizeof(*t));
}
