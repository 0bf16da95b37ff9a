// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whether a plan is done after a finished trial (plan.h): a number of
 * trials, every ratio's interval within +/-PCT (--precision), or every
 * test regressed, improved or equivalent (--until-decided, judged at
 * the levels lib/stats/seq.c spends per look, so that looking after every
 * trial does not make false verdicts likelier).  Until then the
 * variance components of the runs so far say how many trials the
 * target needs (lib/stats/varcomp.c), within the plan's budget.
 */
#include "config.h"

#include "plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "db.h"
#include "query.h"
#include "seq.h"
#include "store.h"
#include "varcomp.h"
#include "xalloc.h"

/* What the comparisons of the finished trials say. */
struct verdicts {
	size_t family;		/* comparisons with two runs a side or more */
	size_t open;		/* of those, not yet answered */
	size_t n[4];		/* per enum stats_verdict, when answered */
	int needed;		/* most trials an open one needs; 0 unknown */
	int unreachable;	/* some need more than VARCOMP_MAX_BOOTS */
	char widest[64];	/* the test furthest from its answer */
	double widest_pct;
};

/* The trials whose boots are all done, counted from the first. */
static int
trials_done(const struct plan *p)
{
	int done = 0;

	for (size_t i = 0; i < p->n_boots; i++) {
		if (p->boots[i].state != PLAN_BOOT_DONE)
			break;
		if (i + 1 == p->n_boots ||
		    p->boots[i + 1].trial != p->boots[i].trial)
			done = p->boots[i].trial;
	}
	return done;
}

/* The boots a kernel that comparison C of sides A and B still needs. */
static void
size_open(const struct plan *p, const struct cmp_value *a,
	  const struct cmp_value *b, struct verdicts *v)
{
	struct varcomp ca, cb, c;
	double change = p->target_pct / 100.0;
	double power = p->target == PLAN_TARGET_PRECISION ? 0.5 : STATS_POWER;
	double alpha = p->target == PLAN_TARGET_PRECISION ? p->alpha :
		       seq_look_alpha(p->alpha, v->family > 0 ? v->family : 1,
				      2);
	int need;

	if (varcomp_boots(a->runs, a->n_runs, &ca) < 0 ||
	    varcomp_boots(b->runs, b->n_runs, &cb) < 0)
		return;
	varcomp_pool(&ca, &cb, &c);
	need = varcomp_boots_needed(&c, p->runs, change, alpha, power);
	if (need == 0)
		v->unreachable = 1;
	else if (need > v->needed)
		v->needed = need;
}

/* One NEW side S of ROW, at look K of the family. */
static void
judge_one(const struct plan *p, const struct cmp_row *row, size_t s, int k,
	  size_t m, struct verdicts *v)
{
	const struct cmp_value *a = &row->v[0], *b = &row->v[s];
	struct stats_opts opt = { .alpha = p->alpha, .equiv = 0.02 };
	struct stats_cmp c;
	double half;
	int rc;

	if (p->target == PLAN_TARGET_DECIDED) {
		opt.equiv = p->target_pct / 100.0;
		rc = seq_look(a->runs, a->n_runs, b->runs, b->n_runs, &opt, m,
			      (size_t)k, &c);
	} else {
		rc = stats_compare(a->runs, a->n_runs, b->runs, b->n_runs, &opt,
				   row->better, &c);
	}
	if (rc != 0)
		return;
	half = 100.0 * fmax(c.ratio_hi - 1.0, 1.0 - c.ratio_lo);
	if (p->target == PLAN_TARGET_DECIDED ?
	    c.verdict != STATS_INCONCLUSIVE : half <= p->target_pct) {
		v->n[c.verdict]++;
		return;
	}
	v->open++;
	if (!(half <= v->widest_pct)) {
		snprintf(v->widest, sizeof(v->widest), "%s", row->test);
		v->widest_pct = half;
	}
	size_open(p, a, b, v);
}

static int
usable(const struct cmp_value *x)
{
	return x->state == CMP_OK && x->n_runs >= 2;
}

static void
judge_table(const struct plan *p, const struct cmp_table *t, int k,
	    struct verdicts *v)
{
	const struct cmp_row *row;

