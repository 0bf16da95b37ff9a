// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb verbs that read or tidy the database: list, show, check, rm and
 * rename.  Changes happen in one transaction each, after every argument
 * has been checked, so a refused command changes nothing.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic.h"
#include "cli.h"
#include "compare.h"
#include "import.h"
#include "log.h"
#include "query.h"
#include "query_admin.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

static const struct option help_only[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Options of a verb that has none but --help. */
static int
no_options(int argc, char **argv, const char *usage, int *done)
{
	*done = 0;
	/* Anything but --help (handled inside) is an unknown option. */
	if (aimdb_getopt(argc, argv, "h", help_only, usage, done) != -1)
		return CLI_USER;
	return CLI_OK;
}

static const char *
or_dash(const char *s)
{
	return s != NULL && s[0] != '\0' ? s : "-";
}

/* The widest of FIELD (0 tag, 1 kernel, 2 host) over ROWS, as shown. */
static size_t
width(const struct query_list_row *rows, size_t n, size_t field, size_t min)
{
	size_t w = min;

	for (size_t i = 0; i < n; i++) {
		const char *s[] = { rows[i].tag, rows[i].release, rows[i].host };
		size_t len = tag_columns(or_dash(s[field]));

		if (len > w)
			w = len;
	}
	return w;
}

/*
 * Every string of a row may come from another machine or an edited
 * file: each is printed through tag_fput(), which also pads it.
 */
static void
print_list(const struct query_list_row *rows, size_t n)
{
	size_t wt = width(rows, n, 0, 3), wk = width(rows, n, 1, 6);
	size_t wh = width(rows, n, 2, 4);

	tag_fput(stdout, "TAG", wt);
	printf(" %5s %-20s %-10s ", "RUN", "STARTED (UTC)", "STATUS");
	tag_fput(stdout, "KERNEL", wk);
	putchar(' ');
	tag_fput(stdout, "HOST", wh);
	printf(" %5s %5s %8s %s\n", "TESTS", "OK", "SAMPLES", "SOURCE");
	for (size_t i = 0; i < n; i++) {
		const struct query_list_row *r = &rows[i];

		tag_fput(stdout, r->tag, wt);
		printf(" %5lld ", (long long)r->id);
		tag_fput(stdout, or_dash(r->started_utc), 20);
		putchar(' ');
		tag_fput(stdout, or_dash(r->status), 10);
		putchar(' ');
		tag_fput(stdout, or_dash(r->release), wk);
		putchar(' ');
		tag_fput(stdout, or_dash(r->host), wh);
		printf(" %5lld %5lld %8lld ", (long long)r->n_tests,
		       (long long)r->n_ok, (long long)r->n_samples);
		tag_fput(stdout, or_dash(r->source), 0);
		putchar('\n');
	}
}

/* Keep the rows of HOST (the host shown), in order; how many are left. */
static size_t
keep_host(struct query_list_row *rows, size_t n, const char *host)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (rows[i].host != NULL && strcmp(rows[i].host, host) == 0)
			rows[k++] = rows[i];
		else
			query_list_free_row(&rows[i]);
	}
	return k;
}

static const char list_usage[] =
	"Usage: aimdb list [--host NAME]\n"
	"One line per run, grouped by tag.\n"
	"\n"
	"      --host NAME  only the runs of that machine (the HOST column)\n";

int
aimdb_list(const struct aimdb *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "host", required_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 },
	};
	struct query_list_row *rows;
	const char *host = NULL;
	struct store *st;
	size_t n;
	int c, done = 0, rc = CLI_OK;

	while ((c = aimdb_getopt(argc, argv, "h", longopts, list_usage,
				 &done)) != -1) {
		if (c != 'H')
			return CLI_USER;
		host = optarg;
	}
	if (done)
		return CLI_OK;
	if (optind != argc)
		return aimdb_usage_error("list", "no arguments expected");
	st = cli_open(a->db_path, STORE_RO, &rc);
	if (st == NULL)
		return rc;
	if (query_list(store_db(st), &rows, &n) < 0) {
		rc = CLI_ENV;
	} else {
		if (host != NULL)
			n = keep_host(rows, n, host);
		if (host != NULL && n == 0)
			rc = aimdb_usage_error("list", "no runs of host %s in %s",
					       host, a->db_path);
		else
			print_list(rows, n);
		query_list_free(rows, n);
	}
	store_close(st);
	return rc;
}

