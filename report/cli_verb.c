// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main() of a program of verbs (aimdb, aimplan): the options before
 * the verb, the database resolved and checked once, the verb's own
 * arguments handed on (report/cli.h, struct cli_verbs).
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "dbpath.h"
#include "dbtarget.h"
#include "log.h"
#include "tag.h"

static int
run_verb(const struct cli_verbs *v, const char *db_opt, int argc, char **argv)
{
	int verb = v->find(argv[0]);
	char *path, shown[64], why[300];
	int rc;

	if (verb < 0) {
		/* One short line, whatever was typed. */
		aim_warn("unknown command '%s' (see %s --help)",
			 tag_shown(argv[0], shown, sizeof(shown)), v->prog);
		return CLI_USER;
	}
	path = cli_db_path(db_opt);
	if (path == NULL)
		return CLI_USER;
	/* A name SQLite would not read as a file is the user's mistake. */
	if (!db_target_is_postgres(path) &&
	    dbpath_check(path, why, sizeof(why)) < 0) {
		aim_warn("%s: %s", tag_shown(path, shown, sizeof(shown)), why);
		free(path);
		return CLI_USER;
	}
	/* Each verb parses its own options from scratch. */
	optind = 0;
	rc = v->run(verb, path, argc, argv);
	free(path);
	return rc;
}

int
cli_verbs_main(int argc, char **argv, const struct cli_verbs *v)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *db = NULL;
	int c, rc;

	log_set_program(v->prog);
	/* "+": stop at the verb, whose options are its own. */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:d:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'h':
			v->usage(stdout);
			return cli_close_stdout();
		case 'V':
			cli_version(v->prog);
			return cli_close_stdout();
		default:
			return cli_bad_option(c, argv, longopts, NULL);
		}
	}
	if (optind >= argc) {
		aim_warn("no command given (see %s --help)", v->prog);
		return CLI_USER;
	}
	rc = run_verb(v, db, argc - optind, argv + optind);
	if (rc == CLI_OK)
		rc = cli_close_stdout();
	return rc;
}
