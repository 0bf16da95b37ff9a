// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the comparison and its output formats on data built in
 * memory: pooling rules, exact printed deltas, N-way rows, missing and
 * failed tests, environment warnings, and what each format prints.
 * The verdicts and the comparability gate are in verdict-t.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cmpfx.h"
#include "compare.h"
#include "fmt.h"
#include "query.h"
#include "tap.h"
#include "xalloc.h"

static void
test_published(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *text, *lines;

	cmpfx_printed_tag(&s[0], "bare", 1, 4019704.43);
	cmpfx_printed_tag(&s[1], "quicklist", 2, 4374384.24);
	compare_build(s, 2, NULL, &t);
	is_int((int64_t)t.n_rows, 1, "one row");
	is_int(t.rows[0].v[0].rate_c, 401970443, "base kept to the cent");
	is_int(t.rows[0].d[0].delta_c, 35467981, "delta in cents");
	ok(!t.repeated, "single samples: no noise columns");
	text = cmpfx_render("lines", &t);
	lines = cmpfx_data_lines(text);
	is_string(lines,
		  "3 add_long 4019704.43 4374384.24 354679.81 8.82% Thousand Long Integer Additions/second\n",
		  "published line, exactly");
	ok(strstr(text, "# base: bare (run 1, 1 sample,") != NULL,
	   "header names base tag, run and samples");
	free(text);
	free(lines);
	cmpfx_release(&t, s, 2);
}

static void
test_tiny_negative(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *lines, *text;

	cmpfx_printed_tag(&s[0], "a", 1, 100000.00);
	cmpfx_printed_tag(&s[1], "b", 2, 99999.99);
	compare_build(s, 2, NULL, &t);
	text = cmpfx_render("lines", &t);
	lines = cmpfx_data_lines(text);
	is_string(lines,
		  "3 add_long 100000.00 99999.99 -0.01 -0.00% Thousand Long Integer Additions/second\n",
		  "a tiny loss prints -0.01 and -0.00%%");
	free(text);
	free(lines);
	cmpfx_release(&t, s, 2);
}

static void
test_cents(void)
{
	char buf[FMT_NUM_MAX];

	is_string(fmt_cents(-5, buf, sizeof(buf)), "-0.05", "cents -5");
	is_string(fmt_cents(0, buf, sizeof(buf)), "0.00", "cents 0");
	is_string(fmt_cents(355402094400, buf, sizeof(buf)), "3554020944.00",
		  "wide rate");
	is_string(fmt_2f(NAN, buf, sizeof(buf)), "-", "no number is a dash");
}

/* Measured samples: total operations over total time, and their noise. */
static void
test_pool_measured(void)
{
	struct query_tag s;
	const struct record_result *res[2];
	struct cmp_value v;

	cmpfx_tag(&s, "m", 1);
	cmpfx_sample(cmpfx_result(&s, 12, "fork_test", "ok", 100), 1000,
		   1000000000, -1);
	cmpfx_sample(&s.results[0], 3000, 2000000000, -1);
	cmpfx_sample(cmpfx_result(&s, 12, "fork_test", "ok", 100), 500,
		   1000000000, -1);
	res[0] = &s.results[0];
	res[1] = &s.results[1];
	compare_pool(res, 2, &v);
	is_int(v.state, CMP_OK, "pooled ok");
	is_int((int64_t)v.n_samples, 3, "three samples");
	is_int((int64_t)v.n_results, 2, "two results");
	/* (1000 + 3000 + 500) * 100 ops over 4 s. */
	is_double(v.rate, 112500.0, 1e-6, "rate = total ops / total time");
	is_int(v.rate_c, 11250000, "rate in cents");
	ok(isnan(v.cv_pct), "pooling alone computes no statistics");
	compare_value_stats(&s, res, 2, 0, STATS_BASIS_MEAN, &v);
	is_int((int64_t)v.n_runs, 2, "two processes");
	/* Process rates 400000 / 3 and 50000: their sd over their mean. */
	is_double(v.cv_pct, (400000.0 / 3 - 50000) / sqrt(2.0) /
		  ((400000.0 / 3 + 50000) / 2) * 100, 1e-9,
		  "cv of the per-process rates");
	is_double(v.mean_cv_pct, v.cv_pct, 1e-12, "judged on the mean: same cv");
	is_double(v.sum.sample_cv_pct, 50.0, 1e-9,
		  "cv of the per-sample rates (100000, 150000, 50000)");
	compare_value_free(&v);
	compare_pool(res, 2, &v);
	compare_value_stats(&s, res, 2, 0, STATS_BASIS_PEAK, &v);
	/* Of two samples the second fastest is the slower. */
	is_double(v.runs[0].rate, 100000.0, 1e-6,
		  "judged on the peak: the second-fastest sample of process 1");
	is_double(v.mean_runs[0].rate, 400000.0 / 3, 1e-6,
		  "its classic rate is kept beside it");
	is_double(v.cv_pct, 50000.0 / sqrt(2.0) / 75000.0 * 100, 1e-9,
		  "cv of the peak rates 100000 and 50000");
	is_double(v.mean_cv_pct, (400000.0 / 3 - 50000) / sqrt(2.0) /
		  ((400000.0 / 3 + 50000) / 2) * 100, 1e-9,
		  "and of the classic rates beside it");
	compare_value_free(&v);
	query_tag_free(&s);
}

