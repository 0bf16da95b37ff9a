/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fake machine of t/planfx.c and what the cases (t/planfx_cases.c)
 * ask of it.
 */
#ifndef AIM_PLANFX_INT_H
#define AIM_PLANFX_INT_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"
#include "store.h"

/* next_as: the next reboot comes up as asked. */
#define PLANFX_AS_ASKED (-2)
/* ... or as a kernel the plan does not know. */
#define PLANFX_AS_ALIEN (-1)

struct fake {
	struct store *st;
	const struct plan_kernel *kernels;	/* the plan's, in order */
	int running;		/* kernel index, PLANFX_AS_ALIEN */
	char cmdline[512];
	char boot_id[64];
	int boots;		/* boots so far (boot ids) */
	int reboots;		/* times the driver was asked to boot */
	int next_as;		/* what the next reboot comes up as */
	int fail_seq;		/* the block of this boot fails */
	int lie_seq;		/* ... stores a run of another boot */
	int finished;		/* times the unit was let go */
	int blocks[64];		/* kernels of the blocks run, in order */
	int n_blocks;
	uint64_t rng;
	double rate[2];		/* each kernel's rate */
	double boot_sd, proc_sd;	/* its spread between boots, processes */
	double boot_off;	/* this boot's offset */
	char said[2048];	/* the last line said */
	char all[16384];	/* every line said, as far as it fits */
};

/* The fake's random numbers (splitmix64). */
uint64_t planfx_random(void *data);

/* Boot the fake as KERNEL (or PLANFX_AS_ALIEN), with MARK (may be NULL). */
void planfx_boot_as(struct fake *f, int kernel, const char *mark);

/* Driver D of fake F. */
void planfx_driver(struct fake *f, struct plan_driver *d);

/*
 * Fake F on ST and a plan P of two kernels "base" and "new" (the second
 * with mitigations=off), 3 trials of a block of 2 runs of two tests.
 */
void planfx_init(struct fake *f, struct store *st, enum plan_via via,
		 int reboot, struct plan *p);

/* Draw P's order from F's stream and store it: 0, or -1 (said). */
int planfx_create(struct fake *f, struct plan *p);

/* Load P again from the database.  0 or -1. */
int planfx_reload(struct fake *f, struct plan *p);

/* plan_step() until it does not boot, at most MOST times. */
enum plan_step_result planfx_steps(struct fake *f, int most, int *steps);

/* The cases of t/planfx_more.c, each on a store of its own. */
void planfx_case_wrong(struct store *st);
void planfx_case_failed(struct store *st);
void planfx_case_lie(struct store *st);
void planfx_case_twice(struct store *st);
void planfx_case_restarted(struct store *st);
void planfx_case_decided(struct store *st);
void planfx_case_precision(struct store *st);

#endif