/* One classic row of the pooled results of one test, numbered NUMBER. */
static int
show_test(const struct record_result *const *res, size_t n, int number)
{
	struct cmp_value v;
	double elapsed_s, loops = 0.0;
	int rc;

	/* The name and units are the database's: shown, not obeyed. */
	char *name = tag_printable_dup(res[0]->test);
	char *units = tag_printable_dup(res[0]->units);

	compare_pool(res, n, &v);
	if (v.state != CMP_OK) {
		rc = classic_print_skip(stdout, number, name);
	} else {
		/* A rate as another tool printed it: no time, no count. */
		elapsed_s = v.elapsed_ns > 0 ? (double)v.elapsed_ns / 1e9 : -1.0;
		if (v.calls > 0 && v.elapsed_ns > 0)
			loops = (double)v.calls / elapsed_s;
		else if (res[0]->factor > 0)
			loops = v.rate / (double)res[0]->factor;
		rc = classic_print_row_values(stdout, number, name,
					      elapsed_s, v.calls, loops, v.rate,
					      units);
	}
	compare_value_free(&v);
	free(name);
	free(units);
	return rc;
}

/* Every run of T numbered its rows by position, as singleuser does. */
static int
by_position(const struct query_tag *t)
{
	for (size_t i = 0; i < t->n_runs; i++) {
		const char *v = record_env(&t->runs[i], IMPORT_ROW_NUMBERS_KEY);

		if (v == NULL || strcmp(v, IMPORT_ROW_NUMBERS_POSITION) != 0)
			return 0;
	}
	return t->n_runs > 0;
}

/*
 * What the rates of the table are, and why aimcmp's differ: the same
 * tag, compared, prints each test's judged rate.
 */
static int
show_rate_note(const struct query_tag *t)
{
	return printf("Rates: every sample of %s%zu run%s pooled (operations / time), as AIM9 prints them;\n"
		      "aimcmp prints each test's judged rate instead, the geometric mean of its processes'\n"
		      "mean or peak rates (doc/statistics.md, \"Mean or peak\"), so its numbers differ.\n",
		      t->n_runs == 1 ? "" : "the tag's ", t->n_runs,
		      t->n_runs == 1 ? "" : "s") < 0 ? -1 : 0;
}

static int
print_show(const struct query_tag *t)
{
	const struct record_result **pick;
	int rc = classic_print_header(stdout), row = 0;
	int position = by_position(t);

	pick = xcalloc(t->n_results + 1, sizeof(*pick));
	/* Results are sorted by number and test: each run of one test. */
	for (size_t i = 0; i < t->n_results && rc == 0;) {
		size_t k = 0;

		while (i + k < t->n_results &&
		       strcmp(t->results[i + k].test, t->results[i].test) == 0) {
			pick[k] = &t->results[i + k];
			k++;
		}
		row++;
		rc = show_test(pick, k, position ? row : pick[0]->number);
		i += k;
	}
	free(pick);
	if (rc == 0)
		rc = classic_print_rule(stdout);
	if (rc == 0)
		rc = show_rate_note(t);
	return rc;
}

