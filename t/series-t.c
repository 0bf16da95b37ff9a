// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the change points: known steps planted in synthetic
 * series are found with the right verdict at the right tags, flat series
 * give none, gaps and single runs are handled, and the listing that
 * "aimcmp --series" prints is checked line for line.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series.h"
#include "tap.h"
#include "xalloc.h"

#define N_TAGS 6
#define N_RUNS 6

static const char *const tag_names[N_TAGS] = {
	"6.1-rc1", "6.1-rc2", "6.1", "6.2-rc1", "6.2", "6.3",
};

/* Noise of about 0.5 % between runs, a different order at each tag. */
static const double noise[N_RUNS] = { -0.006, 0.003, 0.005, -0.004, 0.001,
				      -0.002 };

struct fixture {
	struct stats_run runs[8][N_TAGS][N_RUNS];
	struct series_point points[8][N_TAGS];
	struct series_test tests[8];
	size_t n;
};

/* A test whose level at tag i is BASE * LEVEL[i]; 0 = no data there. */
static void
add_test(struct fixture *fx, int number, const char *name, double base,
	 const double *level, size_t runs)
{
	size_t k = fx->n++;

	for (size_t i = 0; i < N_TAGS; i++) {
		for (size_t r = 0; r < runs; r++) {
			double e = noise[(r + i) % N_RUNS];

			fx->runs[k][i][r].rate = base * level[i] * (1.0 + e);
		}
		fx->points[k][i].runs = fx->runs[k][i];
		fx->points[k][i].n_runs = level[i] > 0.0 ? runs : 0;
	}
	fx->tests[k].number = number;
	fx->tests[k].name = name;
	fx->tests[k].units = "Things/second";
	fx->tests[k].points = fx->points[k];
}

static const struct series_step *
find_step(const struct series *s, size_t test, size_t to)
{
	for (size_t i = 0; i < s->n_steps; i++)
		if (s->steps[i].test == test && s->steps[i].to == to)
			return &s->steps[i];
	return NULL;
}

static size_t
significant_of(const struct series *s, size_t test)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_steps; i++)
		n += s->steps[i].test == test && series_step_significant(&s->steps[i]);
	return n;
}

static char *
listing(const struct series *s, const struct fixture *fx)
{
	char *tags[N_TAGS], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream failed");
	for (size_t i = 0; i < N_TAGS; i++)
		tags[i] = xstrdup(tag_names[i]);
	if (series_print(f, s, fx->tests, tags) < 0)
		diag("series_print reported an error");
	for (size_t i = 0; i < N_TAGS; i++)
		free(tags[i]);
	if (fclose(f) != 0)
		bail("fclose of the memory stream failed");
	return buf;
}

static void
check_planted(void)
{
	static const double flat[N_TAGS] = { 1, 1, 1, 1, 1, 1 };
	static const double drop[N_TAGS] = { 1, 1, 1, 0.9, 0.9, 0.9 };
	static const double gap[N_TAGS] = { 1, 1, 0, 1, 1.08, 1.08 };
	struct fixture *fx = xcalloc(1, sizeof(*fx));
	struct stats_opts opt;
	struct series s;
	const struct series_step *st;

	stats_opts_default(&opt);
	add_test(fx, 3, "add_long", 4e6, flat, N_RUNS);
	add_test(fx, 12, "fork_test", 2700, drop, N_RUNS);
	add_test(fx, 13, "link_test", 1e5, gap, N_RUNS);
	ok(series_compute(fx->tests, fx->n, N_TAGS, &opt, &s) == 0,
	   "series computed");
	is_int((int64_t)s.n_steps, 5 + 5 + 4, "one step per pair of neighbours with data");
	is_int((int64_t)significant_of(&s, 0), 0, "flat series: no significant step");
	is_int((int64_t)significant_of(&s, 1), 1, "10 %% drop: exactly one step");
	st = find_step(&s, 1, 3);
	ok(st != NULL && st->from == 2 && st->cmp.verdict == STATS_REGRESSED,
	   "the drop is found between 6.1 and 6.2-rc1, regressed");
	ok(st != NULL && fabs(st->cmp.ratio - 0.9) < 0.005,
	   "its ratio is about 0.9 (%g)", st != NULL ? st->cmp.ratio : NAN);
	st = find_step(&s, 2, 3);
	ok(st != NULL && st->from == 1, "a tag without data is passed over");
	st = find_step(&s, 2, 4);
	ok(st != NULL && st->cmp.verdict == STATS_IMPROVED,
	   "8 %% gain found between 6.2-rc1 and 6.2, improved");
	is_int((int64_t)s.n_significant, 2, "two significant steps in all");
	st = find_step(&s, 0, 1);
	ok(st != NULL && st->cmp.verdict == STATS_EQUIVALENT,
	   "flat neighbours at 0.5 %% noise are equivalent");
	for (size_t i = 0; i < s.n_steps; i++) {
		if (s.steps[i].cmp.q < s.steps[i].cmp.p) {
			ok(0, "q >= p for every step (step %zu)", i);
			break;
		}
		if (i + 1 == s.n_steps)
			ok(1, "q >= p for every step");
	}
	series_free(&s);
	free(fx);
}

