// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the rounds of harness/rounds.c reached: the end's report, a line
 * a test, and what --until-decided decided as facts of the run, which
 * aimcmp replays (report/compare/compare_seq.c).
 */
#include "config.h"

#include "rounds.h"
#include "rounds_int.h"

#include <math.h>
#include <stdlib.h>

#include "store.h"
#include "tag.h"
#include "xalloc.h"

static int
report_precision(const struct rounds *r, size_t i, FILE *out)
{
	const struct rounds_test *t = &r->t[i];
	const char *what = t->failed ? "failed" :
			   t->now.spoiled ? "unusable" :
			   t->halfwidth <= r->o->precision_pct ? "reached" :
			   "not reached";

	if (isnan(t->halfwidth))
		return fprintf(out, "%-14s %-12s +/- -  (%zu processes)\n",
			       r->su->tests[i]->info->name, what, t->now.n);
	return fprintf(out, "%-14s %-12s +/-%.2f%%  (%zu processes)\n",
		       r->su->tests[i]->info->name, what, t->halfwidth,
		       t->now.n);
}

/* "; 3 left out as noisy, 1 look not made" when there is any. */
static int
report_noise(const struct rounds_test *t, FILE *out)
{
	int rc = 0;

	if (t->st.noisy_new > 0)
		rc = fprintf(out, "; %zu left out as noisy", t->st.noisy_new);
	if (rc >= 0 && t->st.skipped > 0)
		rc = fprintf(out, "; %zu look%s not made after noisy processes",
			     t->st.skipped, t->st.skipped == 1 ? "" : "s");
	return rc;
}

static int
report_decide(const struct rounds *r, size_t i, FILE *out)
{
	const struct rounds_test *t = &r->t[i];
	const struct stats_cmp *c = &t->st.cmp;
	const char *name = r->su->tests[i]->info->name;
	int rc;

	if (side_n(&t->base) < 2)
		return fprintf(out, "%-14s %-12s (base has %zu usable processes, needs 2)\n",
			       name, "no base", side_n(&t->base));
	if (t->st.decided)
		return fprintf(out, "%-14s %-12s [%+.2f%%,%+.2f%%]  (%zu looks, %zu processes)\n",
			       name, stats_verdict_name(c->verdict),
			       100.0 * (c->ratio_lo - 1.0),
			       100.0 * (c->ratio_hi - 1.0), t->st.looks,
			       t->now.n);
	if (t->failed)
		return fprintf(out, "%-14s %-12s (a run did not end ok: not run again)\n",
			       name, "failed");
	if (isnan(c->mdc_pct))
		rc = fprintf(out, "%-14s %-12s mdc -  (%zu processes", name,
			     "undecided", t->now.n);
	else if (c->mdc_pct > 1000.0)
		rc = fprintf(out, "%-14s %-12s mdc >1000%%  (%zu looks, %zu processes",
			     name, "undecided", t->st.looks, t->now.n);
	else
		rc = fprintf(out, "%-14s %-12s mdc %.2f%%  (%zu looks, %zu processes",
			     name, "undecided", c->mdc_pct, t->st.looks,
			     t->now.n);
	if (rc >= 0)
		rc = report_noise(t, out);
	if (rc >= 0 && t->floor_pct >= 100.0 * r->o->stats.equiv)
		rc = fprintf(out, "; the base allows +/-%.2f%% at best", t->floor_pct);
	return rc < 0 ? rc : fprintf(out, ")\n");
}

static size_t
n_reached(const struct rounds *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->su->n_tests; i++)
		n += r->t[i].halfwidth <= r->o->precision_pct;
	return n;
}

static size_t
n_decided(const struct rounds *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->su->n_tests; i++)
		n += r->t[i].st.decided;
	return n;
}

int
rounds_report(const struct rounds *r, FILE *out)
{
	int rc;

	if (r->o->mode == ROUNDS_PRECISION) {
		rc = fprintf(out, "Precision +/-%g%% (95 %% interval of each test's own rate): %zu of %zu reached\n",
			     r->o->precision_pct, n_reached(r), r->su->n_tests);
	} else {
		(void)fprintf(out, "Against ");
		tag_fput(out, r->o->against, 0);
		rc = fprintf(out, ": %zu of %zu tests decided (alpha %g over every look and test, equivalence +/-%g%%)\n",
				     n_decided(r), r->su->n_tests,
				     r->o->stats.alpha,
				     100.0 * r->o->stats.equiv);
	}
	for (size_t i = 0; i < r->su->n_tests && rc >= 0; i++)
		rc = r->o->mode == ROUNDS_PRECISION ? report_precision(r, i, out)
						    : report_decide(r, i, out);
	return rc;
}

static void
fact(struct record_kv *kv, size_t *n, char *key, char *value)
{
	kv[*n].key = key;
	kv[(*n)++].value = value;
}

size_t
rounds_facts(const struct rounds *r, struct record_kv **kv)
{
	size_t n = 0;
	char *ids;

	*kv = NULL;
	if (r->o->mode != ROUNDS_DECIDE)
		return 0;
	ids = xstrdup("");
	*kv = xcalloc(6 + r->su->n_tests, sizeof(**kv));
	for (size_t i = 0; i < r->n_base_runs; i++) {
		char *next = xasprintf("%s%s%lld", ids, i ? "," : "",
				       (long long)r->base_runs[i]);

		free(ids);
		ids = next;
	}
	fact(*kv, &n, xstrdup("seq.against"), xstrdup(r->o->against));
	fact(*kv, &n, xstrdup("seq.base_runs"), ids);
	fact(*kv, &n, xstrdup("seq.alpha"), xasprintf("%.17g", r->o->stats.alpha));
	fact(*kv, &n, xstrdup("seq.equivalence"),
	     xasprintf("%.17g", r->o->stats.equiv));
	fact(*kv, &n, xstrdup("seq.family"), xasprintf("%zu", r->family));
	fact(*kv, &n, xstrdup("seq.noise"),
	     xstrdup(r->o->keep_noisy ? "kept" : "left out"));
	for (size_t i = 0; i < r->su->n_tests; i++) {
		const struct rounds_test *t = &r->t[i];

		if (side_n(&t->base) < 2)
			continue;
		fact(*kv, &n, xasprintf("seq.%s", r->su->tests[i]->info->name),
		     xasprintf("%s %zu %zu", t->st.decided ?
			       stats_verdict_name(t->st.cmp.verdict) :
			       "undecided", t->st.looks, t->now.n));
	}
	return n;
}

void
rounds_facts_free(struct record_kv *kv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free((char *)kv[i].key);
		free((char *)kv[i].value);
	}
	free(kv);
}
