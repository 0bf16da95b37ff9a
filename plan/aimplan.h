/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimplan's commands (plan/aimplan*.c): what the verbs share.
 */
#ifndef AIM_AIMPLAN_H
#define AIM_AIMPLAN_H

#include <stddef.h>

#include "plan.h"

/* Kernels a plan compares at most; trials of a budget at most. */
#define PLAN_MAX_KERNELS 16
#define PLAN_MAX_TRIALS 1000

/* What the options before the verb said. */
struct aimplan {
	const char *db_path;	/* the database, resolved */
};

/* Each verb: ARGV[0] is its name.  An exit status (cli.h). */
int aimplan_new(const struct aimplan *a, int argc, char **argv);
int aimplan_show(const struct aimplan *a, int argc, char **argv);
int aimplan_run(const struct aimplan *a, int argc, char **argv);
int aimplan_pause(const struct aimplan *a, int argc, char **argv);
int aimplan_resume(const struct aimplan *a, int argc, char **argv);
int aimplan_cancel(const struct aimplan *a, int argc, char **argv);

/* Exit status of a step that left the plan paused: the line says why. */
#define AIMPLAN_PAUSED 3

/* What aimplan new was given beside the plan's own fields. */
struct aimplan_new_given {
	int trials, budget, precision, decided, equiv;
	double precision_pct, equiv_pct;
};

/* aimplan new's run options (suite, tests, duration, ...): C, ARG. */
int aimplan_new_run_opt(struct plan *p, int c, const char *arg);

/*
 * The plan P as given, checked whole and completed (releases read from
 * images, the target, the budget): CLI_OK or CLI_USER after a message.
 */
int aimplan_new_check(struct plan *p, const struct aimplan_new_given *g);

/* Draw P's order and store it: an exit status, the plan said. */
int aimplan_new_store(const struct aimplan *a, struct plan *p);

/* Print P's state, order and progress (aimplan show). */
void aimplan_print(const struct plan *p);

#endif
