// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The noisy samples of a run, from what it measured as it went: only
 * the samples that hold run delay or steal are kept (the canary of
 * their round decides too), so a kernel without schedstats says so
 * instead of "none".
 */
#include "config.h"

#include "noisy.h"

#include <stdlib.h>

#include "noise.h"
#include "tag.h"
#include "xalloc.h"

void
noisy_add(struct noisy *ny, const char *test, int copies, int rep,
	  const struct measure_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int64_t d = 0, st = 0, lost;
		double t;

		/* The warm-up (seq 0) is not measured. */
		if (s[i].seq <= 0 || noise_sample(&s[i], copies, &lost) < 0)
			continue;
		(void)measure_get(&s[i].m, MEASURE_RUN_DELAY, &d); /* 0 if absent */
		(void)measure_get(&s[i].m, MEASURE_STEAL, &st);
		t = (double)copies * (double)s[i].elapsed_ns;
		ny->v = xrealloc(ny->v, (ny->n + 1) * sizeof(*ny->v));
		ny->v[ny->n++] = (struct noisy_sample){
			.test = test, .copies = copies, .rep = rep,
			.seq = s[i].seq, .delay_pct = 100.0 * (double)d / t,
			.steal_pct = 100.0 * (double)st / t,
		};
	}
}

void
noisy_canary(struct noisy *ny, int round, int64_t ns)
{
	if (round < 1 || ns <= 0)
		return;
	if ((size_t)round > ny->n_rounds) {
		ny->canary = xrealloc(ny->canary, (size_t)round *
						  sizeof(*ny->canary));
		for (size_t i = ny->n_rounds; i < (size_t)round; i++)
			ny->canary[i] = 0;
		ny->n_rounds = (size_t)round;
	}
	ny->canary[round - 1] = ns;
}

static int64_t
fastest(const struct noisy *ny)
{
	int64_t best = 0;

	for (size_t i = 0; i < ny->n_rounds; i++)
		if (ny->canary[i] > 0 && (best == 0 || ny->canary[i] < best))
			best = ny->canary[i];
	return best;
}

/* The canary's rate in REP against the fastest round, in % (<= 0). */
static int
canary_drop(const struct noisy *ny, int rep, int64_t best, double *pct)
{
	int64_t ns = rep >= 1 && (size_t)rep <= ny->n_rounds ?
		     ny->canary[rep - 1] : 0;

	if (ns <= 0 || best <= 0)
		return -1;
	*pct = 100.0 * ((double)best / (double)ns - 1.0);
	return noise_canary_fell(ns, best);
}

static int
is_noisy(const struct noisy *ny, const struct noisy_sample *s, int64_t best)
{
	double drop;

	return s->delay_pct + s->steal_pct > NOISE_SAMPLE_PCT ||
	       canary_drop(ny, s->rep, best, &drop) == 1;
}

static void
print_sample(FILE *f, const struct noisy *ny, const struct noisy_sample *s,
	     int64_t best, int width)
{
	double drop;

	fputs("  ", f);
	tag_fput(f, s->test, (size_t)width);
	fprintf(f, " %4d %6d %8.1f%% %6.1f%%", s->rep, s->seq, s->delay_pct,
		s->steal_pct);
	if (canary_drop(ny, s->rep, best, &drop) >= 0)
		fprintf(f, " %+7.1f%%", drop);
	else
		fprintf(f, " %8s", "-");
	fputs(s->copies > 1 ? " (copies summed)\n" : "\n", f);
}

/* The test column: 16, or the longest name listed (the mem family's). */
static int
name_width(const struct noisy *ny, int64_t best)
{
	size_t width = 16, shown = 0;

	for (size_t i = 0; i < ny->n && shown < NOISY_SHOWN; i++) {
		if (!is_noisy(ny, &ny->v[i], best))
			continue;
		if (tag_columns(ny->v[i].test) > width)
			width = tag_columns(ny->v[i].test);
		shown++;
	}
	return width < 256 ? (int)width : 256;
}

int
noisy_print(FILE *f, const struct noisy *ny)
{
	int64_t best = fastest(ny);
	size_t noisy = 0, shown = 0;
	int width = name_width(ny, best);

	for (size_t i = 0; i < ny->n; i++)
		noisy += (size_t)is_noisy(ny, &ny->v[i], best);
	if (ny->n == 0)
		fprintf(f, "Noisy samples: unknown, no sample measured its run delay or steal\n");
	else if (noisy == 0)
		fprintf(f, "Noisy samples: none of %zu (run delay and steal under %g%% of each, no round's canary %g%% slower than the fastest)\n",
			ny->n, NOISE_SAMPLE_PCT, NOISE_CANARY_PCT);
	else
		fprintf(f, "Noisy samples: %zu of %zu (run delay and steal over %g%% of the sample, or its round's canary %g%% slower than the fastest)\n"
			"  %-*s %4s %6s %9s %7s %8s\n", noisy, ny->n,
			NOISE_SAMPLE_PCT, NOISE_CANARY_PCT, width, "test", "rep",
			"sample", "run delay", "steal", "canary");
	for (size_t i = 0; i < ny->n && shown < NOISY_SHOWN; i++) {
		if (!is_noisy(ny, &ny->v[i], best))
			continue;
		print_sample(f, ny, &ny->v[i], best, width);
		shown++;
	}
	if (noisy > shown)
		fprintf(f, "  ... and %zu more (aimcmp says how much of the timed period was lost)\n",
			noisy - shown);
	return ferror(f) ? -1 : 0;
}

void
noisy_free(struct noisy *ny)
{
	free(ny->v);
	free(ny->canary);
	ny->v = NULL;
	ny->canary = NULL;
	ny->n = ny->n_rounds = 0;
}
