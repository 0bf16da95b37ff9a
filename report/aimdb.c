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
	      "  list [--host NAME] [--since DATE] [--limit N] [PATTERN]\n"
	      "                                runs, newest first: tags, dates,\n"
	      "                                kernels, hosts, counts\n"
	      "  show [-r ID]... TAG           the classic AIM9 table of a tag\n"
	      "  import [-t TAG]... [-s] [-f KIND] [--again] [-n] FILE|DIR\n"
	      "                                store a classic report, a posted\n"
	      "                                comparison, mmtests or lkp-tests\n"
	      "                                results or an aimdb export\n"
	      "  export [-f csv|json] [-o FILE] [--lossy] [TAG]...\n"
	      "                                every fact of the tags (default all)\n"
	      "  merge [--lossy] OTHER.db [TAG]...\n"
	      "                                copy runs of another database\n"
	      "  push [--to TARGET] [--incomplete] [--lossy] [--jobs N] [TAG]...\n"
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
find(const char *name)
{
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strcmp(name, verbs[i].name) == 0)
			return (int)i;
	return -1;
}

static int
run(int verb, const char *db_path, int argc, char **argv)
{
	const struct aimdb a = { .db_path = db_path };

	return verbs[verb].fn(&a, argc, argv);
}

int
main(int argc, char **argv)
{
	static const struct cli_verbs v = {
		.prog = "aimdb", .usage = usage, .find = find, .run = run,
	};

	return cli_verbs_main(argc, argv, &v);
}
