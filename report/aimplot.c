// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplot: each test's operation rate across tags (kernel versions), one
 * panel per test, with the spread of every tag and the significant steps
 * marked, drawn by gnuplot.  series_db.c picks, orders and loads the tags
 * and finds the steps, as for aimcmp --series; plot.c draws them.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "compare_env.h"
#include "dbpath.h"
#include "log.h"
#include "outfile.h"
#include "plot.h"
#include "plot_page.h"
#include "plot_run.h"
#include "plot_latency.h"
#include "plot_scaling.h"
#include "query.h"
#include "query_hist.h"
#include "series_db.h"
#include "xalloc.h"

struct opts {
	const char *db;
	const char *output;
	const char *script;
	const char *title;
	const char *format;
	int relative;
	int steps;
	int scaling;			/* --scaling: rate against copies */
	int latency;			/* --latency: per-call distributions */
	const char *size;		/* --size: the mem family's, for it */
	struct series_db_opts sel;	/* tags, order, --tests, statistics */
	struct plot_want *want;		/* --tests (owned), sel.want */
};

static void
usage(FILE *f)
{
	fputs("Usage: aimplot [OPTION]... [TAG]...\n"
	      "Plot each test's operation rate across tags (all tags when none is\n"
	      "given), one panel per test, significant steps marked.\n"
	      "\n"
	      "  -d, --db PATH          results database (default: $AIM_DB, else\n"
	      "                         results/aim.db when ./results is yours, else\n"
	      "                         $XDG_DATA_HOME/aimkit/aim.db)\n"
	      "  -o, --output FILE|DIR/ picture: .png, .svg or .pdf (default\n"
	      "                         aimplot.png); DIR/ gives one file per test\n"
	      "  -f, --format FMT       png, svg or pdf for DIR/ (default png)\n"
	      "  -t, --tests LIST       only these tests (comma-separated names)\n"
	      "  -O, --order ORDER      version (default), date or given\n"
	      "  -r, --relative         rates in percent of each test's first tag\n"
	      "  -s, --script FILE      also write the gnuplot script, data inline\n"
	      "  -T, --title TEXT       title of the picture\n"
	      "      --scaling          rate (total and per copy) against the copies\n"
	      "                         run at once (aimrun --copies) for each TAG\n"
	      "      --latency          per-call times of each TAG: the mem family's\n"
	      "                         p50 per routine, hot and cold, as bars, and a\n"
	      "                         CDF per variant (aimrun --latency)\n"
	      "      --size SIZE        the mem family's size for --latency: 4k\n"
	      "                         (default), 1m, 2m, llc or 2g\n"
	      "      --host NAME        only the runs of that machine (run.host,\n"
	      "                         aimdb list's HOST) and the tags holding them\n"
	      "  -S, --steps            list the significant steps, draw nothing\n"
	      "      --alpha Q          false discovery rate (default 0.05)\n"
	      "      --equivalence PCT  equivalence margin (default 2)\n"
	      "      --force            judge steps between tags of another CPU\n"
	      "                         model or aimkit build, with a warning line\n"
	      "  -h, --help             show this help and exit\n"
	      "  -V, --version          show the version and exit\n", f);
}

