// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan show: a plan as stored, its kernels, its order trial by trial
 * with each boot's progress, and its log.  Every string from the
 * database reaches the terminal through tag_fput().
 */
#include "config.h"

#include "aimplan.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "db.h"
#include "log.h"
#include "parse.h"
#include "store.h"
#include "tag.h"

static const char show_usage[] =
	"Usage: aimplan show [ID]\n"
	"A plan, its kernels, its order with each boot's progress, and its\n"
	"log (default: the open plan, else the last one).\n";

/* " LABEL TEXT", TEXT from the database made printable; nothing if NULL. */
static void
field(const char *label, const char *text)
{
	if (text == NULL)
		return;
	printf(" %s ", label);
	tag_fput(stdout, text, 0);
}

static void
print_target(const struct plan *p)
{
	if (p->target == PLAN_TARGET_TRIALS)
		printf("%d trials", p->trials);
	else if (p->target == PLAN_TARGET_PRECISION)
		printf("intervals within +/-%.2f %%, %d trials planned, budget "
		       "%d", p->target_pct, p->trials, p->budget);
	else
		printf("until decided (equivalence +/-%.2f %%), %d trials "
		       "planned, budget %d", p->target_pct, p->trials,
		       p->budget);
}

static void
print_block(const struct plan *p)
{
	printf("block:");
	field("--suite", p->suite);
	field("--tests", p->tests);
	if (!isnan(p->duration_s))
		printf(" --duration %g", p->duration_s);
	printf(" --runs %d", p->runs);
	field("--dir", p->dir);
	if (p->via == PLAN_VIA_VM)
		printf("; guests of %d MiB, %d CPUs, %s", p->vm_memory_mib,
		       p->vm_cpus, p->accel != NULL ? p->accel :
		       "accelerator chosen at the first boot");
	printf("\n");
}

static void
print_boot(const struct plan *p, const struct plan_boot *b)
{
	printf("  %3d  trial %d  ", b->seq, b->trial);
	tag_fput(stdout, p->kernels[b->kernel].tag, 0);
	printf("  %s", plan_boot_state_name(b->state));
	if (b->attempts > 0)
		printf(" (%d wrong boots)", b->attempts);
	field("boot", b->boot_id);
	field("run", b->run_uuid);
	if (!isnan(b->boot_s))
		printf(" boot %.0f s", b->boot_s);
	if (!isnan(b->block_s))
		printf(" block %.0f s", b->block_s);
	printf("\n");
}

void
aimplan_print(const struct plan *p)
{
	printf("plan %lld: %s, via %s%s, %zu kernels, ", (long long)p->id,
	       plan_state_name(p->state), plan_via_name(p->via),
	       p->reboot ? " (reboots)" : "", p->n_kernels);
	print_target(p);
	printf("\n");
	if (p->reason != NULL) {
		printf("why:");
		field("", p->reason);
		printf("\n");
	}
	print_block(p);
	for (size_t i = 0; i < p->n_kernels; i++) {
		const struct plan_kernel *k = &p->kernels[i];

		printf("kernel");
		field("", k->tag);
		field("release", k->release);
		field("image", k->image);
		field("initrd", k->initrd);
		field("entry", k->entry);
		field("cmdline", k->cmdline);
		printf("\n");
	}
	printf("order:\n");
	for (size_t i = 0; i < p->n_boots; i++)
		print_boot(p, &p->boots[i]);
}

static void
print_log(struct db *db, const struct plan *p)
{
	struct plan_event *ev;
	size_t n;

	if (store_plan_events(db, p->id, &ev, &n) < 0)
		return;
	if (n > 0)
		printf("log:\n");
	for (size_t i = 0; i < n; i++) {
		printf("  %s ", ev[i].at_utc);
		tag_fput(stdout, ev[i].what, 0);
		printf("\n");
	}
	store_plan_events_free(ev, n);
}

/* The plan to show: ID given, else the open one, else the last. */
static int
pick(struct db *db, const char *arg, int64_t *id)
{
	int64_t *ids = NULL;
	size_t n = 0;
	long v;

	if (arg != NULL) {
		if (parse_long(arg, 1, INT32_MAX, &v) != 0)
			return cli_bad_usage("show: '%s' is not a plan id", arg);
		*id = v;
		return CLI_OK;
	}
	if (store_plan_open_id(db, id) < 0 ||
	    (*id == 0 && store_plan_ids(db, &ids, &n) < 0)) {
		aim_warn("cannot read the plans: %s", db_errmsg(db));
		return CLI_ENV;
	}
	if (*id == 0 && n > 0)
		*id = ids[0];
	free(ids);
	if (*id == 0) {
		aim_warn("show: no plan in this database");
		return CLI_USER;
	}
	return CLI_OK;
}

int
aimplan_show(const struct aimplan *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	struct store *st;
	struct plan p;
	int64_t id = 0;
	int rc, c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(show_usage, stdout);
			return CLI_OK;
		}
		return cli_bad_option(c, argv, longopts, argv[0]);
	}
	if (argc - optind > 1)
		return cli_bad_usage("show: one plan id at most");
	st = cli_open(a->db_path, STORE_RO, &rc);
	if (st == NULL)
		return rc;
	rc = pick(store_db(st), optind < argc ? argv[optind] : NULL, &id);
	if (rc == CLI_OK) {
		int l = store_plan_load(store_db(st), id, &p);

		if (l != 0) {
			aim_warn("show: %s", l > 0 ? "no such plan" :
				 db_errmsg(store_db(st)));
			rc = l > 0 ? CLI_USER : CLI_ENV;
		} else {
			aimplan_print(&p);
			print_log(store_db(st), &p);
			store_plan_free(&p);
		}
	}
	store_close(st);
	return rc;
}
