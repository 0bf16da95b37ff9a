/*
 * Noise on each side of a comparison, from what aimrun stored: the
 * samples whose run delay and steal took more than NOISE_SAMPLE_PCT of
 * their elapsed time, the share of the timed period lost so, and the
 * rounds whose canary (the run's facts canary.round.N) fell.  When a side
 * has enough of either, the header says "noisy machine": its spread is
 * the machine's, not the kernel's.  Part of the compare module.
 */
#include "config.h"

#include "compare_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "noise.h"
#include "xalloc.h"

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

static void
count_canary(const struct query_run *run, struct noise *n)
{
	long long ns[1000], best = 0;
	size_t k = 0;
	char key[32];

	for (; k < sizeof(ns) / sizeof(ns[0]); k++) {
		snprintf(key, sizeof(key), "canary.round.%zu", k + 1);
		ns[k] = canary_value(query_env(run, key));
		if (ns[k] < 0)
			break;
		if (best == 0 || ns[k] < best)
			best = ns[k];
	}
	for (size_t i = 0; i < k; i++)
		n->fell += noise_canary_fell(ns[i], best);
	n->rounds += k;
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
		t->warnings = xrealloc(t->warnings, (t->n_warnings + 1) *
						    sizeof(*t->warnings));
		t->warnings[t->n_warnings++] = xasprintf(
			"noisy machine: %s: %zu of %zu samples waited for a CPU or were stolen over %g %% of their time, %.1f %% of the timed period lost; the canary fell in %zu of %zu rounds",
			sides[s].tag, n.noisy, n.samples, NOISE_SAMPLE_PCT,
			n.elapsed_ns > 0 ? 100.0 * n.lost_ns / n.elapsed_ns : 0.0,
			n.fell, n.rounds);
	}
}