	for (int pass = 0; pass < 2; pass++)
		for (size_t r = 0; r < t->n_rows; r++)
			for (size_t s = 1; s < t->n_sides; s++) {
				row = &t->rows[r];
				if (!usable(&row->v[0]) || !usable(&row->v[s]))
					continue;
				/* The family first: each look spends on it. */
				if (pass == 0)
					v->family++;
				else
					judge_one(p, row, s, k, v->family, v);
			}
}

/* Load the plan's runs per kernel and judge them. */
static int
judge_runs(struct store *st, const struct plan *p, int k, struct verdicts *v,
	   char *err, size_t errlen)
{
	struct query_tag *sides = xcalloc(p->n_kernels, sizeof(*sides));
	struct cmp_table t;
	struct cmp_opts opt;
	int64_t *ids = NULL;
	size_t n = 0, i;
	int rc = store_plan_run_ids(store_db(st), p, &ids, &n);

	for (i = 0; i < p->n_kernels && rc == 0; i++)
		rc = query_tag_load(store_db(st), p->kernels[i].tag, ids, n,
				    NULL, &sides[i]);
	if (rc == 0) {
		compare_opts_default(&opt);
		opt.stats.alpha = p->alpha;
		compare_build(sides, p->n_kernels, &opt, &t);
		judge_table(p, &t, k, v);
		compare_free(&t);
	} else {
		snprintf(err, errlen, "cannot read the plan's runs: %s",
			 db_errmsg(store_db(st)));
	}
	for (i = 0; i < p->n_kernels; i++)
		query_tag_free(&sides[i]);
	free(sides);
	free(ids);
	return rc < 0 ? -1 : 0;
}

/* The target is not met after DONE trials: how many it needs now. */
static int
replan(struct plan *p, int done, const struct verdicts *v, char *what,
       size_t len)
{
	int want = v->unreachable || v->needed == 0 ? p->budget : v->needed;

	if (done >= p->budget) {
		snprintf(what, len, "budget of %d trials spent: %zu of %zu "
			 "comparisons unanswered (widest: %s, +/-%.2f %%)",
			 p->budget, v->open, v->family,
			 v->widest[0] != '\0' ? v->widest : "-", v->widest_pct);
		return 1;
	}
	if (want <= done)
		want = done + 1;
	if (want > p->budget)
		want = p->budget;
	p->trials = want;
	snprintf(what, len, "after trial %d: %zu of %zu comparisons "
		 "unanswered (widest: %s, +/-%.2f %%); the sizing asks for "
		 "%s%d trials: %d planned, budget %d", done, v->open, v->family,
		 v->widest[0] != '\0' ? v->widest : "-", v->widest_pct,
		 v->unreachable ? "more than " : "",
		 v->unreachable ? VARCOMP_MAX_BOOTS : v->needed, want,
		 p->budget);
	return 0;
}

int
plan_decide(struct store *st, struct plan *p, char *what, size_t len,
	    char *err, size_t errlen)
{
	struct verdicts v = { 0 };
	int done = trials_done(p);

	if (p->target == PLAN_TARGET_TRIALS || done < 2) {
		if (done >= p->trials && p->target == PLAN_TARGET_TRIALS) {
			snprintf(what, len, "complete: %d trials of %zu "
				 "kernels", done, p->n_kernels);
			return 1;
		}
		if (p->trials <= done)
			p->trials = done + 1;
		snprintf(what, len, "trial %d of %d done", done, p->trials);
		return 0;
	}
	v.widest_pct = -1.0;
	if (judge_runs(st, p, done - 1, &v, err, errlen) < 0)
		return -1;
	if (v.open > 0)
		return replan(p, done, &v, what, len);
	if (p->target == PLAN_TARGET_PRECISION)
		snprintf(what, len, "precise after %d trials: %zu comparisons "
			 "within +/-%.2f %%", done, v.family, p->target_pct);
	else
		snprintf(what, len, "decided after %d trials: %zu regressed, "
			 "%zu improved, %zu equivalent", done,
			 v.n[STATS_REGRESSED], v.n[STATS_IMPROVED],
			 v.n[STATS_EQUIVALENT]);
	return 1;
}
