/*
 * aimcmp: compare the operation rates of tags (before/after kernels) test
 * by test.  Picks the runs, loads them, hands them to compare.c and prints
 * the table in the chosen format; it computes nothing itself.
 */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"
#include "cli.h"
#include "compare.h"
#include "fmt.h"
#include "log.h"
#include "query.h"
#include "xalloc.h"

struct opts {
	const char *db;
	enum fmt_kind format;
	enum cmp_sort sort;
	const struct aim_test **tests;	/* --tests, NULL when all */
	size_t n_tests;
	int64_t *runs;			/* --run ids */
	size_t n_runs;
	char **tags;			/* BASE NEW... */
	size_t n_tags;
};

static void
usage(FILE *f)
{
	fputs("Usage: aimcmp [OPTION]... BASE NEW [NEW]...\n"
	      "Compare the operation rates (ops/s) of tagged runs, test by test.\n"
	      "\n"
	      "  -d, --db PATH        results database (default: $AIM_DB, else\n"
	      "                       results/aim.db when ./results exists, else\n"
	      "                       $XDG_DATA_HOME/aimkit/aim.db)\n"
	      "  -f, --format FORMAT  text (default), csv, json or markdown\n"
	      "  -t, --tests LIST     only these tests (comma-separated names)\n"
	      "  -s, --sort KEY       number (default), name or pct\n"
	      "  -r, --run ID         only run ID of its tag (repeatable)\n"
	      "  -h, --help           show this help and exit\n"
	      "  -V, --version        show the version and exit\n", f);
}

static int __attribute__((format(printf, 1, 2)))
bad_usage(const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	aim_warn("%s", msg);
	return CLI_USER;
}

