// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/stats/seq*.c: the level spent per look, the precision of one side, the
 * judged rate of a process, the look schedule, the base's floor, and a
 * small seeded simulation of comparing on that schedule: A/A false
 * verdicts at most alpha family-wise, a 3 % shift found in at least 90 %
 * of trials.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>

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
test_schedule(void)
{
	size_t n = 0, looks = 0, want[] = { 4, 6, 9, 14, 21, 32, 48, 72 };
	int in_order = 1;

	for (size_t j = 0; j < sizeof(want) / sizeof(want[0]); j++) {
		n = seq_next_look(n);
		in_order &= n == want[j];
	}
	ok(in_order, "looks at 4, 6, 9, 14, 21, 32, 48, 72 processes");
	ok(seq_next_look(0) == SEQ_FIRST_LOOK && seq_next_look(3) == 4,
	   "no look before the fourth process");
	ok(seq_next_look(SIZE_MAX) == SIZE_MAX, "no overflow at the end");
	for (n = seq_next_look(0); n < 1000; n = seq_next_look(n))
		looks++;
	ok(looks == 14, "14 looks up to 1000 processes (%zu)", looks);
}

static void
test_floor(void)
{
	struct stats_run r[3] = { { 100.0, NULL }, { 104.0, NULL }, { 96.0, NULL } };
	double sd = seq_log_sd(r, 3), a1 = 0.05 / 12.0 / 2.0;
	double t = stats_t_crit(a1, 2.0), f = seq_base_floor_pct(sd, 3, 0.05, 12);

	ok(sd > 0.039 && sd < 0.041, "log sd of 96, 100, 104 (%.4f)", sd);
	is_double(f, 100.0 * expm1(t * sd / sqrt(3.0)), 1e-9,
		  "floor: the first look's t on the base alone");
	ok(f > 50.0, "three processes at cv 4 %%: no look narrower than +/-50 %% (%.1f)",
	   f);
	ok(seq_base_floor_pct(0.01, 40, 0.05, 12) < 1.0,
	   "40 processes at cv 1 %%: under +/-1 %%");
	ok(isnan(seq_base_floor_pct(sd, 1, 0.05, 12)), "one process: no floor");
}

static void
test_base_precision(void)
{
	double p = seq_base_precision_pct(2.0, 0.05, 12);
	double s31 = p / 100.0 * sqrt(31.0) / stats_t_crit(0.05, 30.0);

	ok(p > 0.55 && p < 0.65,
	   "a margin of 2 %% over 12 tests needs a base of +/-0.6 %% (%.3f)", p);
	is_double(seq_base_floor_pct(s31, 31, 0.05, 12), 1.0, 0.01,
		  "a base at that precision leaves half the margin");
	ok(seq_base_precision_pct(0.001, 0.05, 60) == 0.01 &&
	   isnan(seq_base_precision_pct(0.0, 0.05, 12)),
	   "clamped to 0.01; no margin, no precision");
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

	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_MEAN, 1, &rate) == 0 &&
	   fabs(rate - 400.0) < 1e-9, "mean: calls x factor over time");
	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_PEAK, 1, &rate) == 0 &&
	   fabs(rate - 400.0) < 1e-9, "peak: the second-fastest sample");
	s[0].elapsed_ns = 0;
	ok(seq_process_rate(s, 3, 2.0, MEASURE_JUDGED_MEAN, 1, &rate) == -1,
	   "a sample without time is refused");
	ok(seq_process_rate(s, 0, 2.0, MEASURE_JUDGED_MEAN, 1, &rate) == -1,
	   "no sample is refused");
}

