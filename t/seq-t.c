/*
 * lib/seq*.c: the level spent per look, the precision of one side, the
 * judged rate of a process, and a small seeded simulation of comparing
 * after every round: A/A false verdicts at most alpha family-wise, a
 * 3 % shift found in at least 90 % of trials.
 */
#include "config.h"

#include <math.h>

#include "parse.h"
#include "seq.h"
#include "tap.h"

static void
test_levels(void)
{
	double sum = 0.0;

	for (size_t k = 1; k <= 100000; k++)
		sum += seq_look_alpha(0.05, 10, k);
	ok(sum <= 0.005 && sum > 0.00499, "levels over looks sum to alpha/m (%.6f)",
	   sum);
	is_double(seq_look_alpha(0.05, 1, 1), 0.025, 1e-15, "first look spends half");
	ok(isnan(seq_look_alpha(0.05, 1, 0)), "look 0 has no level");
	ok(isnan(seq_look_alpha(0.05, 0, 1)), "an empty family has no level");
	ok(isnan(seq_look_alpha(1.5, 1, 1)), "alpha above 1 refused");
}

static void
test_halfwidth(void)
{
	struct stats_run r[4] = {
		{ 100.0, NULL }, { 101.0, NULL }, { 99.0, NULL }, { 100.0, NULL },
	};
	double sd = 0.0, m = 0.0, hw;

	for (int i = 0; i < 4; i++)
		m += log(r[i].rate) / 4.0;
	for (int i = 0; i < 4; i++)
		sd += (log(r[i].rate) - m) * (log(r[i].rate) - m) / 3.0;
	sd = sqrt(sd);
	hw = seq_halfwidth_pct(r, 4, 0.05);
	/* t(0.975, 3) = 3.182446305 */
	is_double(hw, 100.0 * expm1(3.182446305 * sd / 2.0), 1e-6,
		  "half-width from the t interval of the log rates");
	ok(isnan(seq_halfwidth_pct(r, 1, 0.05)), "one process: no interval");
	r[2].rate = 0.0;
	ok(isnan(seq_halfwidth_pct(r, 4, 0.05)), "a zero rate: no interval");
}

static void
test_process_rate(void)
{
	struct measure_sample s[3] = {
		{ .calls = 100, .elapsed_ns = 1000000000, .printed_ops = -1 },
		{ .calls = 300, .elapsed_ns = 1000000000, .printed_ops = -1 },
		{ .calls = 200, .elapsed_ns = 1000000000, .printed_ops = -1 },
	};
	double rate = 0.0;

	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_MEAN, &rate) == 0 &&
	   fabs(rate - 400.0) < 1e-9, "mean: calls x factor over time");
	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_PEAK, &rate) == 0 &&
	   fabs(rate - 600.0) < 1e-9, "peak: the fastest sample");
	s[0].elapsed_ns = 0;
	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_MEAN, &rate) == -1,
	   "a sample without time is refused");
	ok(seq_process_rate(s, 0, 2.0, MEASURE_JUDGED_MEAN, &rate) == -1,
	   "no sample is refused");
}

static void
test_sim(void)
{
	struct seq_sim_cfg c = {
		.tests = 5, .base_runs = 20, .rounds = 40, .sd = 0.01,
		.shift = 0.0, .trials = 200, .seed = 7,
	};
	struct seq_sim_out o;

	stats_opts_default(&c.opt);
	ok(seq_sim_run(&c, &o) == 0, "A/A simulation runs");
	diag("A/A: false family %.3f, equivalent %.3f, rounds %.1f",
	     o.false_family, o.equivalent, o.mean_rounds);
	/* Expected well below 0.05; 0.05 leaves a margin over 200 trials. */
	ok(o.false_family <= 0.05, "A/A with a look every round: false <= alpha");
	ok(o.equivalent >= 0.5, "A/A: most tests decided equivalent");
	c.naive = 1;
	if (seq_sim_run(&c, &o) != 0)
		o.false_family = NAN;
	ok(o.false_family > 0.2,
	   "the same with a fixed-level test every round is far above alpha (%.3f)",
	   o.false_family);
	c.naive = 0;
	c.shift = -0.03;
	ok(seq_sim_run(&c, &o) == 0, "shift simulation runs");
	diag("-3 %%: found %.3f, rounds %.1f, wrong equivalent %.3f", o.found,
	     o.mean_rounds, o.wrong_equiv);
	ok(o.found >= 0.9, "a 3 %% shift is found in >= 90 %% of trials");
	ok(o.wrong_equiv <= 0.01, "a 3 %% shift is never called equivalent");
	c.rounds = 1;
	ok(seq_sim_run(&c, &o) == -1, "a budget of one round is refused");
}

/* --budget's forms: the durations parse_duration_ns() takes. */
static void
test_budget(void)
{
	int64_t ns = 0;

	ok(parse_duration_ns("10m", 1000000000LL, 604800000000000LL, &ns) == 0 &&
	   ns == 600000000000LL, "10m");
	ok(parse_duration_ns("1h", 1000000000LL, 604800000000000LL, &ns) == 0 &&
	   ns == 3600000000000LL, "1h");
	ok(parse_duration_ns("90s", 1000000000LL, 604800000000000LL, &ns) == 0 &&
	   ns == 90000000000LL, "90s");
	ok(parse_duration_ns("1mm", 1000000000LL, 604800000000000LL, &ns) != 0,
	   "1mm refused");
	ok(parse_duration_ns("169h", 1000000000LL, 604800000000000LL, &ns) != 0,
	   "above the range refused");
}

int
main(void)
{
	plan_lazy();
	test_budget();
	test_levels();
	test_halfwidth();
	test_process_rate();
	test_sim();
	return done_testing();
}