/* The options that parse a value. */
static int
value_option(int c, const char *arg, struct opts *o)
{
	double v;

	switch (c) {
	case 'z':
		if (strlen(arg) == 0 || strlen(arg) > 8 ||
		    strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789") != strlen(arg))
			return cli_bad_usage("--size: not a size of the mem family (4k, 1m, 2m, llc, 2g)");
		o->size = arg;
		break;
	case 't':
		if (cli_parse_tests(arg, &o->want, &o->sel.n_want) != CLI_OK)
			return CLI_USER;
		o->sel.want = o->want;
		return CLI_OK;
	case 'O':
		if (tagorder_mode_parse(arg, &o->sel.order) < 0)
			return cli_bad_usage("--order: unknown order '%s' (version, date, given)",
					 arg);
		break;
	case 'a':
		if (cli_parse_real(arg, 0.0, 0.5, &v) < 0 || v == 0.0)
			return cli_bad_usage("--alpha: not a number between 0 and 0.5: '%s'",
					 arg);
		o->sel.stats.alpha = v;
		break;
	case 'e':
		if (cli_parse_real(arg, 0.0, 100.0, &v) < 0)
			return cli_bad_usage("--equivalence: not a percentage from 0 to 100: '%s'",
					 arg);
		o->sel.stats.equiv = v / 100.0;
		break;
	default:
		return cli_bad_usage("bad option");
	}
	return CLI_OK;
}

static int
one_option(int c, const char *arg, void *data)
{
	struct opts *o = data;

	switch (c) {
	case 'd':
		o->db = arg;
		break;
	case 'o':
		o->output = arg;
		break;
	case 'f':
		o->format = arg;
		break;
	case 's':
		o->script = arg;
		break;
	case 'T':
		o->title = arg;
		break;
	case 'r':
		o->relative = 1;
		break;
	case 'S':
		o->steps = 1;
		break;
	case 'c':
		o->scaling = 1;
		break;
	case 'H':
		o->sel.host = arg;
		break;
	case 'L':
		o->latency = 1;
		break;
	case 'F':
		o->sel.force = 1;
		break;
	default:
		return value_option(c, arg, o);
	}
	return CLI_OK;
}

/* Returns -1 when --help or --version was handled, else an exit status. */
static int
parse_options(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "tests", required_argument, NULL, 't' },
		{ "order", required_argument, NULL, 'O' },
		{ "relative", no_argument, NULL, 'r' },
		{ "script", required_argument, NULL, 's' },
		{ "title", required_argument, NULL, 'T' },
		{ "steps", no_argument, NULL, 'S' },
		{ "scaling", no_argument, NULL, 'c' },
		{ "latency", no_argument, NULL, 'L' },
		{ "size", required_argument, NULL, 'z' },
		{ "host", required_argument, NULL, 'H' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "equivalence", required_argument, NULL, 'e' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.prog = "aimplot", .shortopts = ":d:o:f:t:O:rs:T:ShV",
		.longopts = longopts, .usage = usage, .one = one_option,
		.data = o,
	};
	int rc = cli_parse(argc, argv, &p);

	if (rc != CLI_OK)
		return rc;
	o->sel.tags = argv + optind;
	o->sel.n_tags = (size_t)(argc - optind);
	if (o->scaling && (o->steps || o->relative || o->sel.n_want > 0 ||
			   o->sel.n_tags == 0))
		return cli_bad_usage("--scaling: give one TAG or more, without --steps, --relative or --tests");
	if (o->latency && (o->scaling || o->steps || o->relative ||
			   o->sel.n_want > 0 || o->sel.n_tags == 0))
		return cli_bad_usage("--latency: give one TAG or more, without --scaling, --steps, --relative or --tests");
	if (o->size != NULL && !o->latency)
		return cli_bad_usage("--size: only with --latency");
	return CLI_OK;
}

/*
 * The picture: a file whose extension names the format, or a directory
 * (ending in '/', or existing) for one file per test.
 */
