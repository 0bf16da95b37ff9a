// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cases of t/planfx.h where something goes wrong: another kernel
 * boots, a block fails, a run is not its boot's, a step runs twice in a
 * boot or is cut short by a restart; and the targets that end a plan by
 * its answer.
 */
#include "config.h"

#include "planfx_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "store.h"
#include "storefx.h"
#include "tap.h"
#include "xalloc.h"

static int64_t
runs_of(struct store *st, const char *tag)
{
	struct db_stmt *s = db_prepare(store_db(st), "SELECT count(*) FROM run"
				       " WHERE tag = ?");
	int64_t n = -1;

	if (s != NULL && db_bind_text(s, 1, tag) == 0 && db_step(s) == DB_ROW)
		n = db_column_int64(s, 0);
	db_finalize(s);
	return n;
}

/* A kernel the plan does not know, then the other kernel of the trial. */
void
planfx_case_wrong(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps, first, other;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	first = p.boots[0].kernel;
	other = 1 - first;
	planfx_boot_as(&f, PLANFX_AS_ALIEN, NULL);
	f.next_as = other;
	r = planfx_steps(&f, 2, &steps);
	is_int(f.n_blocks, 1, "an unknown kernel runs no block; then %s "
	       "booted in place of %s", p.kernels[other].tag,
	       p.kernels[first].tag);
	is_int(runs_of(st, p.kernels[first].tag), 0, "nothing is stored "
	       "under %s", p.kernels[first].tag);
	is_int(runs_of(st, p.kernels[other].tag), 1, "the block is %s's, "
	       "stored under its tag", p.kernels[other].tag);
	if (planfx_reload(&f, &p) < 0)
		bail("cannot load the plan back");
	ok(p.boots[0].kernel == other && p.boots[1].kernel == first &&
	   p.boots[0].attempts == 0, "the trial is re-planned: %s takes boot "
	   "1, %s boot 2 (the first boot was not asked for: no wrong boot)",
	   p.kernels[other].tag, p.kernels[first].tag);
	/* From now on every boot comes up as a kernel the plan lacks. */
	for (int k = 0; k < 6 && r != PLAN_STEP_PAUSED; k++) {
		f.next_as = PLANFX_AS_ALIEN;
		r = planfx_steps(&f, 1, &steps);
	}
	ok(r == PLAN_STEP_PAUSED && strstr(f.said, "3 boots in a row") != NULL,
	   "three wrong boots in a row pause it: %s", f.said);
	ok(runs_of(st, p.kernels[first].tag) == 1 &&
	   runs_of(st, p.kernels[other].tag) == 1 && f.n_blocks == 2,
	   "the two blocks of the right kernels are all that is stored");
	store_plan_free(&p);
}

/* A failed block pauses the plan; resumed, it is run again. */
void
planfx_case_failed(struct store *st)
{
	struct fake f;
	struct plan p;
	char line[256];
	int steps, reboots;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	f.fail_seq = 2;
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 10, &steps);
	is_int(r, PLAN_STEP_PAUSED, "a failed block pauses the plan");
	ok(strstr(f.said, "block 2") != NULL && strstr(f.said, "failed") &&
	   strstr(f.said, "aimrun exited 2") != NULL, "with one line saying "
	   "why: %s", f.said);
	reboots = f.reboots;
	r = planfx_steps(&f, 1, &steps);
	ok(r == PLAN_STEP_PAUSED && f.reboots == reboots && f.n_blocks == 2,
	   "a paused plan runs nothing and boots nothing");
	if (planfx_reload(&f, &p) < 0)
		bail("cannot load the plan back");
	is_int(p.boots[1].state, PLAN_BOOT_FAILED, "the boot is marked failed");
	is_int(plan_set_state(st, &p, PLAN_ACTIVE, line, sizeof(line)), 0,
	       "resume: %s", line);
	f.fail_seq = 0;
	r = planfx_steps(&f, 10, &steps);
	is_int(r, PLAN_STEP_ENDED, "resumed, it goes on to its end");
	is_int(f.finished, 1, "letting the unit go once");
	store_plan_free(&p);
}

