// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb: look after the results database.  Parses the options that come
 * before the verb (--db), then hands the rest to the verb's function.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dbpath.h"
#include "dbtarget.h"
#include "log.h"
#include "tag.h"
#include "xalloc.h"

struct verb {
	const char *name;
	int (*fn)(const struct aimdb *a, int argc, char **argv);
};

static const struct verb verbs[] = {
	{ "check", aimdb_check },   { "diff", aimdb_diff },
	{ "export", aimdb_export },
	{ "import", aimdb_import }, { "list", aimdb_list },
	{ "merge", aimdb_merge },   { "push", aimdb_push },
	{ "rename", aimdb_rename }, { "rm", aimdb_rm },
	{ "show", aimdb_show },
};

static void
usage(FILE *f)
{
	fputs("Usage: aimdb [--db PATH] COMMAND [ARG]...\n"
	      "Look after the aimkit results database.\n"
	      "\n"
	      "  -d, --db PATH   results database (default: $AIM_DB, else\n"
	      "                  results/aim.db when ./results is yours, else\n"
	      "                  $XDG_DATA_HOME/aimkit/aim.db)\n"
	      "  -h, --help      show this help and exit\n"
	      "  -V, --version   show the version and exit\n"
	      "\n"
	      "Commands:\n"
	      "  list [--host NAME]            tags, runs, dates, kernels, hosts\n"
	      "  show [-r ID]... TAG           the classic AIM9 table of a tag\n"
	      "  import [-t TAG]... [-s] [-f KIND] [--again] [-n] FILE|DIR\n"
	      "                                store a classic report, a posted\n"
	      "                                comparison, mmtests or lkp-tests\n"
	      "                                results or an aimdb export\n"
	      "  export [-f csv|json] [-o FILE] [--lossy] [TAG]...\n"
	      "                                every fact of the tags (default all)\n"
	      "  merge [--lossy] OTHER.db [TAG]...\n"
	      "                                copy runs of another database\n"
	      "  push [--to TARGET] [--incomplete] [--lossy] [TAG]...\n"
	      "                                send complete runs to TARGET\n"
	      "  diff A B                      facts one database holds, the other not\n"
	      "  rm TAG...                     remove tags with all their runs\n"
	      "  rename OLD NEW                give the runs of OLD the tag NEW\n"
	      "  check                         schema, integrity, incomplete runs\n"
	      "\n"
	      "'aimdb COMMAND --help' describes one command.\n", f);
}

int
aimdb_usage_error(const char *verb, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* It may quote a tag or file name given by the user. */
	tag_printable(msg);
	aim_warn("%s: %s", verb, msg);
	return CLI_USER;
}

void
aimdb_no_tag(const char *tag, int with_runs, const char *db_path)
{
	char shown[64];

	/* A tag given on the command line may hold a newline or escapes. */
	aim_warn("%s: no such tag%s in %s",
		 tag_shown(tag, shown, sizeof(shown)),
		 with_runs ? " with those runs" : "", db_path);
}

int
aimdb_getopt(int argc, char **argv, const char *shortopts,
	     const struct option *longopts, const char *usage_text, int *done)
{
	/* Quiet getopt, so that cli_bad_option() says it in one line. */
	char *opts = xasprintf(":%s", shortopts);
	int c;

	opterr = 0;
	c = getopt_long(argc, argv, opts, longopts, NULL);
	free(opts);
	if (c == 'h') {
		fputs(usage_text, stdout);
		*done = 1;
		return -1;
	}
	if (c == '?' || c == ':') {
		/* Always CLI_USER; the verb stops on '?'. */
		(void)cli_bad_option(c, argv, longopts, argv[0]);
		return '?';
	}
	return c;
}

static int
run_verb(const char *db_opt, int argc, char **argv)
{
	struct aimdb a;
	char *path, shown[64], why[300];
	int rc;

	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (strcmp(argv[0], verbs[i].name) != 0)
			continue;
		path = cli_db_path(db_opt);
		if (path == NULL)
			return CLI_USER;
		/* A name SQLite would not read as a file is the user's mistake. */
		if (!db_target_is_postgres(path) &&
		    dbpath_check(path, why, sizeof(why)) < 0) {
			aim_warn("%s: %s", tag_shown(path, shown, sizeof(shown)),
				 why);
			free(path);
			return CLI_USER;
		}
		a.db_path = path;
		/* Each verb parses its own options from scratch. */
		optind = 0;
		rc = verbs[i].fn(&a, argc, argv);
		free(path);
		return rc;
	}
	/* One short line, whatever was typed. */
	aim_warn("unknown command '%s' (see aimdb --help)",
		 tag_shown(argv[0], shown, sizeof(shown)));
	return CLI_USER;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *db = NULL;
	int c, rc;

	log_set_program("aimdb");
	/* "+": stop at the verb, whose options are its own. */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:d:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'h':
			usage(stdout);
			return cli_close_stdout();
		case 'V':
			cli_version("aimdb");
			return cli_close_stdout();
		default:
			return cli_bad_option(c, argv, longopts, NULL);
		}
	}
	if (optind >= argc) {
		aim_warn("no command given (see aimdb --help)");
		return CLI_USER;
	}
	rc = run_verb(db, argc - optind, argv + optind);
	if (rc == CLI_OK)
		rc = cli_close_stdout();
	return rc;
}
