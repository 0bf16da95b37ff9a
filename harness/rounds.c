// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rounds until precise or decided.  A round is one run of every open
 * test in suite order, as the --runs rounds are, so a slow spell of the
 * machine costs one run of several tests.  The budget counts from the
 * start of the run; a test run is started only when its last run's
 * length still fits.
 */
#include "config.h"

#include "rounds.h"
#include "rounds_int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "seq.h"
#include "store_read.h"
#include "tag.h"
#include "xalloc.h"

/*
 * One process into S: its rate and noise as the sequential comparison
 * takes them (seq_process()); a mostly noisy one is kept aside, one
 * without a usable rate spoils the side (none is dropped, as aimcmp).
 */
static void
side_add(struct side *s, const struct measure_sample *smp, size_t n,
	 double factor, enum measure_judged judged, int noise)
{
	struct seq_proc p;

	if (seq_process(smp, n, factor, judged, noise, &p) != 0)
		s->spoiled = 1;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->p = xrealloc(s->p, s->cap * sizeof(*s->p));
		s->runs = xrealloc(s->runs, s->cap * sizeof(*s->runs));
	}
	s->p[s->n++] = p;
	if (p.noisy == 1) {
		s->noisy++;
		return;
	}
	s->runs[s->n_runs].rate = p.rate;
	s->runs[s->n_runs++].boot_id = NULL;
}

static int
base_add(void *arg, const struct store_read_result *res)
{
	struct rounds *r = arg;
	size_t k;

	for (k = 0; k < r->n_base_runs && r->base_runs[k] != res->run_id; k++)
		continue;
	if (k == r->n_base_runs) {
		r->base_runs = xrealloc(r->base_runs, (k + 1) *
				       sizeof(*r->base_runs));
		r->base_runs[r->n_base_runs++] = res->run_id;
	}
	for (size_t i = 0; i < r->su->n_tests; i++)
		if (strcmp(r->su->tests[i]->info->name, res->test) == 0)
			side_add(&r->t[i].base, res->samples, res->n_samples,
				 (double)res->factor, res->judged,
				 !r->o->keep_noisy);
	return 0;
}

static int
read_base(struct rounds *r, const char *db_path, struct store_checked *seen,
	  char *err, size_t errlen)
{
	char why[512];
	struct store *st = store_reopen(db_path, seen, why, sizeof(why));
	int64_t n;

	if (st == NULL) {
		snprintf(err, errlen, "%s: %s", db_path, why);
		return 2;
	}
	n = store_read_tag(st, r->o->against, base_add, r, why, sizeof(why));
	store_close(st);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", db_path, why);
		return 2;
	}
	if (n == 0) {
		char v[64];

		snprintf(err, errlen, "--against: no run tagged '%s' in %s",
			 tag_shown(r->o->against, v, sizeof(v)), db_path);
		return 1;
	}
	for (size_t i = 0; i < r->su->n_tests; i++)
		r->family += side_n(&r->t[i].base) >= 2;
	for (size_t i = 0; i < r->su->n_tests; i++) {
		struct side *b = &r->t[i].base;

		r->t[i].floor_pct = seq_base_floor_pct(
			seq_log_sd(b->runs, side_n(b)), side_n(b),
			r->o->stats.alpha, r->family);
		r->t[i].st.cmp.verdict = STATS_INCONCLUSIVE;
		r->t[i].st.cmp.mdc_pct = NAN;
	}
	return 0;
}

size_t
rounds_thin(const struct rounds *r, double *lo, double *hi)
{
	size_t n = 0;

	*lo = INFINITY;
	*hi = 0.0;
	for (size_t i = 0; r->o->mode == ROUNDS_DECIDE && i < r->su->n_tests;
	     i++) {
		double f = r->t[i].floor_pct;

		if (!(f >= 100.0 * r->o->stats.equiv))
			continue;
		n++;
		*lo = f < *lo ? f : *lo;
		*hi = f > *hi ? f : *hi;
	}
	return n;
}

int
rounds_init(struct rounds *r, const struct rounds_opts *o,
	    const struct suite *su, const char *db_path,
	    struct store_checked *seen, char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	r->o = o;
	r->su = su;
	r->t = xcalloc(su->n_tests ? su->n_tests : 1, sizeof(*r->t));
	clock_init_real(&r->clock);
	r->start_ns = clock_now(&r->clock);
	for (size_t i = 0; i < su->n_tests; i++) {
		r->t[i].open = 1;
		r->t[i].floor_pct = NAN;
		r->t[i].halfwidth = NAN;
		r->t[i].st.cmp.verdict = STATS_INCONCLUSIVE;
		r->t[i].st.cmp.mdc_pct = NAN;
	}
	if (o->mode == ROUNDS_DECIDE)
		return read_base(r, db_path, seen, err, errlen);
	return 0;
}

