// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb import.  An import is parsed, made the runs it stores and
 * checked whole (record_check) before the database is opened, then
 * stored in one transaction: a bad file leaves the database file exactly
 * as it was.  And the tags a verb is given (aimdb_tags_given).
 */
#include "config.h"

#include "aimdb.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dbpath.h"
#include "export.h"
#include "import.h"
#include "import_int.h"
#include "infile.h"
#include "jsonout.h"
#include "log.h"
#include "outfile.h"
#include "query_admin.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

struct import_opts {
	char **tags;		/* --tag, in order */
	size_t n_tags;
	int split;
	int again;		/* --again: store content imported before */
	int dry_run;		/* --dry-run: show what would be stored */
	const struct importer *format;	/* NULL: detected */
	const char *file;
};

static const char import_usage[] =
	"Usage: aimdb import [-t TAG]... [-s] [-f KIND] [--again] [-n] FILE|DIR\n"
	"Store a classic AIM9 report (console table, logfile.suite9, suite9.ss),\n"
	"a posted comparison, mmtests or lkp-tests results (a file or a result\n"
	"directory, gzip or xz too) or an aimdb CSV or JSON export; FILE '-'\n"
	"reads standard input.  Without --tag or --split, what names a run in\n"
	"the file (its kernel, commit, column) tags it, said in a note.\n"
	"  -t, --tag TAG     tag of the next report in the file (repeatable)\n"
	"  -s, --split       take each report's tag from its title line\n"
	"  -f, --format KIND auto (default), csv, json, lkp, lkp-compare,\n"
	"                    mmtests, blocks, console, ss, logfile or lines\n"
	"  -a, --again       import a file whose content was imported before\n"
	"  -n, --dry-run     show what would be stored; the database is not opened\n";

