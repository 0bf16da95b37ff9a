// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp: compare the operation rates of tags (before/after kernels) test
 * by test.  Picks the runs, loads them, hands them to compare.c, refuses
 * comparisons of different machines or builds, and prints the table in
 * the chosen format; it computes nothing itself.  With --series it lists
 * the significant steps along many tags instead (series_db.c).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aimcmp_opts.h"
#include "classify.h"
#include "cli.h"
#include "compare.h"
#include "compare_latency.h"
#include "compare_env.h"
#include "compare_scaling.h"
#include "fmt.h"
#include "gate.h"
#include "log.h"
#include "query.h"
#include "query_hist.h"
#include "query_plan.h"
#include "series_db.h"
#include "xalloc.h"

/* --monitors: under each test, at most this many monitors that changed. */
#define MONITORS_TOP 5

/*
 * Another machine, CPU model or aimkit build moves the numbers for
 * reasons that are not the kernel: refuse unless forced (lib/core/gate.h),
 * and when forced say so in the table's warnings.
 */
static int
refused(const struct opts *o, struct cmp_table *t)
{
	char *line;

	if (t->n_refusals == 0)
		return 0;
	line = gate_say(o->tags[0], o->n_tags == 2 ? o->tags[1] : NULL,
			t->refusals, t->n_refusals, o->force);
	if (o->force) {
		compare_warn(t, line);
		return 0;
	}
	aim_warn("%s", line);
	free(line);
	return 1;
}

/* The N_WANT tests of WANT (--tests, matched to the sides) only. */
static void
select_tests(const struct plot_want *want, size_t n_want, struct cmp_table *t)
{
	size_t cap = n_want + t->n_rows, k = 0;
	const char **names = xcalloc(cap, sizeof(*names));
	const char **units = xcalloc(cap, sizeof(*units));
	int *numbers = xcalloc(cap, sizeof(*numbers));

	for (size_t i = 0; i < n_want; i++) {
		names[k] = want[i].name;
		units[k] = want[i].units;
		numbers[k++] = want[i].number;
		/* Its rows of other copy counts come with it. */
		for (size_t j = 0; j < t->n_rows; j++)
			if (scaling_row_of(t->rows[j].test, want[i].name))
				names[k++] = t->rows[j].test;
	}
	compare_select(t, names, numbers, units, k);
	free(names);
	free(units);
	free(numbers);
}

/* CSV has no room for the header: its warnings go to stderr. */
static void
csv_warnings(const struct cmp_table *t)
{
	char *w;

	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		aim_warn("warning: %s", w);
		free(w);
	}
}

/* --classify: the verdict as the exit status, and why. */
static int
print_classify(const struct opts *o, const struct cmp_table *t)
{
	struct classify c;
	int rc;

	classify_table(t, &c);
	if (c.n_tests == 0) {
		aim_warn("--classify: good and bad differ in none of the %zu test%s compared: nothing to bisect on",
			 t->n_rows, t->n_rows == 1 ? "" : "s");
		rc = CLI_USER;
	} else if (classify_print(stdout, &c) < 0) {
		aim_warn_errno("stdout");
		rc = CLI_ENV;
	} else {
		*o->verdict = classify_exit(&c);
		rc = CLI_OK;
	}
	classify_free(&c);
	return rc;
}

/*
 * --tests matched against the names the sides' results hold: into *WANT
 * (malloc'd, *N of them; NULL when --tests is not given).  CLI_OK, or
 * CLI_USER after the line that names the tags.
 */
static int
tests_of_sides(const struct opts *o, const struct query_tag *sides,
	       struct plot_want **want, size_t *n)
{
	struct cli_test_seen *seen;
	size_t n_seen = 0, total = 0;
	int rc;

