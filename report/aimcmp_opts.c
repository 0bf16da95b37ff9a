// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp's command line: every option parsed and range-checked, and the
 * combinations that cannot work refused, before the database is opened.
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
#include "log.h"
#include "parse.h"
#include "tag.h"
#include "xalloc.h"

/* What --help says after the formats. */
#define USAGE_REST \
	"      --wide           text: no wrapping, to 100 columns or not, and\n" \
	"                       the interval and mdc columns\n" \
	"      --legend         text: explain every column and marker\n" \
	"  -t, --tests LIST     only these tests (comma-separated names)\n" \
	"  -s, --sort KEY       number (default), name or pct\n" \
	"  -r, --run ID         only run ID of its tag (repeatable)\n" \
	"  -S, --series         steps between consecutive tags (all tags when\n" \
	"                       none is given) that are significant\n" \
	"  -O, --order ORDER    of the series: version (default), date, given\n" \
	"      --last N         of the series when no TAG is given: the newest\n" \
	"                       N tags (default 50; 0 for all)\n" \
	"      --since DATE     of the series when no TAG is given: the tags\n" \
	"                       first run on or after DATE (YYYY-MM-DD, UTC)\n" \
	"      --classify       for git bisect run: exit 0 when CANDIDATE is\n" \
	"                       like GOOD, 1 like BAD, 125 cannot tell, 128\n" \
	"                       on any error (doc/bisect.md)\n" \
	"      --alpha P        false discovery rate over all tests compared\n" \
	"                       (default 0.05); intervals are 1 - P\n" \
	"      --equivalence PCT  changes within +/-PCT % are 'equivalent'\n" \
	"                       (default 2; 0 turns the verdict off)\n" \
	"      --exclude-flagged  leave samples flagged by the quality rule\n" \
	"                       out of the rates (default: keep, count them)\n" \
	"      --fail-on-regression  exit 3 when a test regressed, else 4 when\n" \
	"                       no test was compared or one is missing or\n" \
	"                       failed on NEW (after printing; doc/ci.md)\n" \
	"      --counters       under each test, its metrics per call (context\n" \
	"                       switches, ...) with their change and verdict\n" \
	"      --monitors[=PATTERN,...]  under each test, the kernel's monitors\n" \
	"                       per call (/proc/vmstat, interrupts, ...) that\n" \
	"                       changed most, judged; or those PATTERN matches\n" \
	"      --copies N|B:N   only results of N copies at once (aimrun\n" \
	"                       --copies); B:N sets B copies of BASE against N\n" \
	"      --scaling        for each TAG, the rate per copy at each copy\n" \
	"                       count, fairness, speedup and efficiency\n" \
	"      --latency        per-call distributions instead of rates: each\n" \
	"                       TAG's line per test, p50 and p99 shifts\n" \
	"      --host NAME      only the runs of that machine (run.host, aimdb\n" \
	"                       list's HOST); with --series, its tags\n" \
	"      --sizing PCT     a line per test: the boots and processes per\n" \
	"                       boot that resolve a change of PCT % (with two\n" \
	"                       boots a side or more; the summary line uses\n" \
	"                       the equivalence margin)\n" \
	"      --force          compare even another machine, CPU model or\n" \
	"                       aimkit build (with --series: judge such steps),\n" \
	"                       with a warning line\n" \
	"  -h, --help           show this help and exit\n" \
	"  -V, --version        show the version and exit\n"

/* Long options without a short form. */
enum {
	OPT_ALPHA = 256,
	OPT_EQUIV,
	OPT_FAIL,
	OPT_FORCE,
	OPT_EXCLUDE,
	OPT_WIDE,
	OPT_LEGEND,
	OPT_COUNTERS,
	OPT_MONITORS,
	OPT_CLASSIFY,
	OPT_COPIES,
	OPT_SCALING,
	OPT_LATENCY,
	OPT_HOST,
	OPT_LAST,
	OPT_SINCE,
	OPT_SIZING,
};