/* At cv 2 % against 40 base processes, the schedule is what decides. */
static void
test_sim_schedule(const struct seq_sim_cfg *aa)
{
	struct seq_sim_cfg c = *aa;
	struct seq_sim_out sched = { 0 }, every = { 0 };

	c.sd = 0.02;
	c.base_runs = 40;
	c.rounds = 100;
	ok(seq_sim_run(&c, &sched) == 0 && sched.false_family <= 0.05,
	   "A/A at cv 2 %%: false <= alpha (%.3f)", sched.false_family);
	c.every_round = 1;
	ok(seq_sim_run(&c, &every) == 0 &&
	   sched.equivalent > every.equivalent + 0.3,
	   "a look every round decides far fewer (%.3f against %.3f)",
	   every.equivalent, sched.equivalent);
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
	ok(o.false_family <= 0.05, "A/A on the look schedule: false <= alpha");
	ok(o.equivalent >= 0.5, "A/A: most tests decided equivalent");
	test_sim_schedule(&c);
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

/*
 * Under injected noise the rules of aimrun (noisy processes and samples
 * left out, no look while most were noisy, no decision on an interval
 * over 50 %) keep the false verdicts of A/A families at or below alpha,
 * where the plain looks flag most families with a hog beside NEW.
 */
static void
test_noise_sim(void)
{
	struct seq_host_cfg c = {
		.host = SEQ_HOST_HOG, .share = 0.5, .sd = 0.01, .tests = 10,
		.base_runs = 20, .rounds = 60, .trials = 40, .seed = 9,
		.guarded = 1,
	};
	struct seq_host_out o, plain, bi;

	stats_opts_default(&c.opt);
	if (seq_host_sim(&c, &o) != 0)
		bail("the noise simulation refused its configuration");
	ok(o.false_family <= c.opt.alpha,
	   "a CPU hog beside half of NEW's processes: false <= alpha (%.3f)",
	   o.false_family);
	c.guarded = 0;
	if (seq_host_sim(&c, &plain) != 0)
		bail("the noise simulation refused its configuration");
	ok(plain.false_family > 0.5,
	   "... where the plain looks flag most families (%.3f)",
	   plain.false_family);
	ok(o.equivalent > 0.5, "... and the rules still call most tests "
	   "equivalent (%.3f)", o.equivalent);
	c.host = SEQ_HOST_BIMODAL;
	c.share = 0.3;
	c.guarded = 1;
	if (seq_host_sim(&c, &bi) != 0)
		bail("the noise simulation refused its configuration");
	ok(bi.false_family <= c.opt.alpha,
	   "a host of two speeds 38 %% apart: false <= alpha (%.3f)",
	   bi.false_family);
}

/* The width bound and the noise rule of one look. */
static void
test_rules(void)
{
	struct stats_cmp c = { .verdict = STATS_IMPROVED, .ratio = 4.0,
			       .ratio_lo = 1.39, .ratio_hi = 19.89 };
	struct seq_proc b[6], n[8];
	struct seq_state st;
	struct stats_opts opt;

	ok(!seq_decides(&c) && c.verdict == STATS_INCONCLUSIVE,
	   "improved [+39%%, +1889%%] is too wide to decide");
	c = (struct stats_cmp){ .verdict = STATS_REGRESSED, .ratio = 0.5,
				.ratio_lo = 0.3, .ratio_hi = 0.59 };
	ok(seq_decides(&c), "regressed [-70%%, -41%%] decides");
	c = (struct stats_cmp){ .verdict = STATS_REGRESSED, .ratio = 0.5,
				.ratio_lo = 0.3, .ratio_hi = 0.8 };
	ok(!seq_decides(&c), "regressed [-70%%, -20%%] spans more than a "
	   "factor of two around -50 %%: it does not");
	c = (struct stats_cmp){ .verdict = STATS_REGRESSED, .ratio = 0.007,
				.ratio_lo = 0.004, .ratio_hi = 0.012 };
	ok(seq_decides(&c), "regressed [-99.6%%, -98.8%%], a factor of three "
	   "around -99.3 %%, does");
	ok(seq_look_quiet(2, 4) && !seq_look_quiet(3, 5),
	   "a look is made unless most processes since the last were noisy");
	stats_opts_default(&opt);
	for (int i = 0; i < 6; i++)
		b[i] = (struct seq_proc){ 100.0 + i, 0 };
	/* Six noisy processes twice as slow, then two quiet ones. */
	for (int i = 0; i < 8; i++)
		n[i] = (struct seq_proc){ i < 6 ? 50.0 + i : 100.0 + i, i < 6 };
	if (seq_replay(b, 6, n, 8, &opt, 1, 1, &st) != 0)
		bail("seq_replay refused a valid family");
	ok(st.looks == 0 && st.noisy_new == 6 && st.skipped == 1 &&
	   !st.decided,
	   "noisy processes are left out, and no look after mostly noisy ones "
	   "(%zu looks, %zu left out, %zu not made)", st.looks, st.noisy_new,
	   st.skipped);
}

int
main(void)
{
	plan_lazy();
	test_rules();
	test_noise_sim();
	test_budget();
	test_levels();
	test_schedule();
	test_floor();
	test_base_precision();
	test_halfwidth();
	test_process_rate();
	test_sim();
	return done_testing();
}