/* A run whose facts are another boot's is removed, not claimed. */
void
planfx_case_lie(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	f.lie_seq = 1;
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 5, &steps);
	ok(r == PLAN_STEP_PAUSED && strstr(f.said, "refused") != NULL,
	   "a run that is not its boot's is refused: %s", f.said);
	is_int(runs_of(st, p.kernels[p.boots[0].kernel].tag), 0,
	       "and removed");
	/* No key removes a result's samples since schema version 9. */
	is_int(storefx_orphans(st), 0, "with its samples");
	store_plan_free(&p);
}

/* Two steps in one boot: the second runs no block. */
void
planfx_case_twice(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps;

	planfx_init(&f, st, PLAN_VIA_MANUAL, 0, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	(void)planfx_steps(&f, 1, &steps);
	(void)planfx_steps(&f, 1, &steps);
	ok(f.n_blocks == 1 && strstr(f.said, "next: boot 2") != NULL,
	   "a second step in the same boot runs no block and names the next "
	   "kernel again");
	store_plan_free(&p);
}

/* A block cut short by a restart pauses the plan at the next boot. */
void
planfx_case_restarted(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_MANUAL, 0, &p);
	if (planfx_create(&f, &p) < 0)
		return;
	p.boots[0].state = PLAN_BOOT_RUNNING;
	p.boots[0].boot_id = xstrdup("00000000-0000-4000-8000-000000000777");
	if (store_plan_save_boot(st, &p, 0) < 0)
		bail("cannot mark a boot running");
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 1, &steps);
	ok(r == PLAN_STEP_PAUSED && strstr(f.said, "restarted") != NULL &&
	   f.n_blocks == 0, "a block the machine restarted during pauses the "
	   "plan: %s", f.said);
	store_plan_free(&p);
}

/* Kernels 25 % apart with little noise: decided on the second trial. */
void
planfx_case_decided(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	p.target = PLAN_TARGET_DECIDED;
	p.target_pct = 2.0;
	p.trials = 2;
	p.budget = 6;
	f.rate[1] = 0.75e7;
	f.boot_sd = f.proc_sd = 0.0005;
	if (planfx_create(&f, &p) < 0)
		return;
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 20, &steps);
	ok(r == PLAN_STEP_ENDED && strstr(f.said, "decided after 2 trials: "
	   "2 regressed") != NULL, "--until-decided ends when decided: %s",
	   f.said);
	is_int(f.n_blocks, 4, "after two trials");
	store_plan_free(&p);
}

/* Wide boots against a narrow target: the sizing asks for more. */
void
planfx_case_precision(struct store *st)
{
	struct fake f;
	struct plan p;
	int steps;
	enum plan_step_result r;

	planfx_init(&f, st, PLAN_VIA_GRUB, 1, &p);
	p.target = PLAN_TARGET_PRECISION;
	p.target_pct = 0.5;
	p.trials = 2;
	p.budget = 4;
	f.boot_sd = 0.05;
	if (planfx_create(&f, &p) < 0)
		return;
	planfx_boot_as(&f, p.boots[0].kernel, NULL);
	r = planfx_steps(&f, 4, &steps);
	ok(r == PLAN_STEP_BOOTING && strstr(f.all, "the sizing asks for") !=
	   NULL, "--precision after 2 trials: the sizing asks for more");
	if (planfx_reload(&f, &p) < 0)
		bail("cannot load the plan back");
	ok(p.trials == 4 && p.n_boots == 8 && p.boots[7].trial == 4,
	   "the plan grows to its budget of 4 trials (%d planned)", p.trials);
	r = planfx_steps(&f, 20, &steps);
	ok(r == PLAN_STEP_ENDED && strstr(f.said, "budget of 4 trials spent"),
	   "and ends there: %s", f.said);
	store_plan_free(&p);
}
