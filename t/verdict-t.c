// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The verdict columns and the comparability gate of aimcmp on data built
 * in memory: the worked example of doc/statistics.md to the digit, the
 * family of the correction, flagged samples kept or left out, and which
 * environment differences warn and which refuse.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpfx.h"
#include "compare.h"
#include "fmt.h"
#include "stats.h"
#include "tap.h"
#include "xalloc.h"

/* Six processes a side, each an imported rate (doc/statistics.md). */
static const struct {
	int number;
	const char *name;
	double base[6], new_[6];
} example[] = {
	{ 3, "add_long",
	  { 4021350.12, 4018876.40, 4025113.95, 4016920.33, 4020467.81,
	    4023005.27 },
	  { 4019012.66, 4024480.19, 4017735.02, 4021968.54, 4015870.77,
	    4022551.30 } },
	{ 8, "brk_test",
	  { 1864202.5, 1836377.9, 1895914.2, 1828610.7, 1881045.3, 1853826.0 },
	  { 1817115.4, 1801760.2, 1851032.8, 1795418.9, 1840291.6,
	    1808950.1 } },
	{ 11, "exec_test", { 912.4, 874.1, 948.7, 889.5, 931.2, 866.0 },
	  { 871.3, 905.6, 842.9, 918.8, 860.2, 889.4 } },
	{ 12, "fork_test", { 2731.4, 2688.9, 2755.2, 2702.6, 2719.8, 2740.1 },
	  { 2598.3, 2627.9, 2571.0, 2642.5, 2605.4, 2586.6 } },
};

static void
example_tags(struct query_tag *s)
{
	cmpfx_tag(&s[0], "bare", 1);
	cmpfx_tag(&s[1], "quicklist", 2);
	for (size_t i = 0; i < sizeof(example) / sizeof(example[0]); i++) {
		for (int k = 0; k < 6; k++) {
			cmpfx_sample(cmpfx_result(&s[0], example[i].number,
					      example[i].name, "ok", 1),
				   1, 2000000000, example[i].base[k]);
			cmpfx_sample(cmpfx_result(&s[1], example[i].number,
					      example[i].name, "ok", 1),
				   1, 2000000000, example[i].new_[k]);
		}
	}
}

static void
test_worked_example(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *text, *lines;

	example_tags(s);
	compare_build(s, 2, NULL, &t);
	text = cmpfx_render("lines", &t);
	lines = cmpfx_data_lines(text);
	is_string(lines,
		  "3 add_long 4020954.77 4020268.64 -686.13 -0.02% peak cv 0.07%/0.08% equivalent [-0.12%,+0.08%] mdc 0.14% Thousand Long Integer Additions/second\n"
		  "8 brk_test 1859846.99 1818983.55 -40863.44 -2.20% mean cv 1.39%/1.21% regressed [-3.83%,-0.54%] mdc 2.37% System Memory Allocations/second\n"
		  "11 exec_test 903.16 880.98 -22.18 -2.46% mean cv 3.62%/3.24% inconclusive [-6.68%,+1.96%] mdc 6.36% Program Loads/second\n"
		  "12 fork_test 2722.91 2605.17 -117.74 -4.32% mean cv 0.90%/1.01% regressed [-5.50%,-3.14%] mdc 1.73% Task Creations/second\n",
		  "the worked example of doc/statistics.md, to the digit");
	is_int((int64_t)t.n_family, 4, "a family of four comparisons");
	is_int((int64_t)t.n_verdicts[STATS_REGRESSED], 2, "two regressed");
	ok(strstr(text, "# verdicts: 2 regressed, 0 improved, 1 equivalent, 1 inconclusive\n") != NULL,
	   "header counts the verdicts");
	ok(strstr(text, "# base: bare (run 1, 24 processes, 24 samples, 0 flagged, boot unknown,") != NULL,
	   "header counts processes, samples, flagged samples and boots");
	ok(strstr(text, "# warning: bare: boots not recorded: between-boot variance unknown; run the same tag again after a reboot (the runs of a tag pool)\n") != NULL,
	   "unknown boots are warned about");
	free(text);
	free(lines);
	compare_free(&t);
	compare_opts_default(&t.opt);
	t.opt.stats.equiv = 0.0;
	compare_build(s, 2, &t.opt, &t);
	is_int(t.rows[0].d[0].cmp.verdict, STATS_INCONCLUSIVE,
	       "--equivalence 0: add_long is no longer equivalent");
	cmpfx_release(&t, s, 2);
}

