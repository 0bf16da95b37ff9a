// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Significant steps between consecutive tags.  One family of p-values for
 * the whole series: with 60 tests and 100 tags there are thousands of
 * steps, and only the false discovery rate correction over all of them
 * keeps noise from being reported as a regression somewhere.
 */
#include "config.h"

#include "series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "tag.h"
#include "xalloc.h"

/* Steps of one test: each tag with data against the previous one. */
static void
test_steps(const struct series_test *t, size_t ti, size_t n_tags,
	   const struct stats_opts *opt, const struct series_gate *gate,
	   struct series *out, size_t *cap)
{
	size_t prev = n_tags;

	for (size_t i = 0; i < n_tags; i++) {
		const struct series_point *b, *n = &t->points[i];
		struct series_step *st;

		if (n->n_runs == 0)
			continue;
		if (prev == n_tags) {
			prev = i;
			continue;
		}
		b = &t->points[prev];
		if (out->n_steps == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			out->steps = xrealloc(out->steps,
					      *cap * sizeof(*out->steps));
		}
		st = &out->steps[out->n_steps++];
		memset(st, 0, sizeof(*st));
		st->test = ti;
		st->from = prev;
		st->to = i;
		st->refused = gate != NULL &&
			      !gate->comparable(gate->arg, ti, prev, i);
		if (st->refused) {
			st->cmp.why = "not comparable: the tags differ in machine, CPU model or aimkit build (the header says which)";
			st->cmp.verdict = STATS_INCONCLUSIVE;
			st->cmp.p = NAN;
		} else {
			st->judged = stats_compare(b->runs, b->n_runs, n->runs,
						   n->n_runs, opt, t->better,
						   &st->cmp) == 0;
		}
		prev = i;
	}
}

/* stats_bh_adjust() works on a plain array of comparisons. */
static void
adjust(struct series *s)
{
	struct stats_cmp *c = xcalloc(s->n_steps + 1, sizeof(*c));

	for (size_t i = 0; i < s->n_steps; i++)
		c[i] = s->steps[i].cmp;
	stats_bh_adjust(c, s->n_steps, &s->opt);
	for (size_t i = 0; i < s->n_steps; i++) {
		struct series_step *st = &s->steps[i];

		if (!st->judged) {
			/* Keep the refusal's reason; it has no p-value. */
			s->n_unjudged++;
			s->n_refused += (size_t)st->refused;
			continue;
		}
		st->cmp = c[i];
		if (isnan(st->cmp.p))
			s->n_one_run++;
		if (series_step_significant(st))
			s->n_significant++;
	}
	free(c);
}

int
series_compute(const struct series_test *tests, size_t n_tests,
	       size_t n_tags, const struct stats_opts *opt,
	       struct series *out)
{
	return series_compute_gated(tests, n_tests, n_tags, opt, NULL, out);
}

int
series_compute_gated(const struct series_test *tests, size_t n_tests,
		     size_t n_tags, const struct stats_opts *opt,
		     const struct series_gate *gate, struct series *out)
{
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	if (opt == NULL || !(opt->alpha > 0.0 && opt->alpha < 0.5) ||
	    !(opt->equiv >= 0.0 && opt->equiv < 1.0))
		return -1;
	out->opt = *opt;
	for (size_t t = 0; t < n_tests; t++)
		test_steps(&tests[t], t, n_tags, opt, gate, out, &cap);
	adjust(out);
	return 0;
}

void
series_free(struct series *s)
{
	free(s->steps);
	memset(s, 0, sizeof(*s));
}

int
series_step_significant(const struct series_step *step)
{
	return step->judged && (step->cmp.verdict == STATS_REGRESSED ||
				step->cmp.verdict == STATS_IMPROVED);
}

static const char *
plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void
print_header(FILE *f, const struct series *s)
{
	size_t family = s->n_steps - s->n_unjudged - s->n_one_run;

	fprintf(f, "# steps between consecutive tags: %zu, %zu significant\n",
		s->n_steps, s->n_significant);
	fprintf(f, "# significant: regressed or improved, q <= %g after correcting %zu %s together (false discovery rate); equivalence margin %g%%\n",
		s->opt.alpha, family, plural(family, "step", "steps"),
		s->opt.equiv * 100.0);
	if (s->n_one_run > 0)
		fprintf(f, "# %zu %s fewer than 2 runs on a side: never significant\n",
			s->n_one_run, plural(s->n_one_run, "step has", "steps have"));
	if (s->n_unjudged > s->n_refused)
		fprintf(f, "# %zu %s not judged: a run rate is not positive\n",
			s->n_unjudged - s->n_refused,
			plural(s->n_unjudged - s->n_refused, "step", "steps"));
	if (s->n_refused > 0)
		fprintf(f, "# %zu %s not judged: the tags are not comparable (--force judges them)\n",
			s->n_refused, plural(s->n_refused, "step", "steps"));
	if (s->n_significant == 0)
		fputs("# no significant step\n", f);
}

int
series_print(FILE *f, const struct series *s,
	     const struct series_test *tests, char *const *tags)
{
	const char *host = NULL;

	print_header(f, s);
	for (size_t i = 0; i < s->n_steps; i++) {
		const struct series_step *st = &s->steps[i];
		const struct series_test *t = &tests[st->test];
		const struct stats_cmp *c = &st->cmp;

		if (!series_step_significant(st))
			continue;
		/* A machine's steps under its name: never one series. */
		if (t->host != NULL &&
		    (host == NULL || strcmp(host, t->host) != 0)) {
			host = t->host;
			fputs("# host ", f);
			tag_fput(f, host, 0);
			fputc('\n', f);
		}
		/* Names, tags and units are the database's: shown as data. */
		fprintf(f, "%d ", t->number);
		tag_fput(f, t->name, 0);
		fputc(' ', f);
		tag_fput(f, tags[st->from], 0);
		fputc(' ', f);
		tag_fput(f, tags[st->to], 0);
		fprintf(f, " %s %.2f%% %s [%+.2f%%,%+.2f%%] q %.2g ",
			stats_basis_name(t->basis),
			(c->ratio - 1.0) * 100.0, stats_verdict_name(c->verdict),
			(c->ratio_lo - 1.0) * 100.0,
			(c->ratio_hi - 1.0) * 100.0, c->q);
		tag_fput(f, t->units, 0);
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}