static void
check_flat_listing(void)
{
	static const double flat[N_TAGS] = { 1, 1, 1, 1, 1, 1 };
	struct fixture *fx = xcalloc(1, sizeof(*fx));
	struct stats_opts opt;
	struct series s;
	char *text;

	stats_opts_default(&opt);
	add_test(fx, 3, "add_long", 4e6, flat, N_RUNS);
	add_test(fx, 12, "fork_test", 2700, flat, N_RUNS);
	if (series_compute(fx->tests, fx->n, N_TAGS, &opt, &s) < 0)
		bail("series_compute refused default options");
	is_int((int64_t)s.n_significant, 0, "two flat series: nothing significant");
	text = listing(&s, fx);
	is_string(text,
		  "# steps between consecutive tags: 10, 0 significant\n"
		  "# significant: regressed or improved, q <= 0.05 after correcting 10 steps together (false discovery rate); equivalence margin 2%\n"
		  "# no significant step\n",
		  "listing of a flat series");
	free(text);
	series_free(&s);
	free(fx);
}

static void
check_listing(void)
{
	static const double drop[N_TAGS] = { 1, 1, 1, 0.9, 0.9, 0.9 };
	static const double one[N_TAGS] = { 1, 1, 1, 1, 1, 1 };
	struct fixture *fx = xcalloc(1, sizeof(*fx));
	struct stats_opts opt;
	struct series s;
	char *text, *line;

	stats_opts_default(&opt);
	add_test(fx, 12, "fork_test", 2700, drop, N_RUNS);
	add_test(fx, 11, "exec_test", 900, one, 1);
	fx->runs[1][4][0].rate = 0.0;	/* a run that made no call */
	if (series_compute(fx->tests, fx->n, N_TAGS, &opt, &s) < 0)
		bail("series_compute refused default options");
	is_int((int64_t)s.n_one_run, 3, "single runs: judged, never significant");
	is_int((int64_t)s.n_unjudged, 2, "a zero rate: the steps beside it not judged");
	text = listing(&s, fx);
	ok(strstr(text, "# 3 steps have fewer than 2 runs on a side: never significant\n") != NULL,
	   "the listing counts steps with single runs");
	ok(strstr(text, "# 2 steps not judged: a run rate is not positive\n") != NULL,
	   "the listing counts steps not judged");
	line = strstr(text, "\n12 ");
	ok(line != NULL && strncmp(line + 1, "12 fork_test 6.1 6.2-rc1 mean -10.", 34) == 0,
	   "step line: number, name, from, to, rate judged, change");
	ok(line != NULL && strstr(line, "% regressed [") != NULL &&
	   strstr(line, "] q ") != NULL &&
	   strstr(line, " Things/second\n") != NULL,
	   "step line: verdict, interval, q, units");
	ok(strstr(text, "\n11 ") == NULL,
	   "no line for a test without a significant step");
	free(text);
	series_free(&s);
	free(fx);
}

static void
check_bad_opts(void)
{
	struct stats_opts opt = { .alpha = 0.7, .equiv = 0.02 };
	struct series s;

	ok(series_compute(NULL, 0, 0, &opt, &s) < 0 && s.n_steps == 0,
	   "alpha out of range refused");
	stats_opts_default(&opt);
	ok(series_compute(NULL, 0, 0, &opt, &s) == 0 && s.n_steps == 0,
	   "no tests: no steps");
	series_free(&s);
}

int
main(void)
{
	plan_lazy();
	check_planted();
	check_flat_listing();
	check_listing();
	check_bad_opts();
	return done_testing();
}
