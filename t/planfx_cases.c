// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cases of t/planfx.h: a plan of 2 kernels x 3 trials runs in a
 * balanced random order, resumes after each boot, stores each block
 * under the right tag and boot, refuses to store under a wrong kernel,
 * pauses on a failed block and never reboots without the option.
 */
#include "config.h"

#include "planfx.h"
#include "planfx_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "store.h"
#include "tap.h"
#include "xalloc.h"

/* The count SQL answers, with up to two values bound (NULL: none). */
static int64_t
count(struct store *st, const char *sql, const char *a, const char *b)
{
	struct db_stmt *s = db_prepare(store_db(st), sql);
	int64_t n = -1;

	if (s != NULL && (a == NULL || db_bind_text(s, 1, a) == 0) &&
	    (b == NULL || db_bind_text(s, 2, b) == 0) && db_step(s) == DB_ROW)
		n = db_column_int64(s, 0);
	db_finalize(s);
	return n;
}

/* Every trial boots each kernel once. */
static int
balanced(const struct plan *p)
{
	for (size_t i = 0; i < p->n_boots; i += p->n_kernels) {
		unsigned seen = 0;

		for (size_t j = 0; j < p->n_kernels; j++)
			seen |= 1u << p->boots[i + j].kernel;
		if (seen != (1u << p->n_kernels) - 1 ||
		    p->boots[i].trial != (int)(i / p->n_kernels) + 1)
			return 0;
	}
	return 1;
}

/* Each done boot's run: its tag, and the facts of that boot. */
static int
stored_right(struct store *st, const struct plan *p)
{
	for (size_t i = 0; i < p->n_boots; i++) {
		const struct plan_boot *b = &p->boots[i];
		char *boot = NULL, *via = NULL;
		int ok;

		if (b->state != PLAN_BOOT_DONE)
			continue;
		ok = count(st, "SELECT count(*) FROM run WHERE uuid = ? AND"
			   " tag = ?", b->run_uuid,
			   p->kernels[b->kernel].tag) == 1 &&
		     store_plan_run_fact(store_db(st), b->run_uuid, "boot_id",
					 &boot) == 0 &&
		     store_plan_run_fact(store_db(st), b->run_uuid, "plan.via",
					 &via) == 0 &&
		     boot != NULL && strcmp(boot, b->boot_id) == 0 &&
		     via != NULL && strcmp(via, plan_via_name(p->via)) == 0;
		for (size_t j = 0; ok && j < i; j++)
			ok = p->boots[j].boot_id == NULL ||
			     strcmp(p->boots[j].boot_id, b->boot_id) != 0;
		free(boot);
		free(via);
		if (!ok)
			return 0;
	}
	return 1;
}

static void
case_whole(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps, same = 1;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	ok(balanced(&p), "2 kernels x 3 trials: each trial boots each once");
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 20, &steps);
	is_int(r, PLAN_STEP_ENDED, "the plan ends: %s", f.said);
	is_int(steps, 6, "one step per boot, resumed after each");
	is_int(f.reboots, 5, "it rebooted after every block but the last");
	is_int(f.finished, 1, "and let the boot unit go at the end");
	if (planfx_reload(&f, &p) < 0)
		bail("cannot load the plan back");
	for (size_t i = 0; i < p.n_boots; i++)
		same &= f.blocks[i] == p.boots[i].kernel;
	ok(f.n_blocks == 6 && same, "the blocks ran in the plan's order");
	is_int(p.state, PLAN_DONE, "the plan is done: %s", p.reason);
	ok(stored_right(st, &p), "each block stored under its kernel's tag, "
	   "with its own boot");
	is_int(count(st, "SELECT count(*) FROM run", NULL, NULL), 6,
	       "six runs");
	store_plan_free(&p);
}

static void
case_uniform(void)
{
	struct fake f;
	struct plan p;
	const struct plan_random r = { planfx_random, &f };
	int n[3][3] = { { 0 } }, lo = 1 << 30, hi = 0;

	planfx_init(&f, NULL, PLAN_VIA_MANUAL, 0, &p);
	p.kernels = xrealloc(p.kernels, 3 * sizeof(*p.kernels));
	memset(&p.kernels[2], 0, sizeof(p.kernels[2]));
	p.n_kernels = 3;
	for (int t = 1; t <= 3000; t++)
		plan_order_add_trial(&p, t, &r);
	for (size_t i = 0; i < p.n_boots; i++)
		n[i % 3][p.boots[i].kernel]++;
	for (int pos = 0; pos < 3; pos++)
		for (int k = 0; k < 3; k++) {
			lo = n[pos][k] < lo ? n[pos][k] : lo;
			hi = n[pos][k] > hi ? n[pos][k] : hi;
		}
	ok(balanced(&p), "3000 trials of 3 kernels, each balanced");
	ok(lo > 900 && hi < 1100, "each kernel takes each place about a third "
	   "of the time (%d to %d of 3000)", lo, hi);
	store_plan_free(&p);
}

/* The user boots what aimplan named, STEPS times over. */
static void
case_no_reboot(struct store *st, enum plan_via via)
{
	struct fake f;
	struct plan p;
	int steps, blocks = 0;
	enum plan_step_result r = PLAN_STEP_NEXT;

	planfx_init(&f, st, via, 0, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	for (size_t i = 0; i < 6 && r == PLAN_STEP_NEXT; i++) {
		char *mark = via == PLAN_VIA_KEXEC ?
			     plan_boot_mark(&p, &p.boots[i]) : NULL;

		planfx_boot_as(&f, p.boots[i].kernel, mark);
		free(mark);
		r = planfx_steps(&f, 1, &steps);
		blocks += r == PLAN_STEP_NEXT || r == PLAN_STEP_ENDED;
		if (i == 0)
			ok(strncmp(f.said, "next: boot 2 of 6, ", 19) == 0,
			   "via %s without --reboot it names the next kernel: "
			   "%s", plan_via_name(via), f.said);
	}
	is_int(r, PLAN_STEP_ENDED, "via %s: the plan ends after 6 boots by "
	       "hand", plan_via_name(via));
	is_int(f.reboots, 0, "via %s without --reboot: never rebooted",
	       plan_via_name(via));
	is_int(blocks, 6, "six blocks");
	store_plan_free(&p);
}

void
planfx_run(const char *(*make_db)(int n, void *arg), void *arg)
{
	void (*const cases[])(struct store *) = {
		case_whole, planfx_case_wrong, planfx_case_failed,
		planfx_case_lie, planfx_case_twice, planfx_case_restarted,
		planfx_case_decided, planfx_case_precision,
	};
	static const enum plan_via by_hand[] = {
		PLAN_VIA_GRUB, PLAN_VIA_KEXEC, PLAN_VIA_MANUAL,
	};
	const size_t n_cases = sizeof(cases) / sizeof(cases[0]);
	int n = 0;

	case_uniform();
	for (size_t i = 0; i < n_cases + 3; i++) {
		char err[512];
		const char *name = make_db(++n, arg);
		struct store *st = store_open(name, STORE_RW, err, sizeof(err));

		if (st == NULL)
			bail("store_open: %s", err);
		if (i < n_cases)
			cases[i](st);
		else
			case_no_reboot(st, by_hand[i - n_cases]);
		store_close(st);
	}
}