/* "a,b,c": classic names, each once. */
static int
parse_tests(const char *list, struct opts *o)
{
	char *copy = xstrdup(list), *save = NULL;
	int rc = CLI_OK;

	for (char *name = strtok_r(copy, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		const struct aim_test *t = aim_test_find(name);
		size_t i;

		if (t == NULL) {
			rc = bad_usage("--tests: unknown test '%s'", name);
			break;
		}
		for (i = 0; i < o->n_tests && o->tests[i] != t; i++)
			continue;
		if (i < o->n_tests)
			continue;
		o->tests = xrealloc(o->tests, (o->n_tests + 1) * sizeof(*o->tests));
		o->tests[o->n_tests++] = t;
	}
	free(copy);
	if (rc == CLI_OK && o->n_tests == 0)
		rc = bad_usage("--tests: empty list");
	return rc;
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
		return bad_usage("--sort: unknown key '%s' (number, name, pct)", s);
	return CLI_OK;
}

static int
one_option(int c, const char *arg, struct opts *o)
{
	int64_t id;

	switch (c) {
	case 'd':
		o->db = arg;
		return CLI_OK;
	case 'f':
		if (fmt_parse(arg, &o->format) < 0)
			return bad_usage("--format: unknown format '%s' (text, csv, json, markdown)",
					 arg);
		return CLI_OK;
	case 't':
		return parse_tests(arg, o);
	case 's':
		return parse_sort(arg, &o->sort);
	case 'r':
		if (cli_run_id(arg, &id) < 0)
			return bad_usage("--run: not a run id: '%s'", arg);
		o->runs = xrealloc(o->runs, (o->n_runs + 1) * sizeof(*o->runs));
		o->runs[o->n_runs++] = id;
		return CLI_OK;
	default:
		return bad_usage("bad option");
	}
}

/* Returns -1 when --help or --version was handled, else an exit status. */
static int
parse_options(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "tests", required_argument, NULL, 't' },
		{ "sort", required_argument, NULL, 's' },
		{ "run", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c, rc;

	while ((c = getopt_long(argc, argv, "d:f:t:s:r:hV", longopts, NULL)) !=
	       -1) {
		if (c == 'h' || c == 'V') {
			if (c == 'h')
				usage(stdout);
			else
				cli_version("aimcmp");
			return -1;
		}
		if (c == '?')
			return CLI_USER;	/* getopt said why, in one line */
		rc = one_option(c, optarg, o);
		if (rc != CLI_OK)
			return rc;
	}
	if (argc - optind < 2)
		return bad_usage("give a BASE tag and at least one NEW tag");
	o->tags = argv + optind;
	o->n_tags = (size_t)(argc - optind);
	return CLI_OK;
}

/*
 * Runs given with --run restrict the sides with their tag.  A tag given k
 * times with exactly k runs gets one run per occurrence, in order, so that
 * "aimcmp -r 3 -r 4 T T" compares two runs of one tag.
 */
static size_t
side_runs(const struct opts *o, char *const *run_tags, size_t side,
	  int64_t *pick)
{
	const char *tag = o->tags[side];
	size_t occ = 0, n_occ = 0, n = 0;

	for (size_t s = 0; s < o->n_tags; s++) {
		if (strcmp(o->tags[s], tag) == 0) {
			if (s < side)
				occ++;
			n_occ++;
		}
	}
	for (size_t i = 0; i < o->n_runs; i++)
		if (strcmp(run_tags[i], tag) == 0)
			pick[n++] = o->runs[i];
	if (n_occ > 1 && n == n_occ) {
		pick[0] = pick[occ];
		n = 1;
	}
	return n;
}

/* Each --run must exist and carry one of the compared tags. */
static int
resolve_runs(struct sqlite3 *db, const struct opts *o, char **run_tags)
{
	for (size_t i = 0; i < o->n_runs; i++) {
		size_t s;
		int found = query_run_tag(db, o->runs[i], &run_tags[i]);

		if (found < 0)
			return CLI_ENV;
		if (found == 0) {
			aim_warn("--run %lld: no such run", (long long)o->runs[i]);
			return CLI_USER;
		}
		for (s = 0; s < o->n_tags; s++)
			if (strcmp(o->tags[s], run_tags[i]) == 0)
				break;
		if (s == o->n_tags) {
			aim_warn("--run %lld: the run has tag '%s', which is not compared",
				 (long long)o->runs[i], run_tags[i]);
			return CLI_USER;
		}
	}
	return CLI_OK;
}

static int
load_sides(struct sqlite3 *db, const char *path, const struct opts *o,
	   struct query_tag *sides)
{
	char **run_tags = xcalloc(o->n_runs + 1, sizeof(*run_tags));
	int64_t *pick = xcalloc(o->n_runs + 1, sizeof(*pick));
	int rc = resolve_runs(db, o, run_tags);

	for (size_t s = 0; s < o->n_tags && rc == CLI_OK; s++) {
		size_t n = side_runs(o, run_tags, s, pick);

		if (query_tag_load(db, o->tags[s], pick, n, &sides[s]) < 0) {
			rc = CLI_ENV;
		} else if (sides[s].n_runs == 0) {
			aim_warn("%s: no such tag in %s", o->tags[s], path);
			rc = CLI_USER;
		}
	}
	for (size_t i = 0; i < o->n_runs; i++)
		free(run_tags[i]);
	free(run_tags);
	free(pick);
	return rc;
}

static int
print_table(const struct opts *o, struct query_tag *sides)
{
	struct cmp_table t;
	int rc = CLI_OK;

	compare_build(sides, o->n_tags, &t);
	if (o->n_tests > 0) {
		const char **names = xcalloc(o->n_tests, sizeof(*names));
		const char **units = xcalloc(o->n_tests, sizeof(*units));
		int *numbers = xcalloc(o->n_tests, sizeof(*numbers));

		for (size_t i = 0; i < o->n_tests; i++) {
			names[i] = o->tests[i]->name;
			units[i] = o->tests[i]->units;
			numbers[i] = o->tests[i]->number;
		}
		compare_select(&t, names, numbers, units, o->n_tests);
		free(names);
		free(units);
		free(numbers);
	}
	compare_sort(&t, o->sort);
	/* CSV has no room for the header: its warnings go to stderr. */
	if (o->format == FMT_CSV)
		for (size_t i = 0; i < t.n_warnings; i++)
			aim_warn("warning: %s", t.warnings[i]);
	if (fmt_write(stdout, o->format, &t) < 0) {
		aim_warn_errno("stdout");
		rc = CLI_ENV;
	}
	compare_free(&t);
	return rc;
}

int
main(int argc, char **argv)
{
	struct opts o = { .format = FMT_TEXT, .sort = CMP_SORT_NUMBER };
	struct query_tag *sides = NULL;
	struct store *st = NULL;
	char *path = NULL;
	int rc;

	log_set_program("aimcmp");
	rc = parse_options(argc, argv, &o);
	if (rc < 0)
		return cli_close_stdout();
	if (rc == CLI_OK) {
		path = cli_db_path(o.db);
		rc = path == NULL ? CLI_USER : CLI_OK;
	}
	if (rc == CLI_OK)
		st = cli_open(path, STORE_RO, &rc);
	if (st != NULL) {
		sides = xcalloc(o.n_tags, sizeof(*sides));
		rc = load_sides(store_handle(st), path, &o, sides);
		if (rc == CLI_OK)
			rc = print_table(&o, sides);
		for (size_t s = 0; s < o.n_tags; s++)
			query_tag_free(&sides[s]);
		free(sides);
		store_close(st);
	}
	free(path);
	free(o.tests);
	free(o.runs);
	return rc;
}
