// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan run: the next step of the open plan under the machine's plan
 * lock, on this machine (plan_step with plan_boot.c's driver) or, for a
 * plan of virtual machines, every boot it still needs (plan_vm.c); and
 * the states a user sets (pause, resume, cancel).
 */
#include "config.h"

#include "aimplan.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "log.h"
#include "plan_boot.h"
#include "plan_sys.h"
#include "plan_vm.h"
#include "store.h"
#include "xalloc.h"

static const char run_usage[] =
	"Usage: aimplan run [--at-boot]\n"
	"The open plan's next step: check the running kernel is the one its\n"
	"order expects, run its block (aimrun under its tag), then boot the\n"
	"next kernel (--reboot plans) or say which to boot.  A plan via vm\n"
	"runs every boot still to come, each a fresh qemu guest.\n"
	"\n"
	"      --at-boot  run by the boot unit: disable it when no plan is\n"
	"                 open or the plan ends\n"
	"  -h, --help     show this help\n";

static int
step_status(enum plan_step_result r, int at_boot)
{
	switch (r) {
	case PLAN_STEP_NONE:
		if (!at_boot) {
			aim_warn("run: no open plan");
			return CLI_USER;
		}
		printf("no open plan\n");
		break;
	case PLAN_STEP_PAUSED:
		return AIMPLAN_PAUSED;
	case PLAN_STEP_ERROR:
		return CLI_ENV;
	case PLAN_STEP_NEXT:
	case PLAN_STEP_BOOTING:
	case PLAN_STEP_ENDED:
		break;
	}
	return CLI_OK;
}

/* The step, this machine's or the guests'. */
static int
step(const struct aimplan *a, struct store *st, int at_boot)
{
	struct plan_machine m = { .db = a->db_path, .at_boot = at_boot };
	struct plan_driver d;
	enum plan_step_result r;
	char err[512];
	int64_t id = 0;
	struct plan p;
	int vm = 0;

	if (store_plan_open_id(store_db(st), &id) == 0 && id > 0 &&
	    store_plan_load(store_db(st), id, &p) == 0) {
		vm = p.via == PLAN_VIA_VM && p.state == PLAN_ACTIVE;
		store_plan_free(&p);
	}
	plan_machine_driver(&m, &d);
	r = vm ? plan_vm_run(st, a->db_path, &d, err, sizeof(err)) :
		 plan_step(st, &d, err, sizeof(err));
	if (r == PLAN_STEP_ERROR)
		aim_warn("%s", err);
	return step_status(r, at_boot);
}

int
aimplan_run(const struct aimplan *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "at-boot", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	struct store *st;
	char err[512];
	int c, rc, lock, at_boot = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(run_usage, stdout);
			return CLI_OK;
		}
		if (c != 'b')
			return cli_bad_option(c, argv, longopts, argv[0]);
		at_boot = 1;
	}
	if (optind < argc)
		return cli_bad_usage("run: unexpected argument '%s'",
				     argv[optind]);
	lock = plan_lock(err, sizeof(err));
	if (lock < 0) {
		aim_warn("run: %s", err);
		return CLI_ENV;
	}
	st = cli_open(a->db_path, STORE_RW, &rc);
	if (st != NULL) {
		rc = step(a, st, at_boot);
		store_close(st);
	}
	(void)close(lock);	/* the lock goes with it; nothing to flush */
	return rc;
}
