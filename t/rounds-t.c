// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * harness/rounds.c with runs faked and the budget's clock faked: rounds
 * go to the open tests only, a test that reached its precision or a
 * verdict is run no more, the budget ends the rounds, the base is read
 * from the database (lib/store/store_read.c) and an unknown base is refused.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "rounds.h"
#include "store.h"
#include "store_read.h"
#include "tap.h"

#define N 3

struct fake {
	struct rounds *r;
	double rate[N];		/* ops/s of each test's next process */
	double spread[N];	/* alternately +/- this fraction */
	enum runner_status status[N];	/* of every run */
	int noisy[N];		/* every sample waited for a CPU */
	int runs[N];
};

static void
outcome(double rate, struct runner_outcome *out, struct measure_sample *s)
{
	memset(out, 0, sizeof(*out));
	memset(s, 0, sizeof(*s));
	s->calls = (int64_t)(rate / 100.0 + 0.5);
	s->elapsed_ns = 10000000;	/* 0.01 s: rate / 100 calls */
	s->printed_ops = -1.0;
	out->status = RUNNER_OK;
	out->samples = s;
	out->n_samples = 1;
}

static int
fake_run(void *arg, size_t i, int rep)
{
	struct fake *f = arg;
	struct runner_outcome out;
	struct measure_sample s;
	double sign = rep % 2 ? 1.0 : -1.0;

	outcome(f->rate[i] * (1.0 + sign * f->spread[i]), &out, &s);
	out.status = f->status[i];
	measure_set(&s.m, MEASURE_RUN_DELAY, f->noisy[i] ? s.elapsed_ns / 2 : 0);
	measure_set(&s.m, MEASURE_STEAL, 0);
	f->runs[i]++;
	rounds_note(f->r, i, &out, 1, 100000000);	/* 0.1 s a run */
	return 0;
}

/* The --runs rounds, as run.c makes them. */
static void
first_rounds(struct fake *f, int runs)
{
	for (int rep = 1; rep <= runs; rep++) {
		for (size_t i = 0; i < N; i++)
			(void)fake_run(f, i, rep);
		rounds_look(f->r);
	}
}

static char *
report(struct rounds *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (m == NULL)
		bail("open_memstream");
	ok(rounds_report(r, m) > 0, "the report is written");
	if (fclose(m) != 0)
		bail("fclose");
	diag("%s", text);
	return text;
}

/* --precision 1 with a budget of 10 s. */
static const struct rounds_opts precision_1 = {
	.mode = ROUNDS_PRECISION, .precision_pct = 1.0,
	.budget_ns = 10000000000LL,
};

/* The first RUNS rounds, then the added ones, on a clock of 0.05 s a reading. */
static void
rounds_faked(struct rounds *r, const struct rounds_opts *o,
	     const struct suite *su, struct fake *f, int runs, const char *db)
{
	struct store_checked seen = { 0 };
	char err[256];

	ok(rounds_init(r, o, su, db, &seen, err, sizeof(err)) == 0,
	   "init: %s", o->mode == ROUNDS_PRECISION ? "precision" : "decide");
	clock_init_fake(&r->clock, 0, 50000000);
	r->start_ns = 0;
	first_rounds(f, runs);
	ok(rounds_more(r, fake_run, f, NULL) == 0, "the rounds end");
}

static void
test_precision(const struct suite *su)
{
	struct rounds r;
	struct fake f = { .r = &r, .rate = { 1e6, 1e6, 1e6 },
			  .spread = { 0.0, 0.2, 0.001 } };
	char *text;

	rounds_faked(&r, &precision_1, su, &f, 2, NULL);
	is_int(f.runs[0], 2, "a test within +/-1 %% after the runs gets no round");
	ok(f.runs[1] > 4, "a noisy test gets rounds (%d runs)", f.runs[1]);
	ok(f.runs[2] >= 2 && f.runs[2] < f.runs[1],
	   "a test that reaches +/-1 %% later stops (%d runs)", f.runs[2]);
	ok(clock_now(&r.clock) <= precision_1.budget_ns + 200000000LL,
	   "the budget ends the rounds (%.2f s of 10)",
	   (double)clock_now(&r.clock) / 1e9);
	text = report(&r);
	ok(strstr(text, "1 of 3 reached") == NULL &&
	   strstr(text, "2 of 3 reached") != NULL, "the count of reached tests");
	ok(strstr(text, "add_long       reached      +/-0.00%") != NULL,
	   "reached, with the half-width");
	ok(strstr(text, "calibrate      not reached  +/-5") != NULL,
	   "not reached, with the half-width");
	free(text);
	rounds_free(&r);
}

static void
test_failed(const struct suite *su)
{
	struct rounds r;
	struct fake f = { .r = &r, .rate = { 1e6, 1e6, 1e6 },
			  .spread = { 0.2, 0.2, 0.2 },
			  .status = { RUNNER_OK, RUNNER_SKIP, RUNNER_OK } };
	char *text;

	rounds_faked(&r, &precision_1, su, &f, 2, NULL);
	is_int(f.runs[1], 2, "a test that skips gets no round");
	ok(f.runs[0] > 2, "the others do");
	text = report(&r);
	ok(strstr(text, "calibrate      failed") != NULL, "and it is said");
	ok(strstr(text, ": 0 of 3 reached") != NULL, "and not counted as reached");
	free(text);
	rounds_free(&r);
}

