// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan: boots as the unit of a kernel comparison.  A plan alternates
 * kernels across boots in a balanced random order, runs one aimrun block
 * per boot, and ends when its trials are done or its answer is decided
 * (doc/plans.md).  Parses the options before the verb (--db), then
 * hands the rest to the verb.
 */
#include "config.h"

#include "aimplan.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "db.h"
#include "log.h"
#include "store.h"
#include "tag.h"

struct verb {
	const char *name;
	int (*fn)(const struct aimplan *a, int argc, char **argv);
};

static const struct verb verbs[] = {
	{ "cancel", aimplan_cancel }, { "new", aimplan_new },
	{ "pause", aimplan_pause },   { "resume", aimplan_resume },
	{ "run", aimplan_run },	      { "show", aimplan_show },
};

static void
usage(FILE *f)
{
	fputs("Usage: aimplan [--db PATH] COMMAND [ARG]...\n"
	      "Compare kernels across boots: a plan boots each kernel in turn,\n"
	      "in a random order per trial, and runs aimrun in every boot.\n"
	      "\n"
	      "  -d, --db PATH   results database (default: $AIM_DB, else\n"
	      "                  results/aim.db when ./results is yours, else\n"
	      "                  $XDG_DATA_HOME/aimkit/aim.db)\n"
	      "  -h, --help      show this help and exit\n"
	      "  -V, --version   show the version and exit\n"
	      "\n"
	      "Commands:\n"
	      "  new --kernel TAG [HOW]... --kernel TAG [HOW]... [OPTION]...\n"
	      "                  make the plan (one open at a time)\n"
	      "  run [--at-boot] the next step: check the running kernel, run\n"
	      "                  its block, boot or name the next (a vm plan:\n"
	      "                  every boot, each a fresh guest)\n"
	      "  show [ID]       a plan, its order and progress (default: the\n"
	      "                  open one, else the last)\n"
	      "  pause, resume, cancel\n"
	      "                  stop the open plan, go on, or end it\n"
	      "\n"
	      "'aimplan COMMAND --help' describes one command.\n", f);
}

/* The open plan of ST into P: CLI_OK, or CLI_USER when there is none. */
static int
load_open(struct store *st, struct plan *p)
{
	int64_t id = 0;

	if (store_plan_open_id(store_db(st), &id) < 0 ||
	    (id > 0 && store_plan_load(store_db(st), id, p) != 0)) {
		aim_warn("cannot read the plans: %s", db_errmsg(store_db(st)));
		return CLI_ENV;
	}
	if (id == 0) {
		aim_warn("no open plan");
		return CLI_USER;
	}
	return CLI_OK;
}

/* A verb without options but --help. */
static int
bare_verb(int argc, char **argv, const char *help)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(help, stdout);
			return -1;
		}
		return cli_bad_option(c, argv, longopts, argv[0]);
	}
	if (optind < argc)
		return cli_bad_usage("%s: unexpected argument '%s'", argv[0],
				     argv[optind]);
	return CLI_OK;
}

/* pause, resume, cancel: the open plan's state, said and logged. */
static int
set_state(const struct aimplan *a, int argc, char **argv, enum plan_state to)
{
	struct store *st;
	struct plan p;
	char line[128];
	int rc = bare_verb(argc, argv, to == PLAN_PAUSED ?
			   "Usage: aimplan pause\nStop the open plan after "
			   "its current step.\n" : to == PLAN_ACTIVE ?
			   "Usage: aimplan resume\nGo on with the paused "
			   "plan: its failed boot is tried again.\n" :
			   "Usage: aimplan cancel\nEnd the open plan; its "
			   "runs stay.\n");

	if (rc != CLI_OK)
		return rc < 0 ? CLI_OK : rc;
	st = cli_open(a->db_path, STORE_EDIT, &rc);
	if (st == NULL)
		return rc;
	rc = load_open(st, &p);
	if (rc == CLI_OK) {
		rc = plan_set_state(st, &p, to, line, sizeof(line));
		if (rc != 0)
			aim_warn("%s: %s", argv[0], line);
		else
			printf("%s\n", line);
		rc = rc < 0 ? CLI_ENV : rc > 0 ? CLI_USER : CLI_OK;
		store_plan_free(&p);
	}
	store_close(st);
	return rc;
}

int
aimplan_pause(const struct aimplan *a, int argc, char **argv)
{
	return set_state(a, argc, argv, PLAN_PAUSED);
}

int
aimplan_resume(const struct aimplan *a, int argc, char **argv)
{
	return set_state(a, argc, argv, PLAN_ACTIVE);
}

int
aimplan_cancel(const struct aimplan *a, int argc, char **argv)
{
	return set_state(a, argc, argv, PLAN_CANCELLED);
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
	const struct aimplan a = { .db_path = db_path };

	return verbs[verb].fn(&a, argc, argv);
}

int
main(int argc, char **argv)
{
	static const struct cli_verbs v = {
		.prog = "aimplan", .usage = usage, .find = find, .run = run,
	};

	return cli_verbs_main(argc, argv, &v);
}
