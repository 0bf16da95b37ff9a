/*
 * Rounds until precise or decided.  A round is one run of every open
 * test in suite order, as the --runs rounds are, so a slow spell of the
 * machine costs one run of several tests.  The budget counts from the
 * start of the run; a test run is started only when its last run's
 * length still fits.
 */
#include "config.h"

#include "rounds.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "seq.h"
#include "store_read.h"
#include "tag.h"
#include "xalloc.h"

struct side {
	struct stats_run *runs;
	size_t n, cap;
	int spoiled;		/* a process without a usable rate */
};

struct rounds_test {
	struct side now;	/* this run's processes */
	struct side base;
	int reps;		/* repetitions run, all rounds */
	int open;
	int failed;		/* a run did not end ok: run no more */
	size_t looks;
	size_t looked_n;	/* NEW's processes at the last look, 0: none */
	double floor_pct;	/* the base's narrowest interval */
	struct stats_cmp cmp;	/* at the last look */
	double halfwidth;	/* --precision: % at the last look */
	int64_t took_ns;	/* wall time of its last run */
};

static void
side_add(struct side *s, const struct measure_sample *smp, size_t n,
	 double factor, enum measure_judged judged)
{
	double rate;

	if (seq_process_rate(smp, n, factor, judged, &rate) != 0) {
		/* As aimcmp: such a process spoils the side, none is dropped. */
		s->spoiled = 1;
		return;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->runs = xrealloc(s->runs, s->cap * sizeof(*s->runs));
	}
	s->runs[s->n].rate = rate;
	s->runs[s->n++].boot_id = NULL;
}

static size_t
side_n(const struct side *s)
{
	return s->spoiled ? 0 : s->n;
}

static int
base_add(void *arg, const struct store_read_result *res)
{
	struct rounds *r = arg;

	for (size_t i = 0; i < r->su->n_tests; i++)
		if (strcmp(r->su->tests[i]->info->name, res->test) == 0)
			side_add(&r->t[i].base, res->samples, res->n_samples,
				 (double)res->factor, res->judged);
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
		r->t[i].cmp.verdict = STATS_INCONCLUSIVE;
		r->t[i].cmp.mdc_pct = NAN;
	}
	if (o->mode == ROUNDS_DECIDE)
		return read_base(r, db_path, seen, err, errlen);
	return 0;
}

void
rounds_free(struct rounds *r)
{
	for (size_t i = 0; r->t != NULL && i < r->su->n_tests; i++) {
		free(r->t[i].now.runs);
		free(r->t[i].base.runs);
	}
	free(r->t);
	r->t = NULL;
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
	} else if (out->n_samples > 0)
		side_add(&r->t[i].now, out->samples, out->n_samples,
			 (double)factor, t->info->judged);
}

/*
 * --until-decided: a look at test T, the family's level spent on it, on
 * the schedule of lib/stats/seq.h; FINAL (the budget is spent) looks once more
 * at what came since the last look.
 */
static void
look_decide(struct rounds *r, struct rounds_test *t, int final)
{
	size_t nb = side_n(&t->base), nn = side_n(&t->now);

	if (nb < 2) {
		t->open = 0;	/* nothing to compare with: said at the end */
		return;
	}
	/* seq_next_look(0) is the first look's count. */
	if (nn < 2 || nn == t->looked_n ||
	    (!final && nn < seq_next_look(t->looked_n)))
		return;
	t->looks++;
	t->looked_n = nn;
	if (seq_look(t->base.runs, nb, t->now.runs, nn, &r->o->stats,
		     r->family, t->looks, &t->cmp) == 0 &&
	    t->cmp.verdict != STATS_INCONCLUSIVE)
		t->open = 0;
}

void
rounds_look(struct rounds *r)
{
	r->round++;
	for (size_t i = 0; i < r->su->n_tests; i++) {
		struct rounds_test *t = &r->t[i];

		if (!t->open)
			continue;
		if (r->o->mode == ROUNDS_DECIDE) {
			look_decide(r, t, 0);
			continue;
		}
		t->halfwidth = seq_halfwidth_pct(t->now.runs, side_n(&t->now),
						 0.05);
		if (t->halfwidth <= r->o->precision_pct)
			t->open = 0;
		else if (t->now.spoiled)
			t->open = 0;	/* more runs cannot mend it */
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

static int
report_decide(const struct rounds *r, size_t i, FILE *out)
{
	const struct rounds_test *t = &r->t[i];
	const struct stats_cmp *c = &t->cmp;
	const char *name = r->su->tests[i]->info->name;
	int rc;

	if (side_n(&t->base) < 2)
		return fprintf(out, "%-14s %-12s (base has %zu usable processes, needs 2)\n",
			       name, "no base", side_n(&t->base));
	if (!t->open && c->verdict != STATS_INCONCLUSIVE)
		return fprintf(out, "%-14s %-12s [%+.2f%%,%+.2f%%]  (%zu looks, %zu processes)\n",
			       name, stats_verdict_name(c->verdict),
			       100.0 * (c->ratio_lo - 1.0),
			       100.0 * (c->ratio_hi - 1.0), t->looks,
			       t->now.n);
	if (t->failed)
		return fprintf(out, "%-14s %-12s (a run did not end ok: not run again)\n",
			       name, "failed");
	if (isnan(c->mdc_pct))
		rc = fprintf(out, "%-14s %-12s mdc -  (%zu processes", name,
			     "undecided", t->now.n);
	else if (c->mdc_pct > 1000.0)
		rc = fprintf(out, "%-14s %-12s mdc >1000%%  (%zu looks, %zu processes",
			     name, "undecided", t->looks, t->now.n);
	else
		rc = fprintf(out, "%-14s %-12s mdc %.2f%%  (%zu looks, %zu processes",
			     name, "undecided", c->mdc_pct, t->looks, t->now.n);
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
		n += r->t[i].cmp.verdict != STATS_INCONCLUSIVE;
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
