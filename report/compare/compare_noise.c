// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Noise on each side of a comparison, from what aimrun stored: the
 * samples whose run delay and steal took more than NOISE_SAMPLE_PCT of
 * their elapsed time, the share of the timed period lost so, and the
 * rounds whose canary (the run's facts canary.round.N) fell.  When a side
 * has enough of either, the header says "noisy machine": its spread is
 * the machine's, not the kernel's.  And when the canary's median time
 * moved between BASE and a NEW side, the machine itself was faster or
 * slower: a CPU-bound change of that size may be the machine's; when it
 * spread between a side's rounds, the machine was unsteady, and so are
 * that side's CPU-bound tests.  Part of the compare module.
 */
#include "config.h"

#include "compare_env.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "noise.h"
#include "parse.h"
#include "stats.h"
#include "xalloc.h"

/* Rounds of one run whose canary is read: more than any run has. */
#define CANARY_ROUNDS_MAX 1000

struct noise {
	size_t samples, noisy;		/* measured samples, flagged ones */
	double elapsed_ns, lost_ns;
};

/* Every round's canary time of a side, read once for all three rules. */
struct canaries {
	double *ns;			/* run after run, in round order */
	size_t n, fell;			/* rounds, fallen ones */
};

/* A stored canary time: 1 to 18 digits of ns. */
static long long
canary_value(const char *v)
{
	char *end;
	long long ns;

	if (v == NULL || strlen(v) > 18 || v[0] < '0' || v[0] > '9')
		return -1;
	ns = strtoll(v, &end, 10);
	return *end == '\0' && ns > 0 ? ns : -1;
}

/* The canary times of RUN's rounds, in order, into NS: how many. */
static size_t
run_canaries(const struct record_run *run, long long *ns, size_t cap)
{
	char key[32];
	size_t k = 0;

	for (; k < cap; k++) {
		snprintf(key, sizeof(key), "canary.round.%zu", k + 1);
		ns[k] = canary_value(record_env(run, key));
		if (ns[k] < 0)
			break;
	}
	return k;
}

/* Side Q's canaries; a round fell against the fastest of its own run. */
static void
side_canaries(const struct query_tag *q, struct canaries *c)
{
	long long ns[CANARY_ROUNDS_MAX];

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < q->n_runs; i++) {
		size_t k = run_canaries(&q->runs[i], ns, CANARY_ROUNDS_MAX);
		long long best = 0;

		c->ns = xrealloc(c->ns, (c->n + k + 1) * sizeof(*c->ns));
		for (size_t j = 0; j < k; j++)
			if (best == 0 || ns[j] < best)
				best = ns[j];
		for (size_t j = 0; j < k; j++) {
			c->fell += noise_canary_fell(ns[j], best);
			c->ns[c->n++] = (double)ns[j];
		}
	}
}

/*
 * The spread of a side's canary rounds, in percent: the standard
 * deviation of their log times (a cv); -1 under NOISE_STEADY_ROUNDS.
 */
static double
canary_spread(const struct canaries *c)
{
	struct stats_welford w;

	if (c->n < NOISE_STEADY_ROUNDS)
		return -1.0;
	stats_welford_init(&w);
	for (size_t i = 0; i < c->n; i++)
		stats_welford_add(&w, log(c->ns[i]));
	return 100.0 * sqrt(stats_welford_var(&w));
}

static void
add_warning(struct cmp_table *t, char *w)
{
	t->warnings = xrealloc(t->warnings, (t->n_warnings + 1) *
					    sizeof(*t->warnings));
	t->warnings[t->n_warnings++] = w;
}