static int
output_setup(const struct opts *o, struct plot_opts *po)
{
	size_t len = strlen(o->output);
	struct stat sb;
	const struct plot_term *ext;

	po->output = o->output;
	/* A kept script names the picture: it must be one line. */
	for (const char *p = o->output; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return cli_bad_usage("--output: the name holds a control character");
	po->per_test = (len > 0 && o->output[len - 1] == '/') ||
		       (stat(o->output, &sb) == 0 && S_ISDIR(sb.st_mode));
	po->term = plot_terms[0];
	if (o->format != NULL && (po->term = plot_term_find(o->format)) == NULL)
		return cli_bad_usage("--format: unknown format '%s' (png, svg, pdf)",
				     o->format);
	if (po->per_test)
		return CLI_OK;
	if (plot_term_from_path(o->output, &ext) < 0)
		return cli_bad_usage("--output: %s: name a .png, .svg or .pdf file, or a directory ending in /",
				 o->output);
	if (o->format != NULL && ext != po->term)
		return cli_bad_usage("--format %s does not match --output %s",
				 o->format, o->output);
	po->term = ext;
	return CLI_OK;
}

/* Through a temporary file: the old script stays whole until the end. */
static int
write_script_file(const char *path, const struct plot_model *m,
		  const struct plot_opts *po)
{
	struct outfile out;
	FILE *f;

	if (dbpath_spares(path, po->keep) < 0) {
		aim_warn("--script: %s: is the database being read", path);
		return CLI_USER;
	}
	if (outfile_open(&out, path) < 0) {
		aim_warn_errno("--script: %s", path);
		return CLI_ENV;
	}
	f = outfile_stream(&out);
	if (f == NULL || plot_write_script(f, m, po) < 0) {
		aim_warn_errno("--script: %s", path);
		outfile_discard(&out);
		return CLI_ENV;
	}
	if (outfile_commit(&out) < 0) {
		aim_warn_errno("--script: %s", path);
		return CLI_ENV;
	}
	return CLI_OK;
}

static int
make_dir(const char *dir)
{
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return CLI_OK;
	aim_warn_errno("--output: %s", dir);
	return CLI_ENV;
}

/*
 * Refused before anything is written: a picture that would replace the
 * database being read.  plot_run() checks again as it opens them.
 */
static int
pictures_spare_db(const struct plot_model *m, const struct plot_opts *po)
{
	size_t n = plot_pictures(m, po);
	int rc = CLI_OK;

	for (size_t k = 0; rc == CLI_OK && k < n; k++) {
		char *path = plot_picture_path(m, po, k);

		if (dbpath_spares(path, po->keep) < 0) {
			aim_warn("--output: %s: is the database being read",
				 path);
			rc = CLI_USER;
		}
		free(path);
	}
	return rc;
}

/* The model of --scaling (PS) or --latency (PL) from the loaded TAGS; 0 or -1. */
static int
build_by_tags(struct db *db, const struct opts *o, struct query_tag *tags,
	      size_t n, struct plot_scaling *ps, struct plot_latency *pl,
	      struct plot_opts *po)
{
	if (o->scaling) {
		plot_scaling_build(tags, n, ps);
		po->title = o->title != NULL ? o->title : "operation rate against copies";
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (query_load_hists(db, tags[i].results, tags[i].n_results) != 0)
			return -1;
	plot_latency_build(tags, (const char *const *)o->sel.tags, n,
			   o->size != NULL ? o->size : "4k", pl);
	po->title = o->title != NULL ? o->title : "per-call times";
	return 0;
}

/*
 * --scaling: the loaded TAGS' rates against their copy counts;
 * --latency: their per-call distributions.
 */
static int
draw_by_tags(struct db *db, const char *path, const struct opts *o,
	     struct plot_opts *po)
{
	struct query_tag *tags = xcalloc(o->sel.n_tags, sizeof(*tags));
	struct plot_scaling ps = { 0 };
	struct plot_latency pl = { 0 };
	struct plot_model m = { .scaling = o->scaling ? &ps : NULL,
				.latency = o->scaling ? NULL : &pl };
	size_t n = 0;
	int rc = po->per_test ? cli_bad_usage("%s: one picture (.png, .svg or .pdf)",
					      o->scaling ? "--scaling" : "--latency") :
		 CLI_OK;

	for (; rc == CLI_OK && n < o->sel.n_tags; n++)
		if (query_tag_load(db, o->sel.tags[n], NULL, 0, o->sel.host,
				   &tags[n]) < 0)
			rc = CLI_ENV;
	for (size_t i = 0; rc == CLI_OK && i < n; i++)
		if (tags[i].n_runs == 0)
			rc = o->sel.host != NULL ?
			     query_no_runs(tags[i].tag, o->sel.host, path) :
			     cli_bad_usage("no runs tagged '%s'", tags[i].tag);
	/* A point per count: threads and processes cannot share it (aimcmp). */
	if (rc == CLI_OK && o->scaling && compare_mode_mixed(tags, n) != NULL)
		rc = cli_bad_usage("--scaling: %s holds copies run as threads and as processes (aimrun --threads): give them tags of their own",
				   compare_mode_mixed(tags, n));
	if (rc == CLI_OK && build_by_tags(db, o, tags, n, &ps, &pl, po) != 0)
		rc = CLI_ENV;
	if (rc == CLI_OK)
		rc = pictures_spare_db(&m, po);
	if (rc == CLI_OK && o->script != NULL)
		rc = write_script_file(o->script, &m, po);
	if (rc == CLI_OK && plot_run(plot_run_gnuplot(), &m, po) < 0)
		rc = CLI_ENV;
	plot_scaling_free(&ps);
	plot_latency_free(&pl);
	for (size_t i = 0; i < n; i++) {
		query_hists_free(tags[i].results, tags[i].n_results);
		query_tag_free(&tags[i]);
	}
	free(tags);
	return rc;
}

/* The listing of the steps, or the picture with the steps marked. */
static int
draw(const struct opts *o, struct plot_opts *po, struct series_db *sd)
{
	char *title = NULL;
	int rc = CLI_OK;

	if (o->steps) {
		if (series_db_text(stdout, sd) < 0) {
			aim_warn_errno("stdout");
			return CLI_ENV;
		}
		return cli_close_stdout();
	}
	/* The listing says them in its header; a picture cannot. */
	for (size_t i = 0; i < sd->n_notes; i++)
		aim_warn("warning: %s", sd->notes[i]);
	plot_model_mark(&sd->model, &sd->steps);
	if (o->sel.n_tags == 0)
		plot_say_window(&sd->model, PLOT_LAST_TAGS);
	title = o->title ? xstrdup(o->title) :
		plot_default_title(sd->tags, sd->n_tags, o->relative);
	po->title = title;
	po->relative = o->relative;
	po->alpha = o->sel.stats.alpha;
	rc = pictures_spare_db(&sd->model, po);
	if (rc == CLI_OK)
		plot_say_pages(&sd->model, po);
	if (rc == CLI_OK && o->script != NULL)
		rc = write_script_file(o->script, &sd->model, po);
	if (rc == CLI_OK && po->per_test)
		rc = make_dir(po->output);
	if (rc == CLI_OK && plot_run(plot_run_gnuplot(), &sd->model, po) < 0)
		rc = CLI_ENV;
	free(title);
	return rc;
}

int
main(int argc, char **argv)
{
	struct opts o = { .output = "aimplot.png",
			  .sel.order = TAGORDER_VERSION };
	struct plot_opts po = { .term = plot_terms[0] };
	struct store *st = NULL;
	char *path = NULL;
	int rc;

	log_set_program("aimplot");
	stats_opts_default(&o.sel.stats);
	rc = parse_options(argc, argv, &o);
	if (rc < 0)
		return cli_close_stdout();
	if (rc == CLI_OK && !o.steps)
		rc = output_setup(&o, &po);
	if (rc == CLI_OK) {
		path = cli_db_path(o.db);
		rc = path == NULL ? CLI_USER : CLI_OK;
	}
	po.keep = path;
	if (rc == CLI_OK)
		st = cli_open(path, STORE_RO, &rc);
	if (st != NULL && (o.scaling || o.latency)) {
		rc = draw_by_tags(store_db(st), path, &o, &po);
		store_close(st);
	} else if (st != NULL) {
		struct series_db sd;

		rc = series_db_load(store_db(st), path, &o.sel, &sd);
		if (rc == CLI_OK)
			rc = draw(&o, &po, &sd);
		series_db_free(&sd);
		store_close(st);
	}
	free(path);
	cli_tests_free(o.want, o.sel.n_want);
	return rc;
}
