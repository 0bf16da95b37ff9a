// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --counters on data built in memory: each metric per call (sums
 * over a process's samples, geometric mean over processes) against hand
 * computation, the change and its lower-is-better verdict, a metric one
 * side lacks shown absent and never 0, a test without metrics without
 * sub-rows, in every format, with a hostile test name escaped.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpfx.h"
#include "compare.h"
#include "fmt.h"
#include "measure.h"
#include "tap.h"

static const char evil[] = "ev\x1b[31m<i>|*il";

/* A sample of CALLS calls over 1 s holding VOL voluntary switches. */
static void
sample(struct record_result *r, int64_t calls, int64_t vol, int64_t invol)
{
	cmpfx_sample(r, calls, 1000000000, -1.0);
	measure_set(&r->samples[r->n_samples - 1].m, MEASURE_VOL_CS, vol);
	measure_set(&r->samples[r->n_samples - 1].m, MEASURE_INVOL_CS, invol);
}

/*
 * fork_test: four processes a side of two samples each; per process
 * (sum of switches / sum of calls) base 2.0, 2.02, 1.98, 2.0 and new
 * exactly 1.5 times as many.  invol_cs only on the base.  add_long: no
 * metric anywhere.  The hostile test: vol_cs 1 and 2 per call.
 */
static void
build(struct query_tag *s)
{
	static const int64_t vol[4][2] = {
		{ 150, 650 }, { 102, 302 }, { 198, 198 }, { 200, 200 },
	};
	static const int64_t calls[4][2] = {
		{ 100, 300 }, { 100, 100 }, { 100, 100 }, { 100, 100 },
	};

	cmpfx_tag(&s[0], "base", 1);
	cmpfx_tag(&s[1], "new", 2);
	for (int k = 0; k < 4; k++) {
		struct record_result *b = cmpfx_result(&s[0], 12, "fork_test",
						      "ok", 1);
		struct record_result *n = cmpfx_result(&s[1], 12, "fork_test",
						      "ok", 1);

		for (int j = 0; j < 2; j++) {
			sample(b, calls[k][j], vol[k][j], 7 * calls[k][j]);
			sample(n, calls[k][j], vol[k][j] * 3 / 2, -1);
		}
		cmpfx_sample(cmpfx_result(&s[0], 3, "add_long", "ok", 1), 1000,
			     1000000, -1.0);
		cmpfx_sample(cmpfx_result(&s[1], 3, "add_long", "ok", 1), 1000,
			     1000000, -1.0);
	}
	sample(cmpfx_result(&s[0], 12, evil, "ok", 1), 10, 10, -1);
	sample(cmpfx_result(&s[1], 12, evil, "ok", 1), 10, 20, -1);
}

static const struct cmp_row *
row_of(const struct cmp_table *t, const char *test)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (strcmp(t->rows[i].test, test) == 0)
			return &t->rows[i];
	return NULL;
}

static void
test_values(const struct cmp_table *t)
{
	const struct cmp_row *fork = row_of(t, "fork_test");
	const struct cmp_row *add = row_of(t, "add_long");
	double base = exp((log(2.0) + log(2.02) + log(1.98) + log(2.0)) / 4);
	const struct cmp_counter *vol, *invol;

	if (fork == NULL || add == NULL)
		bail("rows missing");
	is_int((int64_t)add->n_counters, 0, "a test without metrics has no counters");
	is_int((int64_t)fork->n_counters, 2, "fork_test: vol_cs and invol_cs");
	vol = &fork->counters[0];
	invol = &fork->counters[1];
	is_string(fmt_counter_name(vol), "vol_cs", "table order");
	is_double(vol->v[0].per_call, base, 1e-12,
		  "base: geometric mean of sum/sum per process");
	is_double(vol->v[1].per_call, 1.5 * base, 1e-12, "new: 1.5 times");
	is_int((int64_t)vol->v[0].n_samples, 8, "samples holding it");
	is_double(vol->d[0].pct, 50.0, 1e-9, "pct (new - base) / base");
	ok(vol->d[0].has_stats, "judged");
	is_string(fmt_verdict(&vol->d[0]), "regressed",
		  "more switches per call: regressed (lower is better)");
	is_double(invol->v[0].per_call, 7.0, 1e-12, "invol_cs on the base");
	ok(!invol->v[1].have, "absent on new");
	ok(!invol->d[0].valid && !invol->d[0].has_stats,
	   "no change and no verdict against an absent side");
	is_int((int64_t)t->n_verdicts[STATS_REGRESSED], 0,
	       "the rate verdicts are not those of the counters");
}

static void
test_formats(const struct cmp_table *t)
{
	char *text = cmpfx_render("text", t), *lines = cmpfx_render("lines", t);
	char *csv = cmpfx_render("csv", t), *json = cmpfx_render("json", t);
	char *md = cmpfx_render("markdown", t), *html = cmpfx_render("html", t);

	ok(strstr(text, "\n      vol_cs  ") != NULL &&
	   strstr(text, "50.00% R") != NULL, "text: indented sub-row, pct, R");
	ok(strstr(text, "\n      invol_cs               7           -  ") != NULL,
	   "text: absent is -, aligned under the values");
	ok(strstr(lines, "\n+ 12 fork_test vol_cs 2 3 - 50.00% regressed [") != NULL,
	   "lines: + N test metric base new - pct verdict");
	ok(strstr(lines, "+ 12 fork_test invol_cs 7 - - - - - mdc - switches/call") != NULL,
	   "lines: absent is -");
	ok(strstr(csv, ",metric\r\n") != NULL || strstr(csv, ",metric\n") != NULL,
	   "csv: a metric column");
	ok(strstr(csv, ",,,,8,0,,") != NULL,
	   "csv: absent is an empty field, not 0");
	ok(strstr(csv, ",regressed,") != NULL && strstr(csv, ",vol_cs") != NULL,
	   "csv: the counter's verdict and name");
	ok(strstr(json, "\"counters\"") != NULL &&
	   strstr(json, "\"per_call\": null") != NULL,
	   "json: a counters array, absent is null");
	ok(strstr(json, "\"pct\": 50") != NULL, "json: pct");
	ok(strstr(md, "| | vol_cs | 2 | 3 |  | 50.00% |") != NULL,
	   "markdown: a sub-row");
	ok(strstr(html, "<tr class=\"counter\"><td></td><td class=\"l\">vol_cs") != NULL &&
	   strstr(html, "l regressed\">regressed") != NULL, "html: a sub-row, coloured");
	ok(strchr(text, '\x1b') == NULL && strchr(lines, '\x1b') == NULL &&
	   strchr(md, '\x1b') == NULL && strchr(csv, '\x1b') == NULL,
	   "no escape byte of a test name reaches a text format");
	ok(strstr(html, "<i>") == NULL && strstr(md, "<i>|") == NULL,
	   "html and markdown escape it");
	free(text);
	free(lines);
	free(csv);
	free(json);
	free(md);
	free(html);
}

int
main(void)
{
	struct query_tag s[2];
	struct cmp_table t;

	plan_lazy();
	build(s);
	compare_build(s, 2, NULL, &t);
	compare_counters(&t, s);
	test_values(&t);
	test_formats(&t);
	cmpfx_release(&t, s, 2);
	return done_testing();
}