/* Each NEW side's median canary against BASE's, said when it moved. */
static void
compare_speed(const struct query_tag *sides, const struct canaries *c,
	      size_t n_sides, struct cmp_table *t)
{
	double base = stats_median(c[0].ns, c[0].n);

	for (size_t s = 1; base > 0.0 && s < n_sides; s++) {
		double now = stats_median(c[s].ns, c[s].n), pct;

		if (!(now > 0.0))
			continue;
		pct = 100.0 * (now / base - 1.0);
		if (pct > -NOISE_SPEED_PCT && pct < NOISE_SPEED_PCT)
			continue;
		add_warning(t, xasprintf(
			"machine speed: the canary took %+.1f %% %s in %s than in %s (median of %zu and %zu rounds): a change of that size in CPU-bound tests may be the machine's, not the kernel's",
			pct, pct > 0 ? "longer" : "less", sides[s].tag,
			sides[0].tag, c[s].n, c[0].n));
	}
}

/* Seconds since the epoch of a stored time "YYYY-MM-DDTHH:MM:SSZ"; -1. */
static long long
utc_seconds(const char *s)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	if (s == NULL || (end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm)) == NULL ||
	    *end != '\0')
		return -1;
	return (long long)timegm(&tm);
}

/* When side Q was measured: its first start to its last end.  0 or -1. */
static int
side_span(const struct query_tag *q, long long *from, long long *to)
{
	*from = -1;
	*to = -1;
	for (size_t i = 0; i < q->n_runs; i++) {
		long long a = utc_seconds(q->runs[i].started_utc);
		long long b = utc_seconds(q->runs[i].ended_utc);

		if (a < 0)
			continue;
		b = b >= a ? b : a;
		*from = *from < 0 || a < *from ? a : *from;
		*to = b > *to ? b : *to;
	}
	return *from >= 0 ? 0 : -1;
}

/* "3 h 20 min", "2 min 10 s", "18 s". */
static char *
duration_text(long long s)
{
	if (s >= 3600)
		return xasprintf("%lld h %lld min", s / 3600, s / 60 % 60);
	if (s >= 60)
		return xasprintf("%lld min %lld s", s / 60, s % 60);
	return xasprintf("%lld s", s);
}

/* What the canary saw between sides 0 and S, or that nothing can tell. */
static char *
drift_seen(const struct canaries *c, size_t s)
{
	double base = stats_median(c[0].ns, c[0].n);
	double now = stats_median(c[s].ns, c[s].n);

	if (!(base > 0.0) || !(now > 0.0))
		return xstrdup("no canary was recorded on both sides to say how far the machine drifted");
	return xasprintf("the canary's median time moved %+.1f %% between them (%zu and %zu rounds)",
			 100.0 * (now / base - 1.0), c[0].n, c[s].n);
}

/*
 * A side measured long after the other, or over a much longer stretch,
 * met a machine the other did not: whatever drifted in between (load,
 * temperature, the host) is in every difference, and a sequential run
 * grown over minutes against a base of a few seconds compares moments.
 */
static void
compare_drift(const struct query_tag *sides, const struct canaries *c,
	      size_t n_sides, struct cmp_table *t)
{
	long long b0, b1, s0, s1;

	for (size_t s = 1; s < n_sides; s++) {
		long long gap, lb, ls, longer, shorter;
		char *g, *x, *y, *seen;

		if (side_span(&sides[0], &b0, &b1) < 0 ||
		    side_span(&sides[s], &s0, &s1) < 0)
			return;
		gap = s0 > b1 ? s0 - b1 : b0 > s1 ? b0 - s1 : 0;
		lb = b1 - b0;
		ls = s1 - s0;
		longer = lb > ls ? lb : ls;
		shorter = lb > ls ? ls : lb;
		if (!(gap >= DRIFT_GAP_S && gap >= DRIFT_FACTOR * longer) &&
		    !(longer >= DRIFT_SPAN_S && longer >= DRIFT_FACTOR *
						 (shorter > 0 ? shorter : 1)))
			continue;
		g = duration_text(gap);
		x = duration_text(lb);
		y = duration_text(ls);
		seen = drift_seen(c, s);
		add_warning(t, xasprintf(
			"drift: %s and %s were measured %s apart, over %s and %s: %s; a drift of the machine over that time is in every difference: measure both over the same stretch (rounds of one, then the other, or the base again)",
			sides[0].tag, sides[s].tag, g, x, y, seen));
		free(g);
		free(x);
		free(y);
		free(seen);
	}
}