static void
test_pool_printed(void)
{
	struct query_tag s;
	const struct record_result *res[2];
	struct cmp_value v;

	cmpfx_tag(&s, "p", 1);
	cmpfx_sample(cmpfx_result(&s, 3, "add_long", "ok", 60000), 10, 1000000000,
		   1000.00);
	cmpfx_sample(cmpfx_result(&s, 3, "add_long", "ok", 60000), 10, 3000000000,
		   2000.00);
	res[0] = &s.results[0];
	res[1] = &s.results[1];
	compare_pool(res, 2, &v);
	ok(v.printed, "all samples printed");
	is_double(v.rate, 1750.0, 1e-9, "printed rates weighted by time");
	compare_value_free(&v);
	compare_pool(res, 0, &v);
	is_int(v.state, CMP_MISSING, "no results: missing");
	compare_value_free(&v);
	query_tag_free(&s);
}

static void
test_failed_and_missing(void)
{
	struct query_tag s[3];
	struct cmp_table t;
	char *text, *lines;

	cmpfx_printed_tag(&s[0], "base", 1, 1000.00);
	cmpfx_tag(&s[1], "n1", 2);
	cmpfx_result(&s[1], 3, "add_long", "timeout", 60000)->reason =
		record_strdup(&s[1].own, "no result within 5 s");
	cmpfx_sample(cmpfx_result(&s[1], 12, "fork_test", "ok", 100), 10,
		   1000000000, -1);
	cmpfx_printed_tag(&s[2], "n2", 3, 1500.00);
	compare_build(s, 3, NULL, &t);
	is_int((int64_t)t.n_rows, 2, "rows from any side");
	is_int(t.rows[0].v[1].state, CMP_FAILED, "timeout is failed");
	ok(!t.rows[0].d[0].valid, "no delta against a failed side");
	ok(t.rows[0].d[1].valid && t.rows[0].d[1].delta_c == 50000,
	   "second new side has its own delta");
	is_int(t.rows[1].v[0].state, CMP_MISSING, "absent on base: missing");
	text = cmpfx_render("lines", &t);
	lines = cmpfx_data_lines(text);
	is_string(lines,
		  "3 add_long 1000.00 timeout - - 1500.00 500.00 50.00% Thousand Long Integer Additions/second\n",
		  "N-way text with a failed cell");
	ok(strstr(text, "\n# 12 fork_test missing 1000.00 - - missing - - Task Creations/second\n") != NULL,
	   "a row with nothing to compare is a comment");
	ok(strstr(text, "# new 2: n2 (run 3,") != NULL, "N-way header");
	free(text);
	free(lines);
	cmpfx_release(&t, s, 3);
}

static void
test_sort(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	static const char *const names[] = { "add_long", "fork_test",
					     "exec_test" };
	static const int numbers[] = { 3, 12, 11 };
	static const double news[] = { 105.0, 90.0, -1.0 };

	cmpfx_tag(&s[0], "a", 1);
	cmpfx_tag(&s[1], "b", 2);
	for (int i = 0; i < 3; i++) {
		cmpfx_sample(cmpfx_result(&s[0], numbers[i], names[i], "ok", 1), 1,
			   1, 100.0);
		if (news[i] > 0)
			cmpfx_sample(cmpfx_result(&s[1], numbers[i], names[i], "ok",
					      1), 1, 1, news[i]);
		else
			cmpfx_result(&s[1], numbers[i], names[i], "crash", 1);
	}
	compare_build(s, 2, NULL, &t);
	is_string(t.rows[0].test, "add_long", "number order by default");
	is_string(t.rows[1].test, "exec_test", "... exec_test is 11");
	compare_sort(&t, CMP_SORT_PCT);
	is_string(t.rows[0].test, "fork_test", "pct sort: biggest loss first");
	is_string(t.rows[1].test, "add_long", "... then gains");
	is_string(t.rows[2].test, "exec_test", "... rows without pct last");
	compare_sort(&t, CMP_SORT_NAME);
	is_string(t.rows[1].test, "exec_test", "name sort");
	cmpfx_release(&t, s, 2);
}