/* The formats, one a line, from the table of report/format/formats.c. */
static void
usage_formats(FILE *f)
{
	fputs("  -f, --format FORMAT  one of these (help lists what each serves):\n", f);
	for (size_t i = 0; fmt_formats[i] != NULL; i++)
		fprintf(f, "                         %s%s%s%s: %s\n",
			fmt_formats[i]->name,
			fmt_formats[i]->alias != NULL ? " (" : "",
			fmt_formats[i]->alias != NULL ? fmt_formats[i]->alias : "",
			fmt_formats[i]->alias != NULL ? ")" : "",
			fmt_formats[i]->help);
}

static void
usage(FILE *f)
{
	fputs("Usage: aimcmp [OPTION]... BASE NEW [NEW]...\n"
	      "  or:  aimcmp --series [OPTION]... [TAG]...\n"
	      "  or:  aimcmp --classify [OPTION]... GOOD BAD CANDIDATE\n"
	      "Compare the operation rates (ops/s) of tagged runs, test by test;\n"
	      "with --series, list the significant steps between consecutive tags.\n"
	      "\n"
	      "  -d, --db PATH        results database (default: $AIM_DB, else\n"
	      "                       results/aim.db when ./results is yours, else\n"
	      "                       $XDG_DATA_HOME/aimkit/aim.db)\n", f);
	usage_formats(f);
	fputs(USAGE_REST, f);
}

/* --format NAME from the table of formats; "help" lists them. */
static int
parse_format(const char *arg, struct opts *o)
{
	char *names;
	int rc;

	if (strcmp(arg, "help") == 0) {
		o->list_formats = 1;
		return CLI_OK;
	}
	o->format = fmt_find(arg);
	if (o->format != NULL)
		return CLI_OK;
	names = fmt_names(0);
	rc = cli_bad_usage("--format: unknown format '%s' (%s)", arg, names);
	free(names);
	return rc;
}

/* A refusal naming the formats that serve MODES. */
static int
refuse_modes(const char *what, unsigned modes, const char *tail)
{
	char *names = fmt_names(modes);
	int rc = cli_bad_usage("%s: the formats are %s%s", what, names, tail);

	free(names);
	return rc;
}

/* --monitors[=PATTERN,...]: the patterns, none empty. */
static int
parse_monitors(const char *arg, struct opts *o)
{
	o->monitors = 1;
	free(o->monitor_list);
	free(o->monitor_pick);
	o->monitor_list = NULL;
	o->monitor_pick = NULL;
	o->n_monitor_pick = 0;
	if (arg == NULL)
		return CLI_OK;
	o->monitor_list = xstrdup(arg);
	for (char *p = o->monitor_list, *e; p != NULL; p = e) {
		e = strchr(p, ',');
		if (e != NULL)
			*e++ = '\0';
		if (*p == '\0')
			return cli_bad_usage("--monitors: an empty pattern");
		o->monitor_pick = xrealloc(o->monitor_pick,
					   (o->n_monitor_pick + 1) *
					   sizeof(*o->monitor_pick));
		o->monitor_pick[o->n_monitor_pick++] = p;
	}
	return CLI_OK;
}