static void
count_side(const struct query_tag *q, struct noise *n)
{
	memset(n, 0, sizeof(*n));
	for (size_t i = 0; i < q->n_results; i++) {
		const struct record_result *r = &q->results[i];

		if (strcmp(r->status, "ok") != 0)
			continue;
		for (size_t j = 0; j < r->n_samples; j++) {
			int64_t lost;
			int f = noise_sample(&r->samples[j],
					     r->copies > 0 ? r->copies : 1, &lost);

			if (f < 0)
				continue;
			n->samples++;
			n->noisy += (size_t)f;
			n->elapsed_ns += (double)r->samples[j].elapsed_ns;
			n->lost_ns += (double)lost;
		}
	}
}

/*
 * A side whose canary spread between rounds: the same loop each time, so
 * the spread is the machine's, and a CPU-bound test spreads as much
 * between its runs.  Said when a 95 % interval within the margin at that
 * spread needs more runs a side, 2 (1.96 cv / m)^2, than it has rounds.
 * Measured, such spread is of the moment (seconds of a busy core on the
 * host), not of the run: the same time in 24 runs of 0.15 s instead of 6
 * of 0.6 s halved the detectable change (doc/statistics.md, "Defaults").
 */
/* What to do about needing K runs: more, shorter ones, if aimrun takes K. */
static const char *
steady_advice(double k, char *buf, size_t len)
{
	if (k > PARSE_RUNS_MAX)
		snprintf(buf, len, ": more than aimrun runs (%d), so only a steadier machine gets there",
			 PARSE_RUNS_MAX);
	else
		snprintf(buf, len, "; the spread is between moments of the machine, not inside a run, so the same time in more, shorter runs (--runs %.0f and --duration cut to match) gets there sooner",
			 k);
	return buf;
}

static void
compare_steady(const struct query_tag *sides, const struct canaries *c,
	       size_t n_sides, struct cmp_table *t)
{
	double m = 100.0 * t->opt.stats.equiv;
	char advice[256];

	for (size_t s = 0; m > 0.0 && s < n_sides; s++) {
		double cv = canary_spread(&c[s]), k;

		if (cv < 0.0)
			continue;
		k = ceil(2.0 * (1.96 * cv / m) * (1.96 * cv / m));
		if (k <= (double)c[s].n)
			continue;
		add_warning(t, xasprintf(
			"unsteady machine: %s: the canary's time spread by %.1f %% (cv over %zu rounds, the same loop each time): CPU-bound tests spread as much between runs, and an interval within +/-%g %% needs about %.0f runs a side at that spread%s",
			sides[s].tag, cv, c[s].n, m, k,
			steady_advice(k, advice, sizeof(advice))));
	}
}

void
compare_noise(const struct query_tag *sides, size_t n_sides,
	      struct cmp_table *t)
{
	struct canaries *c = xcalloc(n_sides ? n_sides : 1, sizeof(*c));

	for (size_t s = 0; s < n_sides; s++) {
		struct noise n;

		count_side(&sides[s], &n);
		side_canaries(&sides[s], &c[s]);
		if (c[s].fell == 0 &&
		    !(n.samples > 0 && 100.0 * (double)n.noisy >=
				       NOISE_SIDE_PCT * (double)n.samples))
			continue;
		add_warning(t, xasprintf(
			"noisy machine: %s: %zu of %zu samples waited for a CPU or were stolen over %g %% of their time, %.1f %% of the timed period lost; the canary fell in %zu of %zu rounds",
			sides[s].tag, n.noisy, n.samples, NOISE_SAMPLE_PCT,
			n.elapsed_ns > 0 ? 100.0 * n.lost_ns / n.elapsed_ns : 0.0,
			c[s].fell, c[s].n));
	}
	if (n_sides > 0) {
		compare_speed(sides, c, n_sides, t);
		compare_steady(sides, c, n_sides, t);
		compare_drift(sides, c, n_sides, t);
	}
	for (size_t s = 0; s < n_sides; s++)
		free(c[s].ns);
	free(c);
}