static void
test_select(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	const char *names[] = { "fork_test", "add_long" };
	const char *units[] = { "Task Creations/second", cmpfx_add_units };
	int numbers[] = { 12, 3 };

	cmpfx_printed_tag(&s[0], "a", 1, 10.00);
	cmpfx_printed_tag(&s[1], "b", 2, 20.00);
	compare_build(s, 2, NULL, &t);
	compare_select(&t, names, numbers, units, 2);
	compare_sort(&t, CMP_SORT_NUMBER);
	is_int((int64_t)t.n_rows, 2, "a selected test absent everywhere is kept");
	is_string(t.rows[1].test, "fork_test", "... as a row");
	is_int(t.rows[1].v[0].state, CMP_MISSING, "... missing on every side");
	cmpfx_release(&t, s, 2);
}

static void
test_warnings(void)
{
	struct query_tag s[2];
	struct cmp_table t;

	cmpfx_tag(&s[0], "a", 0);
	cmpfx_run(&s[0], 1, "box1", "Intel Xeon");
	cmpfx_sample(cmpfx_result(&s[0], 3, "add_long", "ok", 60000), 1, 1, 5.0);
	cmpfx_tag(&s[1], "b", 0);
	cmpfx_run(&s[1], 2, "box1", "AMD EPYC");
	cmpfx_run(&s[1], 3, "box2", "AMD EPYC");
	cmpfx_sample(cmpfx_result(&s[1], 3, "add_long", "ok", 60000), 1, 1, 6.0);
	compare_build(s, 2, NULL, &t);
	is_int((int64_t)t.n_warnings, 3, "three warnings");
	is_string(t.n_warnings > 0 ? t.warnings[0] : "",
		  "runs of b differ in machine: box1, box2; compare runs of one machine (--host picks them)",
		  "runs differ, and what to do");
	is_string(t.n_warnings > 2 ? t.warnings[2] : "",
		  "CPU model differs: Intel Xeon (a) vs AMD EPYC (b); compare runs of one CPU model",
		  "CPU model differs, and what to do");
	is_int((int64_t)t.n_refusals, 2, "machine and CPU refuse the comparison");
	is_string(t.n_refusals > 1 ? t.refusals[1] : "", "CPU model",
		  "... named");
	is_string(t.sides[1].hosts, "box1, box2", "hosts of a side");
	is_string(t.sides[0].kernels, "6.8.0", "kernel of a side");
	cmpfx_release(&t, s, 2);
}

static void
check_json(const char *text)
{
	struct json_object *doc = json_tokener_parse(text), *tests, *row, *n,
			   *v;

	ok(doc != NULL, "JSON parses");
	if (doc == NULL)
		return;
	ok(json_object_object_get_ex(doc, "tests", &tests) &&
	   json_object_array_length(tests) == 1, "one test in JSON");
	row = json_object_array_get_idx(tests, 0);
	ok(json_object_object_get_ex(row, "new", &n) &&
	   json_object_object_get_ex(json_object_array_get_idx(n, 0), "delta",
				     &v) &&
	   fabs(json_object_get_double(v) - 354679.81) < 1e-6,
	   "JSON delta is a number");
	json_object_put(doc);
}

static void
test_formats(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *csv, *md, *json;

	cmpfx_printed_tag(&s[0], "bare", 1, 4019704.43);
	cmpfx_printed_tag(&s[1], "a,b|c", 2, 4374384.24);
	compare_build(s, 2, NULL, &t);
	csv = cmpfx_render("csv", &t);
	is_string(csv,
		  "number,test,units,base_tag,new_tag,base_status,new_status,base,new,delta,pct,base_samples,new_samples,basis,base_cv_pct,new_cv_pct,"
		  "base_processes,new_processes,base_boots,new_boots,base_flagged,new_flagged,base_excluded,new_excluded,"
		  "unit,base_observations,new_observations,ratio,pct_lo,pct_hi,df,p,q,mdc_pct,verdict,reason,base_levels,new_levels,"
		  "base_mean,new_mean,mean_delta,mean_pct,looks\n"
		  "3,add_long,Thousand Long Integer Additions/second,bare,\"a,b|c\",ok,ok,4019704.43,4374384.24,354679.81,8.82,1,1,peak,,,"
		  "1,1,1,1,0,0,0,0,run,1,1,1.0882352959468715,,,,,,,inconclusive,needs >= 2 runs on each side,,,"
		  "4019704.43,4374384.24,354679.81,8.82,\n",
		  "CSV quotes the tag with a comma");
	md = cmpfx_render("markdown", &t);
	ok(strstr(md, "| number | test | bare | a,b\\|c | delta | % | units |\n") != NULL,
	   "Markdown header escapes the pipe");
	ok(strstr(md, "| 3 | add_long | 4019704.43 | 4374384.24 | 354679.81 | 8.82% | Thousand Long Integer Additions/second |\n") != NULL,
	   "Markdown row");
	json = cmpfx_render("json", &t);
	check_json(json);
	free(csv);
	free(md);
	free(json);
	cmpfx_release(&t, s, 2);
}