	*want = NULL;
	*n = o->n_tests;
	if (o->n_tests == 0)
		return CLI_OK;
	for (size_t s = 0; s < o->n_tags; s++)
		total += sides[s].n_results;
	seen = xcalloc(total + 1, sizeof(*seen));
	for (size_t s = 0; s < o->n_tags; s++)
		for (size_t i = 0; i < sides[s].n_results; i++) {
			const struct record_result *r = &sides[s].results[i];

			seen[n_seen++] = (struct cli_test_seen){
				r->number, r->test, r->units };
		}
	*want = xcalloc(o->n_tests, sizeof(**want));
	memcpy(*want, o->tests, o->n_tests * sizeof(**want));
	rc = cli_tests_resolve(*want, n, seen, n_seen, o->tags, o->n_tags);
	free(seen);
	return rc;
}

/*
 * --fail-on-regression, once the output is written: a regression, else
 * a comparison that did not check what it was asked to, fails the job.
 */
static int
gate_status(const struct cmp_table *t)
{
	char *why;

	if (t->n_verdicts[STATS_REGRESSED] > 0)
		return CLI_REGRESSED;
	if (!fmt_ci_incomplete(t, &why))
		return CLI_OK;
	aim_warn("--fail-on-regression: %s", why);
	free(why);
	return CLI_INCOMPLETE;
}

static int
print_table(const struct opts *o, struct query_tag *sides,
	    const struct cmp_sizing_in *sizing)
{
	struct cmp_table t;
	struct plot_want *want;
	size_t n_want;
	int rc = tests_of_sides(o, sides, &want, &n_want);

	if (rc != CLI_OK) {
		free(want);
		return rc;
	}
	compare_build(sides, o->n_tags, &o->cmp, &t);
	if (refused(o, &t)) {
		compare_free(&t);
		free(want);
		return CLI_USER;
	}
	if (n_want > 0)
		select_tests(want, n_want, &t);
	free(want);
	compare_sizing(&t, sides, sizing);
	if (o->classify) {
		rc = print_classify(o, &t);
		compare_free(&t);
		return rc;
	}
	compare_sort(&t, o->sort);
	if (o->counters)
		compare_counters(&t, sides);
	if (o->monitors)
		compare_monitors(&t, sides, o->monitor_pick, o->n_monitor_pick,
				 MONITORS_TOP);
	if (o->format->stderr_warnings)
		csv_warnings(&t);
	if (o->format->table(stdout, &t, o->text_flags) < 0) {
		aim_warn_errno("stdout");
		rc = CLI_ENV;
	} else if (o->fail_on_regression) {
		rc = gate_status(&t);
	}
	compare_free(&t);
	return rc;
}

/* The table with the plans behind it and the sizing they allow. */
static int
print_sized(struct db *db, const struct opts *o, struct query_tag *sides)
{
	struct cmp_sizing_in in = {
		.change = o->sizing_pct > 0.0 ? o->sizing_pct / 100.0 :
			  o->cmp.stats.equiv > 0.0 ? o->cmp.stats.equiv : 0.02,
		.alpha = o->cmp.stats.alpha, .per_test = o->sizing_pct > 0.0,
	};
	struct plan *plans = NULL;
	int rc;

	if (query_plans(db, o->tags, o->n_tags, &plans, &in.n_plans,
			&in.costs) < 0)
		return CLI_ENV;
	in.plans = plans;
	rc = print_table(o, sides, &in);
	query_plans_free(plans, in.n_plans);
	return rc;
}

/* --series: the steps along the tags, in the chosen format. */
static int
print_series(struct db *db, const char *path, const struct opts *o)
{
	const struct series_db_opts sel = {
		.order = o->order, .stats = o->cmp.stats,
		.want = o->tests, .n_want = o->n_tests,
		.tags = o->tags, .n_tags = o->n_tags, .host = o->host,
		.force = o->force, .window = o->window,
	};
	struct series_db sd;
	int rc = series_db_load(db, path, &sel, &sd);

	/* CSV has no room for them: on stderr, as a comparison's. */
	for (size_t i = 0; rc == CLI_OK && o->format->stderr_warnings &&
			   i < sd.n_notes; i++)
		aim_warn("warning: %s", sd.notes[i]);
	if (rc == CLI_OK && o->format->series(stdout, &sd) < 0) {
		aim_warn_errno("stdout");
		rc = CLI_ENV;
	}
	series_db_free(&sd);
	return rc;
}

