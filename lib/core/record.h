/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The record of a run: the one shape a run has everywhere.  aimrun and
 * every importer produce it; the store writes it (lib/store/store.h), the
 * readers fill it (report/query/), and every export, merge, push and
 * diff carries it whole.  Its sample is the measurement record of
 * measure.h, with its metrics and its per-call histogram.
 *
 * What a storable run is, record_check() says (record_check.c), once for
 * every path: what one path stores, every other accepts.
 */
#ifndef AIM_RECORD_H
#define AIM_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "klog.h"
#include "measure.h"
#include "monitor.h"

/* One fact of a run's environment. */
struct record_kv {
	const char *key;
	const char *value;
};

/* One repetition of one test, with what it measured and its samples. */
struct record_result {
	int64_t id;		/* its row where it was read from; else 0 */
	int64_t run_id;		/* its run's row there; else 0 */
	int number;		/* the test's number (timed commands: 0) */
	const char *test;
	int rep;		/* 1.. within the run, one per (test, rep) */
	const char *status;	/* ok skip fail timeout crash */
	const char *reason;	/* NULL: none */
	unsigned long factor;	/* operations per call */
	const char *units;
	enum measure_judged judged;
	enum measure_better better;
	int copies;		/* run at once (aimrun --copies), 1 or more */
	const char *finished_utc;	/* NULL: when it is stored */
	int64_t warmup_calls;	/* -1: unknown */
	int64_t warmup_ns;	/* -1: unknown */
	int source_line;	/* the line of an imported report; else 0 */
	struct measure_sample *samples;	/* in order: seq 1, 2, ... */
	size_t n_samples;
	/*
	 * The changes of the kernel's monitors over its warm-up and samples,
	 * by name, each once (monitor.h); and the kernel log's lines of level
	 * warning and above while it ran (klog.h).  NULL: none.  Owned as
	 * the samples are.
	 */
	struct monitor_val *monitors;
	size_t n_monitors;
	struct klog_line *klog;
	size_t n_klog;
};

struct record_mem;	/* the text and histograms a record owns */

struct record_run {
	int64_t id;		/* its row where it was read from; else 0 */
	const char *tag;
	const char *suite;	/* suite name or file */
	const char *options;	/* "duration_s=2 runs=3 ...": key=value words */
	const char *started_utc;	/* NULL: when it is stored */
	const char *ended_utc;	/* NULL: not ended */
	const char *status;	/* incomplete complete; NULL: incomplete */
	/* Provenance. */
	const char *source;	/* "aimrun", "import-console", ... */
	const char *source_file;	/* the imported file's name, or NULL */
	const char *sha256;	/* content hash of that file, or NULL */
	const char *aim_version;
	const char *host;	/* NULL: unknown */
	const char *uuid;	/* its identity; NULL: a new one when stored */
	struct record_kv *env;
	size_t n_env;
	struct record_result *results;	/* readers: by number, test, rep */
	size_t n_results;
	/* What it owns, released by record_free (NULL: borrows it all). */
	struct record_mem *mem;
};

/*
 * Most of a run, beyond which a record is refused as no aimkit run: the
 * bytes of one free text, of an environment fact's name, and the counts
 * of facts, repetitions and samples.
 */
#define RECORD_TEXT_MAX 16384
#define RECORD_KEY_MAX 128
#define RECORD_FACTS_MAX 65536
#define RECORD_REP_MAX 1000000
#define RECORD_SAMPLES_MAX 1000000
#define RECORD_NUMBER_MAX 1000000
#define RECORD_COPIES_MAX 1024
/*
 * Largest count, time in nanoseconds, factor or printed rate: 10^15
 * calls, ops/s or bytes per call is beyond any run, and every product
 * of two stays finite as a double.
 */
#define RECORD_VALUE_MAX 1000000000000000LL
/* A metric or bucket count: 1 to 18 decimal digits. */
#define RECORD_METRIC_MAX 999999999999999999LL

/*
 * A copy of S (NULL: NULL) that RUN owns, freed by record_free; and N
 * zeroed bytes of it.  Out of memory ends the program (xalloc.h).
 */