static void
test_noise_columns(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	char *text, *lines;

	cmpfx_tag(&s[0], "a", 1);
	cmpfx_sample(cmpfx_result(&s[0], 12, "fork_test", "ok", 100), 1000,
		   1000000000, -1);
	cmpfx_sample(&s[0].results[0], 1100, 1000000000, -1);
	cmpfx_printed_tag(&s[1], "b", 2, 1.00);
	s[1].results[0].test = "fork_test";
	s[1].results[0].number = 12;
	compare_build(s, 2, NULL, &t);
	ok(t.repeated, "repeated samples add noise columns");
	text = cmpfx_render("lines", &t);
	lines = cmpfx_data_lines(text);
	/* One process a side: no spread, no interval, no mdc. */
	is_string(lines, "12 fork_test 105000.00 1.00 -104999.00 -100.00% mean cv -/- inconclusive - mdc - Task Creations/second\n",
		  "noise and verdict columns after the percentage");
	ok(strstr(text, "\n# cv: spread of the judged per-process rates") != NULL,
	   "legend explains cv");
	ok(strstr(text, "\n# mean, peak: the per-process rate judged") != NULL,
	   "legend explains the judged rate");
	ok(strstr(text, "\n# mdc: minimum detectable change") != NULL,
	   "legend explains mdc");
	ok(strstr(text, "\n# statistics: Welch's t on log per-process rates (peak rate for tests that make no system call, else mean), 95% intervals; 0 comparisons") != NULL,
	   "header names the test and the family");
	free(text);
	free(lines);
	cmpfx_release(&t, s, 2);
}

/* A side with RUNS of TEST stored as judged, 100 and 200 calls a second. */
static void
stored_side(struct query_tag *t, const char *test, enum measure_judged j,
	    enum measure_better b)
{
	struct record_result *r = cmpfx_result(t, 3, test, "ok", 1);

	r->judged = j;
	r->better = b;
	cmpfx_sample(r, 100, 1000000000, -1);
	cmpfx_sample(r, 200, 1000000000, -1);
	cmpfx_sample(r, 190, 1000000000, -1);
}

static const struct cmp_row *
row_of(const struct cmp_table *t, const char *test)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (strcmp(t->rows[i].test, test) == 0)
			return &t->rows[i];
	return NULL;
}

/*
 * What was stored decides how a result is judged, not its name: a test
 * this build does not know, judged on its peak, is compared on its peak;
 * add_long stored as judged on the mean is compared on the mean.
 */
static void
test_stored_judged(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	const struct cmp_row *renamed, *add;
	char *text;

	for (int k = 0; k < 2; k++) {
		cmpfx_tag(&s[k], k == 0 ? "old" : "new", k + 1);
		stored_side(&s[k], "renamed_add", MEASURE_JUDGED_PEAK,
			    MEASURE_HIGHER);
		stored_side(&s[k], "add_long", MEASURE_JUDGED_MEAN,
			    MEASURE_HIGHER);
		stored_side(&s[k], "a_time", MEASURE_JUDGED_MEAN,
			    MEASURE_LOWER);
	}
	compare_build(s, 2, NULL, &t);
	renamed = row_of(&t, "renamed_add");
	add = row_of(&t, "add_long");
	if (!ok(renamed != NULL && add != NULL, "both stored tests compared"))
		return;
	is_int(renamed->basis, STATS_BASIS_PEAK,
	       "a test the catalog lacks is judged as stored: peak");
	is_int(add->basis, STATS_BASIS_MEAN,
	       "add_long stored as judged on the mean: mean");
	ok(renamed->v[0].n_runs == 1 && renamed->v[0].runs[0].rate == 190.0,
	   "the peak rate, the second-fastest sample, is the one judged");
	ok(add->v[0].n_runs == 1 && fabs(add->v[0].runs[0].rate - 490.0 / 3) < 1e-9,
	   "the mean rate is the one judged");
	ok(row_of(&t, "a_time") != NULL &&
	   row_of(&t, "a_time")->better == MEASURE_LOWER,
	   "the stored direction is carried");
	is_int(add->better, MEASURE_HIGHER, "higher stays higher");
	text = cmpfx_render("lines", &t);
	ok(strstr(text, "renamed_add") != NULL &&
	   strstr(text, cmpfx_add_units) != NULL,
	   "the unknown test prints with its stored units");
	free(text);
	cmpfx_release(&t, s, 2);
}

int
main(void)
{
	plan_lazy();
	test_published();
	test_tiny_negative();
	test_cents();
	test_pool_measured();
	test_pool_printed();
	test_failed_and_missing();
	test_sort();
	test_select();
	test_warnings();
	test_formats();
	test_noise_columns();
	test_stored_judged();
	return done_testing();
}