/* One run of ten measured samples; SLOW is preempted and slow. */
static void
flagged_result(struct query_tag *t, int slow)
{
	struct record_result *r = cmpfx_result(t, 12, "fork_test", "ok", 1);

	for (int i = 0; i < 10; i++) {
		cmpfx_sample(r, i == slow ? 50 : 100, 100000000, -1);
		measure_set(&r->samples[i].m, MEASURE_INVOL_CS,
			    i == slow ? 40 : 0);
	}
}

static void
test_flagged(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	struct cmp_opts opt;

	compare_opts_default(&opt);
	cmpfx_tag(&s[0], "a", 1);
	cmpfx_tag(&s[1], "b", 2);
	for (int k = 0; k < 3; k++) {
		flagged_result(&s[0], k == 0 ? 4 : -1);
		flagged_result(&s[1], -1);
	}
	compare_build(s, 2, &opt, &t);
	is_int((int64_t)t.rows[0].v[0].n_flagged, 1, "the slow sample is flagged");
	is_int((int64_t)t.rows[0].v[0].n_excluded, 0, "... and kept by default");
	is_int((int64_t)t.sides[0].n_flagged, 1, "the header counts it");
	ok(t.rows[0].v[0].rate_c < 100000, "kept, it lowers the centre");
	compare_free(&t);
	opt.exclude_flagged = 1;
	compare_build(s, 2, &opt, &t);
	is_int((int64_t)t.rows[0].v[0].n_excluded, 1, "--exclude-flagged leaves it out");
	is_int(t.rows[0].v[0].rate_c, 100000, "... and the centre is 1000 ops/s");
	is_int((int64_t)t.sides[0].n_excluded, 1, "the header says so");
	is_int(t.rows[0].d[0].cmp.verdict, STATS_EQUIVALENT,
	       "identical processes are equivalent");
	cmpfx_release(&t, s, 2);
}

/* Three add_long runs of TAG, each of N samples of SAMPLE_NS. */
static void
peak_runs(struct query_tag *t, int n, int64_t sample_ns)
{
	for (int k = 0; k < 3; k++) {
		struct record_result *r = cmpfx_result(t, 3, "add_long", "ok",
						      60000);

		for (int i = 0; i < n; i++)
			cmpfx_sample(r, sample_ns / 1000000 * (100 + i + k),
				     sample_ns, -1);
	}
}

/* The warnings of T holding TEXT. */
static size_t
warned(const struct cmp_table *t, const char *text)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_warnings; i++)
		n += strstr(t->warnings[i], text) != NULL;
	return n;
}

/* Tag NAME's run recorded with --duration SECONDS. */
static void
duration_of(struct query_tag *t, const char *seconds)
{
	char *o = xasprintf("duration_s=%s runs=3 filesize_k=5120", seconds);

	t->runs[0].options = record_strdup(&t->runs[0], o);
	free(o);
}

/*
 * Peak rates of processes of different --duration are not comparable:
 * what was recorded decides, not the length of the samples, which a test
 * slowed by load stretches (the issue: samples of 55 and 158 ms under one
 * --duration warned, 0.2 s against 0.6 s with samples alike did not).
 */