const char *record_strdup(struct record_run *run, const char *s);
void *record_alloc(struct record_run *run, size_t n);

/*
 * ARRAY of N elements of SIZE with room for one more: the capacity is
 * the least power of two not below N, doubled when N reaches it.
 */
void *record_grow(void *array, size_t n, size_t size);

/* A fact KEY = VALUE added to RUN, both copied. */
void record_add_env(struct record_run *run, const char *key,
		    const char *value);
/* The value of fact KEY of RUN, or NULL. */
const char *record_env(const struct record_run *run, const char *key);

/*
 * A new result of RUN, zeroed but for rep 1, copies 1 and unknown
 * warm-up; the array may move (earlier pointers into it go stale).
 */
struct record_result *record_add_result(struct record_run *run);
/* A new sample of RES (measure_init, seq its place from 1). */
struct measure_sample *record_add_sample(struct record_result *res);
/*
 * A new monitor value and a new kernel log line of RES, zeroed, last in
 * its array (which may move): what an import reads, record_check judges.
 */
struct monitor_val *record_add_monitor(struct record_result *res);
struct klog_line *record_add_klog(struct record_result *res);
/* A histogram for S, zeroed, owned by RUN. */
struct measure_hist *record_add_hist(struct record_run *run,
				     struct measure_sample *s);

/*
 * For qsort and bsearch of pointers to results: by test, then rep, the
 * key a run holds each result under once.
 */
int record_result_key_cmp(const void *a, const void *b);

/*
 * Release what RUN owns (its arrays, and through its mem its text and
 * histograms) and zero it.  A record that borrows (mem NULL, arrays of
 * the caller's) is never passed here.  record_results_free releases the
 * sample, monitor and log arrays of N results, for a reader that moves
 * results out of their runs.
 */
void record_free(struct record_run *run);
void record_results_free(struct record_result *r, size_t n);

/*
 * Run identity by content (record_same.c): 1 when A and B hold the same
 * results by test and rep, each of the same status with as many
 * samples, whose rates agree in order; tags, environment and provenance
 * aside.  Two rates agree when they differ by at most RECORD_RATE_SLACK
 * operations per second or RECORD_RATE_REL of the larger, whichever is
 * more: what two formats that print one measurement at different
 * precisions keep of it (doc/schema.md, "One run, whatever the file").
 */
#define RECORD_RATE_SLACK 1.0
#define RECORD_RATE_REL 1e-5
int record_same_content(const struct record_run *a,
			const struct record_run *b);
int record_rates_agree(double a, double b);
/* A sample's rate: its printed one, else calls * factor per second. */
double record_sample_rate(const struct record_result *res,
			  const struct measure_sample *s);
/* Bounds that hold every rate agreeing with RATE, for a search. */
void record_rate_span(double rate, double *lo, double *hi);

/*
 * The validator: 0 when RUN is a run every path stores and carries,
 * else -1 with one line in ERR naming the run by tag (and uuid when it
 * has one) and what is wrong, the same line whichever path asks.
 * record_check_run checks the run's own facts and environment only,
 * record_check_result one result, record_check_env facts added to a
 * stored run: the pieces aimrun stores one at a time.
 */
int record_check(const struct record_run *run, char *err, size_t errlen);
int record_check_run(const struct record_run *run, char *err, size_t errlen);
int record_check_result(const struct record_result *res, char *err,
			size_t errlen);
int record_check_env(const struct record_kv *env, size_t n, char *err,
		     size_t errlen);

/*
 * The forms the store writes and takes: a UTC time
 * "YYYY-MM-DDTHH:MM:SSZ" of a real date; a UUID in lower-case hex,
 * 8-4-4-4-12; a SHA-256 as 64 lower-case hex digits.  1 when so.
 */
int record_utc_valid(const char *s);
int record_uuid_valid(const char *s);
int record_sha256_valid(const char *s);

/*
 * Text from the machine or the command line made a form every path
 * carries, in place: every character tag_printable() shows as '?'
 * becomes '?', and it is cut to RECORD_TEXT_MAX bytes (never inside a
 * character).  What aimrun does with a --dir, a suite file's name, the
 * host name and the environment it reads.
 */
void record_text_fit(char *s);

#endif