static int
parse_count(const char *s, int *out)
{
	long v;

	if (parse_long(s, 1, SCALING_COPIES_MAX, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* --copies N or BASE:NEW: CLI_OK, or CLI_USER after one line. */
static int
copies_parse(const char *arg, struct scaling_sel *sel)
{
	char *dup = xstrdup(arg), *colon = strchr(dup, ':');
	int bad;

	if (colon != NULL)
		*colon = '\0';
	bad = parse_count(dup, &sel->base) != 0 ||
	      parse_count(colon != NULL ? colon + 1 : dup, &sel->other) != 0;
	free(dup);
	if (bad) {
		char v[64];

		return cli_bad_usage("--copies: '%s' is not N or BASE:NEW, counts from 1 to %d",
				     tag_shown(arg, v, sizeof(v)),
				     SCALING_COPIES_MAX);
	}
	return CLI_OK;
}

static int
parse_sort(const char *s, enum cmp_sort *out)
{
	if (strcmp(s, "number") == 0)
		*out = CMP_SORT_NUMBER;
	else if (strcmp(s, "name") == 0)
		*out = CMP_SORT_NAME;
	else if (strcmp(s, "pct") == 0)
		*out = CMP_SORT_PCT;
	else
		return cli_bad_usage("--sort: unknown key '%s' (number, name, pct)", s);
	return CLI_OK;
}

/* The options that shape the statistics. */
static int
stats_option(int c, const char *arg, struct opts *o)
{
	double v;

	switch (c) {
	case OPT_ALPHA:
		if (cli_parse_real(arg, 0.0, 0.5, &v) < 0 || v == 0.0)
			return cli_bad_usage("--alpha: '%s' is not a number above 0 and below 0.5",
					 arg);
		o->cmp.stats.alpha = v;
		return CLI_OK;
	case OPT_EQUIV:
		if (cli_parse_real(arg, 0.0, 100.0, &v) < 0)
			return cli_bad_usage("--equivalence: '%s' is not a percentage from 0 to below 100",
					 arg);
		o->cmp.stats.equiv = v / 100.0;
		return CLI_OK;
	case OPT_EXCLUDE:
		o->cmp.exclude_flagged = 1;
		return CLI_OK;
	case OPT_SIZING:
		if (cli_parse_real(arg, 0.01, 100.0, &v) < 0)
			return cli_bad_usage("--sizing: '%s' is not a percentage from 0.01 to below 100",
					 arg);
		o->sizing_pct = v;
		return CLI_OK;
	case OPT_FAIL:
		o->fail_on_regression = 1;
		return CLI_OK;
	case OPT_FORCE:
		o->force = 1;
		return CLI_OK;
	case OPT_WIDE:
		o->text_flags |= FMT_WIDE;
		return CLI_OK;
	case OPT_LEGEND:
		o->text_flags |= FMT_LEGEND;
		return CLI_OK;
	case OPT_COPIES:
		return copies_parse(arg, &o->copies);
	case OPT_SCALING:
		o->scaling = 1;
		return CLI_OK;
	case OPT_LATENCY:
		o->latency = 1;
		return CLI_OK;
	case OPT_COUNTERS:
		o->counters = 1;
		return CLI_OK;
	case OPT_MONITORS:
		return parse_monitors(arg, o);
	case OPT_CLASSIFY:
		o->classify = 1;
		return CLI_OK;
	case OPT_HOST:
		o->host = arg;
		return CLI_OK;
	case OPT_LAST:
		return cli_parse_window("--last", arg, &o->window);
	case OPT_SINCE:
		return cli_parse_window("--since", arg, &o->window);
	default:
		return cli_bad_usage("bad option");
	}
}

static int
one_option(int c, const char *arg, void *data)
{
	struct opts *o = data;
	int64_t id;

	switch (c) {
	case 'd':
		o->db = arg;
		return CLI_OK;
	case 'f':
		return parse_format(arg, o);
	case 't':
		return cli_parse_tests(arg, &o->tests, &o->n_tests);
	case 's':
		o->sort_given = 1;
		return parse_sort(arg, &o->sort);
	case 'S':
		o->series = 1;
		return CLI_OK;
	case 'O':
		o->order_given = 1;
		if (tagorder_mode_parse(arg, &o->order) < 0)
			return cli_bad_usage("--order: unknown order '%s' (version, date, given)",
					 arg);
		return CLI_OK;
	case 'r':
		if (cli_run_id(arg, &id) < 0)
			return cli_bad_usage("--run: not a run id: '%s'", arg);
		o->runs = xrealloc(o->runs, (o->n_runs + 1) * sizeof(*o->runs));
		o->runs[o->n_runs++] = id;
		return CLI_OK;
	default:
		return stats_option(c, arg, o);
	}
}

/* --classify: three tags, the text form, nothing that shapes a table. */
static int
classify_check(const struct opts *o)
{
	if (o->series || o->format != &fmt_format_text || o->text_flags != 0 ||
	    o->sort_given || o->order_given || o->counters || o->monitors ||
	    o->fail_on_regression)
		return cli_bad_usage("--classify: only --db, --tests, --run, --host, --alpha, --exclude-flagged and --force apply");
	if (o->n_tags != 3)
		return cli_bad_usage("--classify: give GOOD, BAD and CANDIDATE tags");
	return CLI_OK;
}

/* What a series takes, and what only a comparison of sides does. */
static int
series_check(const struct opts *o)
{
	if (o->text_flags != 0 && (o->series || o->format != &fmt_format_text))
		return cli_bad_usage("--wide and --legend: only for the text table");
	if (o->classify)
		return classify_check(o);
	if (o->window.since != NULL || o->window.last_given) {
		if (!o->series)
			return cli_bad_usage("--last and --since: only with --series");
		if (o->n_tags > 0)
			return cli_bad_usage("--last and --since pick among the tags of the database: not with TAGs");
	}
	if (!o->series) {
		if (o->order_given)
			return cli_bad_usage("--order: only with --series");
		if (o->scaling && (o->format->scaling == NULL ||
				   o->copies.base > 0))
			return refuse_modes("--scaling", FMT_MODE_SCALING,
					    ", and every copy count");
		if (o->latency && (o->format->latency == NULL || o->scaling ||
				   o->counters || o->monitors))
			return refuse_modes("--latency", FMT_MODE_LATENCY,
					    ", without --scaling, --counters or --monitors");
		if (o->monitors && (!o->format->counters || o->scaling))
			return refuse_modes("--monitors", FMT_MODE_COUNTERS,
					    ", without --scaling");
		if (o->n_tags < (o->scaling || o->latency ? 1U : 2U))
			return cli_bad_usage(o->scaling ? "--scaling: give a TAG" :
					     "give a BASE tag and at least one NEW tag");
		return CLI_OK;
	}
	if (o->format->series == NULL)
		return refuse_modes("--series", FMT_MODE_SERIES, "");
	if (o->n_runs > 0 || o->sort_given ||
	    o->fail_on_regression || o->cmp.exclude_flagged || o->counters ||
	    o->monitors)
		return cli_bad_usage("--series: --run, --sort, --exclude-flagged, --counters, --monitors and --fail-on-regression are for comparisons of sides");
	return CLI_OK;
}

/*
 * Whether ARGV asks for --classify (any abbreviation getopt takes), so
 * that an error before getopt reaches it still aborts a bisect.
 */
int
aimcmp_wants_classify(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		size_t len = strlen(argv[i]);

		if (len >= 4 && len <= 10 && strncmp(argv[i], "--", 2) == 0 &&
		    strncmp(argv[i] + 2, "classify", len - 2) == 0)
			return 1;
	}
	return 0;
}

/* Returns -1 when --help or --version was handled, else an exit status. */
int
aimcmp_parse_options(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "tests", required_argument, NULL, 't' },
		{ "sort", required_argument, NULL, 's' },
		{ "run", required_argument, NULL, 'r' },
		{ "series", no_argument, NULL, 'S' },
		{ "order", required_argument, NULL, 'O' },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "equivalence", required_argument, NULL, OPT_EQUIV },
		{ "exclude-flagged", no_argument, NULL, OPT_EXCLUDE },
		{ "fail-on-regression", no_argument, NULL, OPT_FAIL },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "wide", no_argument, NULL, OPT_WIDE },
		{ "legend", no_argument, NULL, OPT_LEGEND },
		{ "counters", no_argument, NULL, OPT_COUNTERS },
		{ "monitors", optional_argument, NULL, OPT_MONITORS },
		{ "classify", no_argument, NULL, OPT_CLASSIFY },
		{ "copies", required_argument, NULL, OPT_COPIES },
		{ "scaling", no_argument, NULL, OPT_SCALING },
		{ "latency", no_argument, NULL, OPT_LATENCY },
		{ "host", required_argument, NULL, OPT_HOST },
		{ "last", required_argument, NULL, OPT_LAST },
		{ "since", required_argument, NULL, OPT_SINCE },
		{ "sizing", required_argument, NULL, OPT_SIZING },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.prog = "aimcmp", .shortopts = ":d:f:t:s:r:SO:hV",
		.longopts = longopts, .usage = usage, .one = one_option,
		.data = o,
	};
	int rc = cli_parse(argc, argv, &p);

	if (rc != CLI_OK)
		return rc;
	if (o->list_formats)
		return fmt_list(stdout) < 0 ? CLI_ENV : -1;
	o->tags = argv + optind;
	o->n_tags = (size_t)(argc - optind);
	return series_check(o);
}

