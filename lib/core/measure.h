/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The measurement record: what one sample of one test holds.  Calls and
 * elapsed nanoseconds always; beside them any of the metrics of the one
 * table below (context switches, perf event counts), each present or absent.  The
 * child-to-parent protocol, the store, the readers, the statistics and
 * the exporters all pass this record; adding a metric means adding a
 * row to the table (lib/core/measure.c) and a producer (a meter,
 * harness/child/meter.c), nothing else.
 */
#ifndef AIM_MEASURE_H
#define AIM_MEASURE_H

#include <stddef.h>
#include <stdint.h>

enum measure_kind {
	MEASURE_COUNTER,	/* events counted over the sample */
	MEASURE_GAUGE,		/* a level read at the sample's end */
	MEASURE_BUCKET,		/* a histogram bucket: count up to a bound */
};

/* Zero is "higher", so a record that says nothing means a rate. */
enum measure_better {
	MEASURE_HIGHER,
	MEASURE_LOWER,
};

/*
 * Which rate of a result's samples a comparison judges: the mean, or the
 * fastest interval (a run() that never enters the kernel can only be
 * slowed from outside).  Stored as result.judged.
 */
enum measure_judged {
	MEASURE_JUDGED_MEAN,
	MEASURE_JUDGED_PEAK,
};

/* The stored words: "higher"/"lower", "mean"/"peak". */
const char *measure_better_word(enum measure_better b);
const char *measure_judged_word(enum measure_judged j);

/*
 * What a page of results measures, for its title: "AIM9 operation
 * rates" (higher better), "Command times" (lower better: aimrun --cmd,
 * in ms per run) or both, as it holds RATES and TIMES (counts).
 */
const char *measure_what(size_t rates, size_t times);

/* Index into the table; the order is the table's, never stored. */
enum measure_id {
	MEASURE_VOL_CS,		/* voluntary context switches */
	MEASURE_INVOL_CS,	/* involuntary context switches */
	/* perf events (harness/child/meter_perf.c), user and kernel */
	MEASURE_TASK_CLOCK,
	MEASURE_CONTEXT_SWITCHES,
	MEASURE_CPU_MIGRATIONS,
	MEASURE_PAGE_FAULTS,
	MEASURE_MINOR_FAULTS,
	MEASURE_MAJOR_FAULTS,
	MEASURE_CYCLES,
	MEASURE_INSTRUCTIONS,
	MEASURE_BRANCHES,
	MEASURE_BRANCH_MISSES,
	MEASURE_CACHE_REFERENCES,
	MEASURE_CACHE_MISSES,
	MEASURE_STALLED_FRONTEND,
	MEASURE_STALLED_BACKEND,
	/* the same counted in one mode only */
	MEASURE_CYCLES_USER,
	MEASURE_CYCLES_KERNEL,
	MEASURE_INSTRUCTIONS_USER,
	MEASURE_INSTRUCTIONS_KERNEL,
	/* noise (harness/child/meter_sched.c) */
	MEASURE_RUN_DELAY,	/* ns runnable but waiting for a CPU */
	MEASURE_STEAL,		/* ns the hypervisor ran others, machine-wide */
	/* a timed command's process tree (wait4 rusage, harness/cmd.c) */
	MEASURE_USER_NS,	/* user CPU time */
	MEASURE_SYS_NS,		/* system CPU time */
	MEASURE_MAXRSS_KIB,	/* largest resident set of the process tree */
	/* per-call times (aimrun --latency, harness/child/latency.c) */
	MEASURE_LAT_BUCKET,	/* the histogram: bucket rows, never a value */
	MEASURE_LAT_MIN,
	MEASURE_LAT_MAX,
	MEASURE_LAT_CLOCK,	/* the clock's cost, subtracted from each call */
	MEASURE_LAT_TSC,	/* TSC ticks of the timed calls, summed */
	MEASURE_LAT_CYCLES,	/* core cycles of the timed calls, summed */
	/* aimrun --copies: the calls of the slowest and fastest copy */
	MEASURE_COPY_MIN_CALLS,
	MEASURE_COPY_MAX_CALLS,
	MEASURE_COUNT
};

struct measure_def {
	const char *name;	/* stored in sample_metric.metric; [a-z0-9_-] */
	const char *unit;
	enum measure_kind kind;
	enum measure_better better;
};

/* The bit of metric ID in struct measure_metrics.have. */
#define MEASURE_BIT(id) (UINT64_C(1) << (id))

/* The metrics of one sample: each of the table present or absent. */
struct measure_metrics {
	uint64_t have;		/* bit i: v[i] holds metric i */
	int64_t v[MEASURE_COUNT];
};

/*
 * A per-call histogram (MEASURE_LAT_BUCKET): bucket i counts the calls
 * that took less than b[i].bound ns and at least b[i - 1].bound (0 for
 * the first); bounds increase, every bound is at least 1, and buckets
 * with no call are left out (lib/core/hist.h).
 */
#define MEASURE_HIST_MAX 96
struct measure_bucket {
	int64_t bound;
	int64_t count;
};

struct measure_hist {
	int32_t n;
	struct measure_bucket b[MEASURE_HIST_MAX];
};

struct measure_sample {
	int32_t seq;		/* from 1; 0 is the warm-up */
	int64_t calls;
	int64_t elapsed_ns;	/* timed per call: the calls' times summed */
	double printed_ops;	/* imported rate as printed; < 0 measured */
	struct measure_metrics m;
	/*
	 * Per-call histogram, or NULL: owned by whoever made the array of
	 * samples (harness/runner.c); the CSV and JSON exports leave it out.
	 */
	struct measure_hist *hist;
};

/* The definition of metric ID (ID < MEASURE_COUNT). */
const struct measure_def *measure_def(enum measure_id id);

/* The metric called NAME (NAME may be any bytes), or -1. */
int measure_lookup(const char *name, size_t len);

/* A sample with no metric and no printed rate. */
void measure_init(struct measure_sample *s, int seq);

/* Set metric ID; a negative value means unknown and clears it. */
void measure_set(struct measure_metrics *m, enum measure_id id, int64_t value);

/* 1 and *VALUE when M holds metric ID, else 0. */
int measure_get(const struct measure_metrics *m, enum measure_id id,
		int64_t *value);

/* Keep of M only what a record may hold (M came from elsewhere). */
void measure_sanitize(struct measure_metrics *m);

/*
 * The stored rows of S, one per I from 0: each metric it holds (bound
 * 0), then each bucket of its histogram (name "lat_ns", bound, count).
 * 0 past the last; NAME is NULL for a metric S does not hold.
 */
struct measure_row {
	const char *name;
	int64_t bound, value;
};
int measure_row(const struct measure_sample *s, int i, struct measure_row *r);

/* 1 when H is a histogram a record may hold (H came from elsewhere). */
int measure_hist_valid(const struct measure_hist *h);

/*
 * The text form of M in the CSV export: "name=value" for each metric it
 * holds, in table order, separated by single spaces; "" when none.
 * Returns the length, or -1 when LEN is too small (MEASURE_TEXT_MAX is
 * always enough).
 */
#define MEASURE_TEXT_MAX (MEASURE_COUNT * 64 + 1)
int measure_format(const struct measure_metrics *m, char *buf, size_t len);

/*
 * Parse that form (any bytes) into *M: known names only, each at most
 * once, values of 1 to 18 decimal digits.  0, or -1 with a one-line
 * reason in ERR that quotes nothing of the input.
 */
int measure_parse(const char *s, struct measure_metrics *m, char *err,
		  size_t errlen);

#endif