static int
import_options(int argc, char **argv, struct import_opts *o, int *done)
{
	static const struct option longopts[] = {
		{ "tag", required_argument, NULL, 't' },
		{ "split", no_argument, NULL, 's' },
		{ "format", required_argument, NULL, 'f' },
		{ "again", no_argument, NULL, 'a' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*done = 0;
	while ((c = aimdb_getopt(argc, argv, "t:sf:anh", longopts, import_usage,
				 done)) != -1) {
		if (c == 'a') {
			o->again = 1;
		} else if (c == 'n') {
			o->dry_run = 1;
		} else if (c == 't') {
			o->tags = xrealloc(o->tags,
					   (o->n_tags + 1) * sizeof(*o->tags));
			o->tags[o->n_tags++] = optarg;
		} else if (c == 's') {
			o->split = 1;
		} else if (c == 'f') {
			char names[256];

			import_format_names(names, sizeof(names));
			if (import_format(optarg, &o->format) < 0)
				return aimdb_usage_error("import",
							 "--format: unknown kind '%s' (%s)",
							 optarg, names);
		} else {
			return CLI_USER;
		}
	}
	if (*done)
		return CLI_OK;
	if (argc - optind != 1)
		return aimdb_usage_error("import", "give one FILE");
	if (o->split && o->n_tags > 0)
		return aimdb_usage_error("import", "--tag and --split exclude each other");
	o->file = argv[optind];
	return CLI_OK;
}

/* TAG of report R, checked: CLI_OK, or CLI_USER after saying why. */
static int
check_tag(const struct import_file *f, const struct import_report *r,
	  const char *tag)
{
	char why[256], shown[64];

	if (tag_check(tag, why, sizeof(why)) == 0)
		return CLI_OK;
	/* It failed the check: show it safely. */
	aim_warn("%s:%d: tag '%s': %s", f->name, r->line,
		 tag_shown(tag, shown, sizeof(shown)), why);
	return CLI_USER;
}

/*
 * With neither --tag nor --split, report R is tagged by what names it in
 * the file, and a note on stderr says which tag and why.
 */
static int
named_tag(const struct import_file *f, const struct import_report *r,
	  char **tag)
{
	char shown[64];

	if (r->name == NULL) {
		aim_warn("%s:%d: nothing in the file names this report's run (no kernel in a machine's configuration or a mail's Subject, no title): give --tag%s",
			 f->name, r->line,
			 r->title != NULL ? ", or --split to use its title line" : "");
		return CLI_USER;
	}
	*tag = r->name;
	aim_warn("%s:%d: note: tagged %s, from %s", f->name, r->line,
		 tag_shown(r->name, shown, sizeof(shown)), r->name_how);
	return CLI_OK;
}

/* The tag of every report: from --tag, titles (--split), the file. */
static int
assign_tags(const struct import_opts *o, const struct import_file *f,
	    char **tags)
{
	/* aimkit's own exports, CSV or JSON, name the tag of every run. */
	int own = import_format_own_tags(f->format);

	if (own && o->split)
		return aimdb_usage_error("import", "--split applies to classic reports; an aimkit export names its tags");
	if (own && o->n_tags > 1)
		return aimdb_usage_error("import", "an aimkit export takes at most one --tag (it replaces every tag of the file)");
	if (!own && o->n_tags > 0 && o->n_tags != f->n_reports)
		return aimdb_usage_error("import",
					 "%s holds %zu report%s but %zu --tag given: give one --tag per report, in order, or --split",
					 f->name, f->n_reports,
					 f->n_reports == 1 ? "" : "s", o->n_tags);
	for (size_t i = 0; i < f->n_reports; i++) {
		const struct import_report *r = &f->reports[i];

		if (o->n_tags > 0) {
			tags[i] = o->tags[own ? 0 : i];
		} else if (own) {
			tags[i] = r->title;
		} else if (o->split) {
			tags[i] = r->title;
			if (tags[i] == NULL) {
				aim_warn("%s:%d: no title line before this report for --split",
					 f->name, r->line);
				return CLI_USER;
			}
		} else if (named_tag(f, r, &tags[i]) != CLI_OK) {
			return CLI_USER;
		}
		if (check_tag(f, r, tags[i]) != CLI_OK)
			return CLI_USER;
	}
	return CLI_OK;
}

/*
 * A FIFO or device would block or never end: regular files, or stdin;
 * or a directory of mmtests logs or an lkp run.
 */
static int
parse_file(const struct import_opts *o, struct import_file *f)
{
	FILE *in = stdin;
	const char *name = "(stdin)";
	char why[256];
	int rc;

	if (strcmp(o->file, "-") != 0) {
		/*
		 * A result directory, which may be named through a link;
		 * its members are opened without following any.
		 */
		int dfd = open(o->file, O_RDONLY | O_DIRECTORY | O_NONBLOCK |
						O_CLOEXEC);

		if (dfd >= 0) {
			rc = import_dir(dfd, o->file, o->format, f) < 0 ?
				     CLI_USER : CLI_OK;
			(void)close(dfd);	/* read-only */
			return rc;
		}
		name = o->file;
		in = infile_open(o->file, why, sizeof(why));
	} else if (infile_check_stdin(why, sizeof(why)) < 0) {
		in = NULL;
	}
	if (in == NULL) {
		aim_warn("%s: %s", name, why);
		return CLI_USER;
	}
	rc = import_parse(in, name, o->format, f) < 0 ? CLI_USER : CLI_OK;
	if (in != stdin && fclose(in) != 0 && rc == CLI_OK) {
		aim_warn_errno("%s", o->file);
		import_free(f);
		rc = CLI_USER;
	}
	return rc;
}

/*
 * The report, written out before the commit: when it cannot be, nothing
 * is stored and the exit status says so, so a retry never duplicates.
 */
static int
print_imported(const struct import_file *f, char *const *tags)
{
	for (size_t i = 0; i < f->n_reports; i++) {
		/* The file name is the user's, and any byte string. */
		fputs("imported ", stdout);
		tag_fput(stdout, f->name, 0);
		/* A document's runs (JSON) start on no line of their own. */
		if (f->reports[i].line > 0)
			printf(":%d", f->reports[i].line);
		fputs(" as ", stdout);
		tag_fput(stdout, tags[i], 0);
		printf(" (%zu results)\n", f->reports[i].run.n_results);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout: nothing imported");
		return CLI_ENV;
	}
	return CLI_OK;
}

/* "  WHAT VALUE" of a report's header field, when it has one. */
static void
dry_line(const char *what, const char *value)
{
	if (value == NULL)
		return;
	printf("  %s ", what);
	tag_fput(stdout, value, 0);
	putchar('\n');
}

/* " metrics NAME=VALUE ..." when the sample has any, and the line's end. */
static void
dry_metrics(const struct measure_metrics *m)
{
	char text[MEASURE_TEXT_MAX];

	if (measure_format(m, text, sizeof(text)) > 0)
		printf(" metrics %s", text);
	putchar('\n');
}

/* --dry-run: every tag, result and sample the import would store. */
static int
print_dry_run(const struct import_file *f, char *const *tags)
{
	char num[64];

	for (size_t i = 0; i < f->n_reports; i++) {
		const struct import_report *r = &f->reports[i];

		fputs("would import ", stdout);
		tag_fput(stdout, f->name, 0);
		printf(":%d as ", r->line);
		tag_fput(stdout, tags[i], 0);
		printf(" (%zu results)\n", r->run.n_results);
		dry_line("host", r->host);
		dry_line("configuration", r->configuration);
		for (size_t j = 0; j < r->run.n_env; j++) {
			fputs("  env ", stdout);
			tag_fput(stdout, r->run.env[j].key, 0);
			fputs(" = ", stdout);
			tag_fput(stdout, r->run.env[j].value, 0);
			putchar('\n');
		}
		for (size_t j = 0; j < r->run.n_results; j++) {
			const struct record_result *res = &r->run.results[j];

			printf("  %d %s rep %d %s factor %lu", res->number,
			       res->test, res->rep, res->status, res->factor);
			if (res->reason != NULL) {
				fputs(" reason ", stdout);
				tag_fput(stdout, res->reason, 0);
			}
			putchar('\n');
			for (size_t k = 0; k < res->n_samples; k++) {
				const struct measure_sample *s = &res->samples[k];

				printf("    calls %lld elapsed_ns %lld ops/s %s",
				       (long long)s->calls, (long long)s->elapsed_ns,
				       s->printed_ops >= 0 ? jsonout_shortest(s->printed_ops,
									      num, sizeof(num)) : "-");
				dry_metrics(&s->m);
			}
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout");
		return CLI_ENV;
	}
	return CLI_OK;
}

/*
 * Refuse the runs of F whose uuid ST holds (one line naming FILE, the
 * uuid and its tag: CLI_USER), or with AGAIN give them new uuids.
 * CLI_OK, or CLI_ENV after reporting.
 */
static int
uuids_seen(struct store *st, struct import_file *f, int again,
	   const char *file)
{
	char shown[64], *tag;

	for (size_t i = 0; i < f->n_reports; i++) {
		struct record_run *run = &f->reports[i].run;
		int found;

		if (run->uuid == NULL)
			continue;
		found = query_run_uuid(store_db(st), run->uuid, &tag);
		if (found < 0)
			return CLI_ENV;
		if (found && !again) {
			aim_warn("import: %s: run %s (tag %s) is already stored; "
				 "--again stores a copy under a new uuid", file,
				 run->uuid, tag_shown(tag != NULL ? tag : "",
						      shown, sizeof(shown)));
			free(tag);
			return CLI_USER;
		}
		if (found)	/* --again: the copy is a run of its own */
			run->uuid = NULL;
		free(tag);
	}
	return CLI_OK;
}

/* Refuse content stored before unless --again.  CLI_OK to go on. */
static int
import_seen(const struct import_opts *o, struct store *st, const char *hash)
{
	struct query_import_hit hit;
	char shown[64];
	int found = query_import_find(store_db(st), hash, &hit);

	if (found <= 0)
		return found < 0 ? CLI_ENV : CLI_OK;
	if (o->again) {
		query_import_hit_free(&hit);
		return CLI_OK;
	}
	aim_warn("import: %s: already imported as run %lld (tag %s, %s); "
		 "--again imports it anyway", o->file, (long long)hit.run_id,
		 tag_shown(hit.tag != NULL ? hit.tag : "", shown, sizeof(shown)),
		 hit.started_utc != NULL ? hit.started_utc : "-");
	query_import_hit_free(&hit);
	return CLI_USER;
}

/*
 * Refuse a run of F whose content ST holds under any tag (one line naming
 * FILE, the run and its tag: CLI_USER) unless --again.  CLI_OK to go on.
 */
static int
content_seen(const struct import_opts *o, struct store *st,
	     const struct import_file *f)
{
	char shown[64], *tag;
	int64_t id;

	for (size_t i = 0; i < f->n_reports && !o->again; i++) {
		int found = query_run_same(store_db(st), &f->reports[i].run,
					   &id, &tag);

		if (found < 0)
			return CLI_ENV;
		if (found) {
			aim_warn("import: %s: already stored as run %lld (tag %s); "
				 "--again imports it anyway", o->file,
				 (long long)id, tag_shown(tag, shown,
							  sizeof(shown)));
			free(tag);
			return CLI_USER;
		}
	}
	return CLI_OK;
}

/* Store F and the report in one transaction of ST. */
static int
import_into(const struct aimdb *a, const struct import_opts *o,
	    struct store *st, struct import_file *f, char *const *tags)
{
	int rc = CLI_OK;

	/* The checks and the writes they allow are one step: the lock first. */
	if (store_begin(st) < 0 || store_lock_identity(st) < 0) {
		aim_warn("%s: %s", a->db_path, store_errmsg(st));
		store_rollback(st);
		return CLI_ENV;
	}
	rc = uuids_seen(st, f, o->again, o->file);
	if (rc == CLI_OK)
		rc = import_seen(o, st, f->sha256);
	if (rc == CLI_OK)
		rc = content_seen(o, st, f);
	if (rc == CLI_OK && import_store(st, a->db_path, f) < 0)
		rc = CLI_ENV;
	if (rc == CLI_OK)
		rc = print_imported(f, tags);
	if (rc == CLI_OK && store_commit(st) < 0) {
		aim_warn("%s: %s", a->db_path, store_errmsg(st));
		rc = CLI_ENV;
	}
	store_rollback(st);	/* a no-op after the commit */
	return rc;
}

int
aimdb_import(const struct aimdb *a, int argc, char **argv)
{
	struct import_opts o = { .format = NULL };
	struct import_file f;
	struct store *st;
	char **tags = NULL;
	int done, rc = import_options(argc, argv, &o, &done);

	if (rc == CLI_OK && !done)
		rc = parse_file(&o, &f);
	if (rc != CLI_OK || done) {
		free(o.tags);
		return rc;
	}
	tags = xcalloc(f.n_reports, sizeof(*tags));
	rc = assign_tags(&o, &f, tags);
	/* What the file says, before the import adds its own facts. */
	if (rc == CLI_OK && o.dry_run)
		rc = print_dry_run(&f, tags);
	/* Every run made what it is stored as, and checked, first. */
	if (rc == CLI_OK && import_finish(&f, tags, f.name) < 0)
		rc = CLI_USER;
	/* Only a file that parsed whole gets near the database. */
	if (rc == CLI_OK && !o.dry_run &&
		   (st = cli_open(a->db_path, STORE_RW, &rc)) != NULL) {
		rc = import_into(a, &o, st, &f, tags);
		store_close(st);
	}
	free(tags);
	import_free(&f);
	free(o.tags);
	return rc;
}

int
aimdb_tags_given(const char *db_name, struct store *st, int argc, char **argv,
		 char ***tags, size_t *n)
{
	if (optind == argc)
		return query_tags(store_db(st), tags, n) < 0 ? CLI_ENV
								 : CLI_OK;
	*tags = xcalloc((size_t)(argc - optind), sizeof(**tags));
	*n = 0;
	for (int i = optind; i < argc; i++) {
		int64_t runs;

		(*tags)[(*n)++] = xstrdup(argv[i]);
		if (query_tag_runs(store_db(st), argv[i], &runs) < 0)
			return CLI_ENV;
		if (runs == 0) {
			aimdb_no_tag(argv[i], 0, db_name);
			return CLI_USER;
		}
	}
	return CLI_OK;
}