static void
test_durations(void)
{
	struct query_tag s[3];
	struct cmp_table t;

	cmpfx_tag(&s[0], "short", 1);
	cmpfx_tag(&s[1], "same", 2);
	cmpfx_tag(&s[2], "slowed", 3);
	peak_runs(&s[0], 10, 60000000);
	peak_runs(&s[1], 10, 60000000);
	peak_runs(&s[2], 4, 158000000);
	duration_of(&s[0], "0.600");
	duration_of(&s[1], "0.200");
	duration_of(&s[2], "0.600");
	compare_build(s, 3, NULL, &t);
	is_string(stats_basis_name(t.rows[0].basis), "peak",
		  "add_long is judged on its peak rate");
	is_int((int64_t)warned(&t, "-duration"), 1,
	   "one warning: for the other --duration, not the longer samples");
	is_int((int64_t)warned(&t, "--duration differs: "
	   "short ran 0.6 s a process, same 0.2 s (3.0 times shorter): a peak "
	   "rate is the best of samples a tenth of that, and shorter samples "
	   "peak higher; a process's fixed costs weigh more in a shorter one; "
	   "measure both with the same --duration"), 1,
	   "it names both durations, by how much, why and the remedy");
	cmpfx_release(&t, s, 3);
	cmpfx_tag(&s[0], "a", 1);
	cmpfx_tag(&s[1], "b", 2);
	cmpfx_run(&s[1], 3, NULL, NULL);
	peak_runs(&s[0], 10, 60000000);
	peak_runs(&s[1], 10, 60000000);
	duration_of(&s[0], "0.600");
	duration_of(&s[1], "0.600");
	compare_build(s, 2, NULL, &t);
	is_int((int64_t)warned(&t, "-duration"), 0,
	       "a run without options (an import) says nothing");
	s[1].runs[1].options = record_strdup(&s[1].runs[1],
					     "duration_s=2.000 runs=3");
	compare_free(&t);
	compare_build(s, 2, NULL, &t);
	ok(warned(&t, "-duration") == 2 &&
	   warned(&t, "runs of b differ in --duration: 0.6 s to 2 s") == 1,
	   "runs of one side with two durations are said");
	cmpfx_release(&t, s, 2);
}

/* Tag NAME with one run on a machine described by KEY=VALUE pairs. */
static void
env_tag(struct query_tag *t, const char *name, int64_t id,
	const char *const *kv)
{
	struct record_run *r;

	cmpfx_tag(t, name, 0);
	r = cmpfx_run(t, id, NULL, NULL);
	for (size_t i = 0; kv[i] != NULL; i += 2)
		cmpfx_env(r, kv[i], kv[i + 1]);
	cmpfx_sample(cmpfx_result(t, 3, "add_long", "ok", 60000), 1, 1, 5.0);
}

/* The warnings and refusals of BASE against NEW, as one string. */
static char *
gate(const char *const *base, const char *const *new_, size_t *refusals)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *out = xstrdup("");

	env_tag(&s[0], "a", 1, base);
	env_tag(&s[1], "b", 2, new_);
	compare_build(s, 2, NULL, &t);
	for (size_t i = 0; i < t.n_warnings; i++) {
		char *next = xasprintf("%s%s\n", out, t.warnings[i]);

		free(out);
		out = next;
	}
	*refusals = t.n_refusals;
	cmpfx_release(&t, s, 2);
	return out;
}