static void
add_base(struct store *st, int64_t run, const char *name, double rate, int rep)
{
	const struct catalog_test *c = catalog_find(name);
	struct runner_outcome out;
	struct measure_sample s;
	struct record_result res = {
		.number = c->number, .test = name, .rep = rep, .status = "ok",
		.factor = 1, .units = c->units, .judged = c->judged,
		.better = c->better, .copies = 1, .samples = &s, .n_samples = 1,
	};

	outcome(rate, &out, &s);
	if (store_add_result(st, run, &res) != 0)
		bail("store_add_result: %s", store_errmsg(st));
}

static void
make_base(const char *path)
{
	char err[256];
	struct store *st = store_open(path, STORE_RW, err, sizeof(err));
	struct record_run run = { .tag = "A", .suite = "t", .options = "",
				  .source = "aimrun", .aim_version = "t" };
	int64_t id;

	if (st == NULL)
		bail("store_open: %s", err);
	id = store_begin_run(st, &run);
	if (id < 0)
		bail("store_begin_run: %s", store_errmsg(st));
	for (int rep = 1; rep <= 8; rep++) {
		double j = 1.0 + 0.001 * (rep % 3 - 1);

		add_base(st, id, "add_long", 1e6 * j, rep);
		add_base(st, id, "calibrate", 1e6 * j, rep);
	}
	store_close(st);
}

static void
test_decide(const struct suite *su, const char *path)
{
	struct rounds_opts o = { .mode = ROUNDS_DECIDE, .against = "A",
				 .budget_ns = 10000000000LL };
	struct store_checked seen = { 0 };
	struct rounds r;
	struct fake f = { .r = &r, .rate = { 1e6, 5e5, 1e6 },
			  .spread = { 0.001, 0.001, 0.0 } };
	char err[256];
	char *text;

	stats_opts_default(&o.stats);
	o.against = "B";
	is_int(rounds_init(&r, &o, su, path, &seen, err, sizeof(err)), 1,
	       "an unknown base is a user error");
	ok(strstr(err, "--against: no run tagged 'B'") != NULL, "saying so: %s",
	   err);
	rounds_free(&r);
	o.against = "A";
	rounds_faked(&r, &o, su, &f, 6, path);
	is_int((int64_t)r.family, 2, "the family: the tests with a base");
	is_int(f.runs[0], 6, "decided within the runs: no round added");
	is_int(f.runs[2], 6, "no base: no round added");
	text = report(&r);
	ok(strstr(text, "add_long       equivalent") != NULL, "equivalent");
	ok(strstr(text, "calibrate      regressed    [-5") != NULL,
	   "regressed, with the interval");
	ok(strstr(text, "fork_test      no base") != NULL, "no base");
	ok(strstr(text, ": 2 of 3 tests decided") != NULL, "decided count");
	free(text);
	rounds_free(&r);
}

/*
 * Processes whose samples mostly waited for a CPU are left out, so a
 * slower NEW measured beside a hog decides nothing; a quiet test beside
 * it is decided as ever.
 */
static void
test_decide_noisy(const struct suite *su, const char *path)
{
	struct rounds_opts o = { .mode = ROUNDS_DECIDE, .against = "A",
				 .budget_ns = 10000000000LL };
	struct rounds r;
	struct fake f = { .r = &r, .rate = { 1e6, 5e5, 1e6 },
			  .spread = { 0.001, 0.001, 0.0 },
			  .noisy = { 0, 1, 0 } };
	char *text;

	stats_opts_default(&o.stats);
	rounds_faked(&r, &o, su, &f, 6, path);
	text = report(&r);
	ok(strstr(text, "add_long       equivalent") != NULL,
	   "a quiet test is decided");
	ok(strstr(text, "calibrate      undecided") != NULL &&
	   strstr(text, " left out as noisy") != NULL,
	   "a test whose every process waited half its time is not, and "
	   "says why");
	ok(f.runs[1] > 6, "... and it keeps its rounds (%d runs)", f.runs[1]);
	free(text);
	rounds_free(&r);
}

int
main(void)
{
	const struct aim_test a = { .info = catalog_find("add_long") };
	const struct aim_test c = { .info = catalog_find("calibrate") };
	const struct aim_test k = { .info = catalog_find("fork_test") };
	const struct aim_test *tests[N] = { &a, &c, &k };
	char name[] = "t";
	struct suite su = { .name = name, .tests = tests, .n_tests = N };
	char dir[] = "/tmp/rounds-t.XXXXXX", path[64];

	plan_lazy();
	if (a.info == NULL || c.info == NULL || k.info == NULL)
		bail("catalog");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	snprintf(path, sizeof(path), "%s/a.db", dir);
	test_precision(&su);
	test_failed(&su);
	make_base(path);
	test_decide(&su, path);
	test_decide_noisy(&su, path);
	(void)unlink(path);
	(void)rmdir(dir);
	return done_testing();
}