void
rounds_free(struct rounds *r)
{
	for (size_t i = 0; r->t != NULL && i < r->su->n_tests; i++) {
		free(r->t[i].now.p);
		free(r->t[i].now.runs);
		free(r->t[i].base.p);
		free(r->t[i].base.runs);
	}
	free(r->t);
	free(r->base_runs);
	r->t = NULL;
	r->base_runs = NULL;
}

void
rounds_note(struct rounds *r, size_t i, const struct runner_outcome *out,
	    unsigned long factor, int64_t took_ns)
{
	const struct aim_test *t = r->su->tests[i];

	r->t[i].reps++;
	r->t[i].took_ns = took_ns;
	/* A skip or a failure repeats itself: more runs would only cost. */
	if (out->status != RUNNER_OK) {
		r->t[i].failed = 1;
		r->t[i].open = 0;
	} else if (out->n_samples > 0) {
		side_add(&r->t[i].now, out->samples, out->n_samples,
			 (double)factor, t->info->judged, !r->o->keep_noisy);
		r->t[i].since++;
		r->t[i].since_noisy += r->t[i].now.p[r->t[i].now.n - 1].noisy == 1;
	}
}

/*
 * --until-decided: the comparison of test T replayed over NEW's
 * processes so far (seq_replay(): the family's level spent on each look
 * of the schedule, noisy processes left out, no look after mostly noisy
 * ones, no decision on too wide an interval), as aimcmp replays it from
 * what was stored; FINAL (the budget is spent) looks once more at what
 * came since the last look.
 */
static void
look_decide(struct rounds *r, struct rounds_test *t, int final)
{
	if (side_n(&t->base) < 2) {
		t->open = 0;	/* nothing to compare with: said at the end */
		return;
	}
	if (seq_replay(t->base.p, t->base.n, t->now.p, t->now.n,
		       &r->o->stats, r->family, final, &t->st) == 0 &&
	    t->st.decided)
		t->open = 0;
}

/*
 * --precision: the half-width of the test's own rate, noisy processes
 * left out; it stops when within PCT, but not on a look after processes
 * mostly noisy.
 */
static void
look_precision(struct rounds *r, struct rounds_test *t)
{
	int quiet = seq_look_quiet(t->since_noisy, t->since);

	t->since = t->since_noisy = 0;
	t->halfwidth = seq_halfwidth_pct(t->now.runs, side_n(&t->now), 0.05);
	if (quiet && t->halfwidth <= r->o->precision_pct)
		t->open = 0;
	else if (t->now.spoiled)
		t->open = 0;	/* more runs cannot mend it */
}

void
rounds_look(struct rounds *r)
{
	r->round++;
	for (size_t i = 0; i < r->su->n_tests; i++) {
		struct rounds_test *t = &r->t[i];

		if (!t->open)
			continue;
		if (r->o->mode == ROUNDS_DECIDE)
			look_decide(r, t, 0);
		else
			look_precision(r, t);
	}
}

static size_t
n_open(const struct rounds *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->su->n_tests; i++)
		n += (size_t)r->t[i].open;
	return n;
}

static int64_t
budget_left_ns(struct rounds *r)
{
	return r->o->budget_ns - (clock_now(&r->clock) - r->start_ns);
}

static void
say_round(struct rounds *r, FILE *out)
{
	int64_t left = budget_left_ns(r);

	if (out == NULL)
		return;
	fprintf(out, "round %zu: %zu of %zu tests open, %.1f s of the budget left\n",
		r->round, n_open(r), r->su->n_tests,
		left > 0 ? (double)left / 1e9 : 0.0);
	(void)fflush(out);	/* a failed write shows in the table's check */
}

/* One round of the open tests; 2 when the budget ends within it. */
static int
one_round(struct rounds *r, int (*run)(void *, size_t, int), void *arg)
{
	for (size_t i = 0; i < r->su->n_tests; i++) {
		struct rounds_test *t = &r->t[i];
		int rc;

		if (!t->open)
			continue;
		if (t->took_ns > budget_left_ns(r))
			return 2;
		rc = run(arg, i, t->reps + 1);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int
rounds_more(struct rounds *r, int (*run)(void *arg, size_t i, int rep),
	    void *arg, FILE *out)
{
	int rc = 0;

	say_round(r, out);
	/* A repetition is stored as an int; stop far below its end. */
	while (rc == 0 && n_open(r) > 0 && budget_left_ns(r) > 0 &&
	       r->round < 100000) {
		rc = one_round(r, run, arg);
		if (rc == 1 || rc == -1)
			return rc;
		rounds_look(r);
		say_round(r, out);
	}
	for (size_t i = 0; r->o->mode == ROUNDS_DECIDE && i < r->su->n_tests;
	     i++)
		if (r->t[i].open)
			look_decide(r, &r->t[i], 1);
	return 0;
}