static void
test_gate(void)
{
	static const char *const base[] = {
		"hostname", "box", "cpu.model", "Xeon", "mem.total_bytes",
		"16000000000", "cpufreq.governor", "performance",
		"kernel.cmdline", "BOOT_IMAGE=/vmlinuz-6.8 ro quiet",
		"mitigations", "mds: Not affected; spectre_v2: Mitigation; IBPB: conditional; tsx: Not affected",
		"cflags", "-O2", NULL };
	static const char *const same[] = {
		"hostname", "box", "cpu.model", "Xeon", "mem.total_bytes",
		"15900000000", "cpufreq.governor", "performance",
		"kernel.cmdline", "BOOT_IMAGE=/vmlinuz-6.9 ro quiet",
		"mitigations", "mds: Not affected; spectre_v2: Mitigation; IBPB: conditional; tsx: Not affected",
		"cflags", "-O2", NULL };
	static const char *const other[] = {
		"hostname", "box", "cpu.model", "Xeon", "mem.total_bytes",
		"32000000000", "cpufreq.governor", "powersave",
		"kernel.cmdline", "BOOT_IMAGE=/vmlinuz-6.9 ro mitigations=off",
		"mitigations", "mds: Not affected; spectre_v2: Vulnerable; tsx: Not affected; vmscape: Vulnerable",
		"cflags", "-O2", NULL };
	static const char *const build[] = {
		"hostname", "box", "cpu.model", "Xeon", "cflags", "-O3", NULL };
	static const char *const bare[] = { NULL };
	size_t n;
	char *w;

	w = gate(base, same, &n);
	is_string(w, "", "another kernel on the same machine: nothing to say "
		  "(image name, memory within 5 %%)");
	is_int((int64_t)n, 0, "... and no refusal");
	free(w);
	w = gate(base, other, &n);
	is_string(w,
		  "memory differs: 14.9 GiB (a) vs 29.8 GiB (b); compare runs of one machine\n"
		  "cpufreq governor differs: performance (a) vs powersave (b); set the same governor before both runs (cpupower frequency-set -g)\n"
		  "kernel command line differs: -quiet +mitigations=off (a -> b); unless that is the change, boot both with the same options\n"
		  "mitigations differs: spectre_v2 vmscape (a vs b); unless that is the change, boot both with the same mitigations=\n",
		  "the differences, each on one line, changed words and items only, "
		  "each with what to do");
	is_int((int64_t)n, 1, "twice the memory is another machine");
	free(w);
	w = gate(base, build, &n);
	ok(strstr(w, "compiler flags differs: -O2 (a) vs -O3 (b); measure both with one aimkit build\n") != NULL,
	   "other compiler flags are named");
	is_int((int64_t)n, 1, "... and refuse the comparison");
	free(w);
	w = gate(base, bare, &n);
	is_string(w, "no environment recorded for b: its machine, CPU, settings and build cannot be checked\n",
		  "a side without environment: one line");
	is_int((int64_t)n, 0, "... and no refusal");
	free(w);
}

/* Run of T stretched from FROM to TO. */
static void
when(struct query_tag *t, const char *from, const char *to)
{
	t->runs[0].started_utc = record_strdup(&t->runs[0], from);
	t->runs[0].ended_utc = record_strdup(&t->runs[0], to);
}

/*
 * A side measured much later than the other, or over a much longer
 * stretch, met another machine: said, with what the canary saw.
 */
static void
test_drift(void)
{
	struct query_tag s[2];
	struct cmp_table t;

	cmpfx_tag(&s[0], "a", 1);
	cmpfx_tag(&s[1], "b", 2);
	peak_runs(&s[0], 10, 60000000);
	peak_runs(&s[1], 10, 60000000);
	when(&s[0], "2026-12-01T10:00:00Z", "2026-12-01T10:05:00Z");
	when(&s[1], "2026-12-01T10:07:00Z", "2026-12-01T10:12:00Z");
	compare_build(s, 2, NULL, &t);
	is_int((int64_t)warned(&t, "drift: "), 0,
	       "two runs of five minutes, two apart: no drift to say");
	compare_free(&t);
	when(&s[0], "2026-12-01T10:00:00Z", "2026-12-01T10:00:20Z");
	when(&s[1], "2026-12-01T10:00:30Z", "2026-12-01T10:02:30Z");
	cmpfx_env(&s[0].runs[0], "canary.round.1", "1000000");
	cmpfx_env(&s[1].runs[0], "canary.round.1", "1020000");
	compare_build(s, 2, NULL, &t);
	ok(warned(&t, "drift: a and b were measured 10 s apart, over 20 s and 2 min 0 s: the canary's median time moved +2.0 % between them (1 and 1 rounds); ") == 1,
	   "a side over six times the other's stretch: the drift is said, "
	   "with the canary's");
	compare_free(&t);
	when(&s[0], "2026-11-01T10:00:00Z", "2026-11-01T10:05:00Z");
	compare_build(s, 2, NULL, &t);
	ok(warned(&t, "drift: a and b were measured 719 h 55 min apart") == 1,
	   "a base measured a month before: said");
	cmpfx_release(&t, s, 2);
}

int
main(void)
{
	plan_lazy();
	test_worked_example();
	test_flagged();
	test_durations();
	test_drift();
	test_gate();
	return done_testing();
}
