// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb export: the options, the tags, and the output, standard output
 * or a file written under a temporary name and renamed into place, so a
 * failed export leaves no file behind; what is written, export.c says.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dbpath.h"
#include "export.h"
#include "log.h"
#include "outfile.h"
#include "query_admin.h"
#include "store.h"

static const char export_usage[] =
	"Usage: aimdb export [-f csv|json] [-o FILE] [--lossy] [TAG]...\n"
	"Every fact of the tags' runs (all tags when none is given): each run,\n"
	"its environment, results, samples, metrics and histograms, which\n"
	"aimdb import reads back into the same runs.\n"
	"  -f, --format FMT  csv (default: one record per sample, run, fact and\n"
	"                    bucket) or json (one document)\n"
	"  -o, --output FILE write to FILE instead of standard output\n"
	"  -l, --lossy       write runs no import takes back whole as well as\n"
	"                    the format can, instead of stopping at the first\n";

struct export_opts {
	enum export_format format;
	int lossy;
	const char *output;
};

static int
export_options(int argc, char **argv, struct export_opts *o, int *done)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "lossy", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*done = 0;
	while ((c = aimdb_getopt(argc, argv, "f:o:lh", longopts, export_usage,
				 done)) != -1) {
		if (c == 'o') {
			o->output = optarg;
		} else if (c == 'l') {
			o->lossy = 1;
		} else if (c == 'f' && (strcmp(optarg, "csv") == 0 ||
					strcmp(optarg, "json") == 0)) {
			o->format = strcmp(optarg, "json") == 0 ? EXPORT_JSON :
								   EXPORT_CSV;
		} else if (c == 'f') {
			return aimdb_usage_error("export",
						 "--format: '%s' is neither csv nor json",
						 optarg);
		} else {
			return CLI_USER;
		}
	}
	return CLI_OK;
}

/* Standard output, or FILE through a temporary file renamed into place. */
static int
write_export(const struct export_opts *o, struct store *st, char **tags,
	     size_t n, const char *db_path)
{
	struct outfile file;
	FILE *out = stdout;
	const char *name = o->output != NULL ? o->output : "stdout";
	int rc;

	if (o->output != NULL && dbpath_spares(o->output, db_path) < 0) {
		aim_warn("%s: is the database being read", o->output);
		return CLI_USER;
	}
	if (o->output != NULL) {
		if (outfile_open(&file, o->output) < 0 ||
		    (out = outfile_stream(&file)) == NULL) {
			aim_warn_errno("%s", o->output);
			if (out == NULL)
				outfile_discard(&file);
			return CLI_ENV;
		}
	}
	rc = export_write(out, o->format, store_db(st), tags, n, o->lossy);
	if (rc == -2)
		aim_warn_errno("%s", name);
	/* A run no import takes back is the user's to allow: exit 1. */
	rc = rc == 0 ? CLI_OK : rc == -3 ? CLI_USER : CLI_ENV;
	if (out == stdout)
		return rc;
	if (rc != CLI_OK) {
		outfile_discard(&file);
		return rc;
	}
	if (outfile_commit(&file) < 0) {
		aim_warn_errno("%s", name);
		return CLI_ENV;
	}
	return CLI_OK;
}

int
aimdb_export(const struct aimdb *a, int argc, char **argv)
{
	struct export_opts o = { 0 };
	struct store *st;
	char **tags = NULL;
	size_t n = 0;
	int done, rc = export_options(argc, argv, &o, &done);

	if (rc != CLI_OK || done)
		return rc;
	st = cli_open(a->db_path, STORE_RO, &rc);
	if (st == NULL)
		return rc;
	/* One moment of the database, even while aimrun stores results. */
	if (store_snapshot(st) < 0) {
		aim_warn("%s: %s", a->db_path, store_errmsg(st));
		store_close(st);
		return CLI_ENV;
	}
	rc = aimdb_tags_given(a->db_path, st, argc, argv, &tags, &n);
	if (rc == CLI_OK)
		rc = write_export(&o, st, tags, n, a->db_path);
	query_tags_free(tags, n);
	store_close(st);
	return rc;
}
