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
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "noise.h"
#include "xalloc.h"

/* Rounds of one run whose canary is read: more than any run has. */
#define CANARY_ROUNDS_MAX 1000

struct noise {
	size_t samples, noisy;		/* measured samples, flagged ones */
	double elapsed_ns, lost_ns;
	size_t rounds, fell;		/* canary rounds, fallen ones */
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
run_canaries(const struct query_run *run, long long *ns, size_t cap)
{
	char key[32];
	size_t k = 0;

	for (; k < cap; k++) {
		snprintf(key, sizeof(key), "canary.round.%zu", k + 1);
		ns[k] = canary_value(query_env(run, key));
		if (ns[k] < 0)
			break;
	}
	return k;
}

static void
count_canary(const struct query_run *run, struct noise *n)
{
	long long ns[CANARY_ROUNDS_MAX], best = 0;
	size_t k = run_canaries(run, ns, CANARY_ROUNDS_MAX);

	for (size_t i = 0; i < k; i++)
		if (best == 0 || ns[i] < best)
			best = ns[i];
	for (size_t i = 0; i < k; i++)
		n->fell += noise_canary_fell(ns[i], best);
	n->rounds += k;
}

static int
cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Every round's canary time of side Q, sorted, in a new array. */
static long long *
side_canaries(const struct query_tag *q, size_t *n)
{
	long long *ns = xcalloc(q->n_runs ? q->n_runs : 1,
				CANARY_ROUNDS_MAX * sizeof(*ns));

	*n = 0;
	for (size_t i = 0; i < q->n_runs; i++)
		*n += run_canaries(&q->runs[i], ns + *n, CANARY_ROUNDS_MAX);
	qsort(ns, *n, sizeof(*ns), cmp_ll);
	return ns;
}

/* The median canary time of every round of a side; 0 when none. */
static double
canary_median(const struct query_tag *q, size_t *rounds)
{
	long long *ns = side_canaries(q, rounds);
	size_t n = *rounds;
	double med = 0.0;

	if (n > 0)
		med = n % 2 ? (double)ns[n / 2] :
			      ((double)ns[n / 2 - 1] + (double)ns[n / 2]) / 2.0;
	free(ns);
	return med;
}

/*
 * The spread of a side's canary rounds, in percent: the standard
 * deviation of their log times (a cv); -1 under NOISE_STEADY_ROUNDS.
 */
static double
canary_spread(const struct query_tag *q, size_t *rounds)
{
	long long *ns = side_canaries(q, rounds);
	size_t n = *rounds;
	double mean = 0.0, ss = 0.0;

	for (size_t i = 0; i < n; i++)
		mean += log((double)ns[i]) / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log((double)ns[i]) - mean) * (log((double)ns[i]) - mean);
	free(ns);
	return n < NOISE_STEADY_ROUNDS ? -1.0 :
					 100.0 * sqrt(ss / (double)(n - 1));
}

static void
add_warning(struct cmp_table *t, char *w)
{
	t->warnings = xrealloc(t->warnings, (t->n_warnings + 1) *
					    sizeof(*t->warnings));
	t->warnings[t->n_warnings++] = w;
}

/* Each NEW side's canary against BASE's, said when it moved. */
static void
compare_speed(const struct query_tag *sides, size_t n_sides,
	      struct cmp_table *t)
{
	size_t nb, nn;
	double base = canary_median(&sides[0], &nb);

	for (size_t s = 1; base > 0.0 && s < n_sides; s++) {
		double now = canary_median(&sides[s], &nn), pct;

		if (now <= 0.0)
			continue;
		pct = 100.0 * (now / base - 1.0);
		if (pct > -NOISE_SPEED_PCT && pct < NOISE_SPEED_PCT)
			continue;
		add_warning(t, xasprintf(
			"machine speed: the canary took %+.1f %% %s in %s than in %s (median of %zu and %zu rounds): a change of that size in CPU-bound tests may be the machine's, not the kernel's",
			pct, pct > 0 ? "longer" : "less", sides[s].tag,
			sides[0].tag, nn, nb));
	}
}

static void
count_side(const struct query_tag *q, struct noise *n)
{
	memset(n, 0, sizeof(*n));
	for (size_t i = 0; i < q->n_results; i++) {
		const struct query_result *r = &q->results[i];

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
	for (size_t i = 0; i < q->n_runs; i++)
		count_canary(&q->runs[i], n);
}

/*
 * A side whose canary spread between rounds: the same loop each time, so
 * the spread is the machine's, and a CPU-bound test spreads as much
 * between its runs.  Said when a 95 % interval within the margin at that
 * spread needs more runs a side, 2 (1.96 cv / m)^2, than it has rounds.
 */
static void
compare_steady(const struct query_tag *sides, size_t n_sides,
	       struct cmp_table *t)
{
	double m = 100.0 * t->opt.stats.equiv;

	for (size_t s = 0; m > 0.0 && s < n_sides; s++) {
		size_t rounds;
		double cv = canary_spread(&sides[s], &rounds), k;

		if (cv < 0.0)
			continue;
		k = ceil(2.0 * (1.96 * cv / m) * (1.96 * cv / m));
		if (k <= (double)rounds)
			continue;
		add_warning(t, xasprintf(
			"unsteady machine: %s: the canary's time spread by %.1f %% (cv over %zu rounds, the same loop each time): CPU-bound tests spread as much between runs, and an interval within +/-%g %% needs about %.0f runs a side at that spread",
			sides[s].tag, cv, rounds, m, k));
	}
}

void
compare_noise(const struct query_tag *sides, size_t n_sides,
	      struct cmp_table *t)
{
	for (size_t s = 0; s < n_sides; s++) {
		struct noise n;
		int noisy;

		count_side(&sides[s], &n);
		noisy = n.fell > 0 ||
			(n.samples > 0 && 100.0 * (double)n.noisy >=
					  NOISE_SIDE_PCT * (double)n.samples);
		if (!noisy)
			continue;
		add_warning(t, xasprintf(
			"noisy machine: %s: %zu of %zu samples waited for a CPU or were stolen over %g %% of their time, %.1f %% of the timed period lost; the canary fell in %zu of %zu rounds",
			sides[s].tag, n.noisy, n.samples, NOISE_SAMPLE_PCT,
			n.elapsed_ns > 0 ? 100.0 * n.lost_ns / n.elapsed_ns : 0.0,
			n.fell, n.rounds));
	}
	compare_speed(sides, n_sides, t);
	compare_steady(sides, n_sides, t);
}
