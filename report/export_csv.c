// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One run as records of the CSV export (doc/schema.md, "The CSV
 * export"): the record of the run's own columns, its facts, then each
 * result's records, one per sample (one without samples for a result
 * that has none), each sample followed by a record per bucket of its
 * histogram, then a record per monitor and per kernel log line.  Every record names its run (tag, run id, uuid); a result's
 * records all carry its own columns, as aimdb import checks.
 */
#include "config.h"

#include "export.h"

#include <inttypes.h>
#include <string.h>

#include "csvout.h"
#include "import.h"
#include "jsonout.h"

/* A record's fields: text, NULL for an empty one. */
struct rec {
	const char *v[COL_COUNT];
	char num[COL_COUNT][32];
};

static void
num(struct rec *r, int k, int64_t v)
{
	snprintf(r->num[k], sizeof(r->num[k]), "%" PRId64, v);
	r->v[k] = r->num[k];
}

/* A record of RUN with only its tag, run id and uuid. */
static void
rec_init(struct rec *r, const struct record_run *run)
{
	memset(r->v, 0, sizeof(r->v));
	r->v[COL_TAG] = run->tag;
	num(r, COL_RUN, run->id);
	r->v[COL_UUID] = run->uuid;
}

static void
rec_put(FILE *f, const struct rec *r)
{
	for (int k = 0; k < COL_COUNT; k++)
		csvout_field(f, k == 0, r->v[k]);
	csvout_end(f);
}

void
export_csv_header(FILE *f)
{
	for (int k = 0; k < COL_COUNT; k++)
		csvout_field(f, k == 0, import_csv_columns[k]);
	csvout_end(f);
}

/* The result's own columns, on each of its records. */
static void
rec_result(struct rec *r, const struct record_result *res)
{
	num(r, COL_NUMBER, res->number);
	r->v[COL_TEST] = res->test;
	num(r, COL_REP, res->rep);
	r->v[COL_STATUS] = res->status;
	r->v[COL_REASON] = res->reason;
	num(r, COL_FACTOR, (int64_t)res->factor);
	r->v[COL_UNITS] = res->units;
	r->v[COL_JUDGED] = measure_judged_word(res->judged);
	r->v[COL_BETTER] = measure_better_word(res->better);
	num(r, COL_COPIES, res->copies);
	r->v[COL_FINISHED] = res->finished_utc;
	if (res->warmup_calls >= 0)
		num(r, COL_WARMUP_CALLS, res->warmup_calls);
	if (res->warmup_ns >= 0)
		num(r, COL_WARMUP_NS, res->warmup_ns);
	num(r, COL_SOURCE_LINE, res->source_line);
}

/* A record of RES that names it by test and rep alone. */
static void
rec_part(struct rec *r, const struct record_run *run,
	 const struct record_result *res)
{
	rec_init(r, run);
	r->v[COL_TEST] = res->test;
	num(r, COL_REP, res->rep);
}

/* Sample K of RES, then a record per bucket of its histogram. */
static void
put_sample(FILE *f, const struct record_run *run,
	   const struct record_result *res, size_t k)
{
	const struct measure_sample *s = &res->samples[k];
	char text[MEASURE_TEXT_MAX], printed[32];
	struct rec r;

	rec_init(&r, run);
	rec_result(&r, res);
	num(&r, COL_SEQ, (int64_t)k + 1);
	num(&r, COL_CALLS, s->calls);
	num(&r, COL_ELAPSED, s->elapsed_ns);
	/* Shortest digits that read back as the stored double. */
	if (s->printed_ops >= 0)
		r.v[COL_PRINTED] = jsonout_shortest(s->printed_ops, printed,
						  sizeof(printed));
	if (measure_format(&s->m, text, sizeof(text)) > 0)
		r.v[COL_METRICS] = text;
	rec_put(f, &r);
	for (int32_t b = 0; s->hist != NULL && b < s->hist->n; b++) {
		rec_part(&r, run, res);
		num(&r, COL_SEQ, (int64_t)k + 1);
		num(&r, COL_CALLS, s->hist->b[b].count);
		r.v[COL_METRICS] = measure_def(MEASURE_LAT_BUCKET)->name;
		num(&r, COL_BOUND, s->hist->b[b].bound);
		rec_put(f, &r);
	}
}

/* The monitors of RES, then its kernel log lines, a record each. */
static void
put_kernel(FILE *f, const struct record_run *run,
	   const struct record_result *res)
{
	struct rec r;

	for (size_t i = 0; i < res->n_monitors; i++) {
		rec_part(&r, run, res);
		r.v[COL_MONITOR] = res->monitors[i].name;
		num(&r, COL_VALUE, res->monitors[i].value);
		rec_put(f, &r);
	}
	for (size_t i = 0; i < res->n_klog; i++) {
		rec_part(&r, run, res);
		num(&r, COL_LOG_LEVEL, res->klog[i].level);
		num(&r, COL_LOG_FACILITY, res->klog[i].facility);
		num(&r, COL_LOG_USEC, res->klog[i].usec);
		r.v[COL_LOG_TEXT] = res->klog[i].text;
		rec_put(f, &r);
	}
}

static void
put_result(FILE *f, const struct record_run *run,
	   const struct record_result *res)
{
	struct rec r;

	if (res->n_samples == 0) {
		rec_init(&r, run);
		rec_result(&r, res);
		rec_put(f, &r);
	}
	for (size_t k = 0; k < res->n_samples; k++)
		put_sample(f, run, res, k);
	put_kernel(f, run, res);
}

void
export_csv_run(FILE *f, const struct record_run *run)
{
	struct rec r;

	rec_init(&r, run);
	r.v[COL_SUITE] = run->suite;
	r.v[COL_OPTIONS] = run->options;
	r.v[COL_STARTED] = run->started_utc;
	r.v[COL_ENDED] = run->ended_utc;
	r.v[COL_RUN_STATUS] = run->status;
	r.v[COL_SOURCE] = run->source;
	r.v[COL_SOURCE_FILE] = run->source_file;
	r.v[COL_SHA256] = run->sha256;
	r.v[COL_AIM_VERSION] = run->aim_version;
	r.v[COL_HOST] = run->host;
	rec_put(f, &r);
	for (size_t i = 0; i < run->n_env; i++) {
		rec_init(&r, run);
		r.v[COL_ENV_KEY] = run->env[i].key;
		r.v[COL_ENV_VALUE] = run->env[i].value;
		rec_put(f, &r);
	}
	for (size_t i = 0; i < run->n_results; i++)
		put_result(f, run, &run->results[i]);
}