/* --latency: the sides' per-call histograms, compared. */
static int
print_latency(struct db *db, const struct opts *o,
	      struct query_tag *sides)
{
	struct lat_table t;
	int rc = CLI_OK;

	for (size_t s = 0; s < o->n_tags && rc == CLI_OK; s++)
		if (query_load_hists(db, sides[s].results,
				     sides[s].n_results) != 0)
			rc = CLI_ENV;
	if (rc == CLI_OK) {
		lat_build(sides, (const char *const *)o->tags, o->n_tags,
			  o->cmp.stats.alpha, &t);
		if (o->format->latency(stdout, &t) < 0) {
			aim_warn_errno("stdout");
			rc = CLI_ENV;
		}
		lat_free(&t);
	}
	for (size_t s = 0; s < o->n_tags; s++)
		query_hists_free(sides[s].results, sides[s].n_results);
	return rc;
}

/* BASE NEW...: load the sides, compare them and print the table. */
static int
compare_tags(struct db *db, const char *path, const struct opts *o)
{
	const struct query_pick pick = {
		.tags = o->tags, .n_tags = o->n_tags,
		.runs = o->runs, .n_runs = o->n_runs, .host = o->host,
	};
	struct query_tag *sides = xcalloc(o->n_tags, sizeof(*sides));
	int rc = query_sides_load(db, path, &pick, sides);

	for (size_t s = 0; rc == CLI_OK && o->monitors && s < o->n_tags; s++)
		if (query_load_monitors(db, &sides[s]) < 0)
			rc = CLI_ENV;
	/* Each count is one row: threads and processes cannot share it. */
	if (rc == CLI_OK && o->scaling &&
	    compare_mode_mixed(sides, o->n_tags) != NULL)
		rc = cli_bad_usage("--scaling: %s holds copies run as threads and as processes (aimrun --threads): give them tags of their own",
				   compare_mode_mixed(sides, o->n_tags));
	if (rc == CLI_OK && o->latency)
		rc = print_latency(db, o, sides);
	else if (rc == CLI_OK && o->scaling &&
	    o->format->scaling(stdout, sides, o->n_tags) < 0) {
		aim_warn_errno("stdout");
		rc = CLI_ENV;
	} else if (rc == CLI_OK)
		rc = scaling_pick(sides, o->n_tags, &o->copies);
	if (rc == CLI_OK && !o->scaling && !o->latency)
		rc = print_sized(db, o, sides);
	for (size_t s = 0; s < o->n_tags; s++)
		query_tag_free(&sides[s]);
	free(sides);
	return rc;
}

int
main(int argc, char **argv)
{
	struct opts o = { .format = &fmt_format_text, .sort = CMP_SORT_NUMBER,
			  .order = TAGORDER_VERSION };
	struct store *st = NULL;
	char *path = NULL;
	int rc, verdict = -1;

	log_set_program("aimcmp");
	o.verdict = &verdict;
	compare_opts_default(&o.cmp);
	rc = aimcmp_parse_options(argc, argv, &o);
	if (rc < 0)
		return cli_close_stdout();
	if (rc == CLI_OK) {
		path = cli_db_path(o.db);
		rc = path == NULL ? CLI_USER : CLI_OK;
	}
	if (rc == CLI_OK)
		st = cli_open(path, STORE_RO, &rc);
	if (st != NULL) {
		rc = o.series ? print_series(store_db(st), path, &o) :
				compare_tags(store_db(st), path, &o);
		store_close(st);
	}
	free(path);
	cli_tests_free(o.tests, o.n_tests);
	free(o.runs);
	free(o.monitor_list);
	free(o.monitor_pick);
	/* git bisect run takes 1 to 127 for "bad": an error must abort. */
	if (aimcmp_wants_classify(argc, argv))
		return rc == CLI_OK && verdict >= 0 ? verdict :
		       CLASSIFY_EXIT_ABORT;
	return rc;
}