static int
show_options(int argc, char **argv, int64_t **runs, size_t *n_runs,
	     int *done)
{
	static const struct option longopts[] = {
		{ "run", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char usage[] =
		"Usage: aimdb show [-r ID]... TAG\n"
		"The classic AIM9 table of TAG, all its runs pooled.\n"
		"  -r, --run ID   only this run (repeatable)\n";
	int c;

	*done = 0;
	while ((c = aimdb_getopt(argc, argv, "r:h", longopts, usage,
				 done)) != -1) {
		int64_t id;

		if (c != 'r')
			return CLI_USER;
		if (cli_run_id(optarg, &id) < 0)
			return aimdb_usage_error("show", "not a run id: '%s'",
						 optarg);
		*runs = xrealloc(*runs, (*n_runs + 1) * sizeof(**runs));
		(*runs)[(*n_runs)++] = id;
	}
	if (!*done && argc - optind != 1)
		return aimdb_usage_error("show", "give one TAG");
	return CLI_OK;
}

int
aimdb_show(const struct aimdb *a, int argc, char **argv)
{
	int64_t *runs = NULL;
	size_t n_runs = 0;
	struct query_tag t;
	struct store *st;
	int done, rc = show_options(argc, argv, &runs, &n_runs, &done);

	if (rc != CLI_OK || done || (st = cli_open(a->db_path, STORE_RO,
						   &rc)) == NULL) {
		free(runs);
		return rc;
	}
	if (query_tag_load(store_db(st), argv[optind], runs, n_runs, NULL,
			   &t) < 0) {
		rc = CLI_ENV;
	} else {
		if (t.n_runs == 0) {
			aimdb_no_tag(argv[optind], n_runs > 0, a->db_path);
			rc = CLI_USER;
		} else if (print_show(&t) < 0) {
			aim_warn_errno("stdout");
			rc = CLI_ENV;
		}
		query_tag_free(&t);
	}
	store_close(st);
	free(runs);
	return rc;
}

/* Differences from the expected schema, one printable line each. */
struct schema_lines {
	char **line;
	size_t n;
};

static void
add_line(const char *problem, void *arg)
{
	struct schema_lines *l = arg;

	l->line = xrealloc(l->line, (l->n + 1) * sizeof(*l->line));
	l->line[l->n++] = xstrdup(problem);
}

/* "  LINE": a detail line, which may quote names from the file. */
static void
indented(const char *line)
{
	fputs("  ", stdout);
	tag_fput(stdout, line, 0);
	putchar('\n');
}

static int
report_check(const struct aimdb *a, const struct query_check *c,
	     const struct schema_lines *schema)
{
	int sound = c->n_integrity == 1 && strcmp(c->integrity[0], "ok") == 0;

	fputs("database: ", stdout);
	tag_fput(stdout, a->db_path, 0);
	putchar('\n');
	printf("schema version: %d (this aimkit: %d)\n", c->user_version,
	       store_schema_version());
	printf("schema: %s\n", schema->n == 0 ? "ok" : "FAILED");
	for (size_t i = 0; i < schema->n; i++)
		indented(schema->line[i]);
	printf("integrity: %s\n", sound ? "ok" : "FAILED");
	for (size_t i = 0; !sound && i < c->n_integrity; i++)
		indented(c->integrity[i]);
	if (c->fk_violations < 0)
		printf("foreign keys: not checked (the file is damaged)\n");
	else if (c->fk_violations > 0)
		printf("foreign keys: %lld rows refer to missing parents\n",
		       (long long)c->fk_violations);
	else
		printf("foreign keys: ok\n");
	if (!c->listed)
		printf("incomplete runs: not listed (the schema differs)\n");
	else
		printf("incomplete runs: %s\n", c->n_incomplete ? "" : "none");
	for (size_t i = 0; i < c->n_incomplete; i++)
		indented(c->incomplete[i]);
	if (!sound || c->fk_violations > 0 || schema->n > 0) {
		aim_warn("%s: the database is damaged", a->db_path);
		return CLI_ENV;
	}
	return CLI_OK;
}

int
aimdb_check(const struct aimdb *a, int argc, char **argv)
{
	struct schema_lines schema = { NULL, 0 };
	struct query_check c;
	struct store *st;
	int done, rc = no_options(argc, argv, "Usage: aimdb check\n"
				  "Schema version, integrity, incomplete runs.\n",
				  &done);

	if (rc != CLI_OK || done)
		return rc;
	if (optind != argc)
		return aimdb_usage_error("check", "no arguments expected");
	/* Whatever the schema holds: its differences are the report. */
	st = cli_open(a->db_path, STORE_CHECK, &rc);
	if (st == NULL)
		return rc;
	/* -1 has told add_line why, which marks the schema as failed. */
	(void)store_verify_schema(st, add_line, &schema);
	/* A table of a schema that differs may be a view that never ends. */
	if (query_check(store_db(st), schema.n == 0, &c) < 0) {
		rc = CLI_ENV;
	} else {
		rc = report_check(a, &c, &schema);
		query_check_free(&c);
	}
	query_tags_free(schema.line, schema.n);
	store_close(st);
	return rc;
}
