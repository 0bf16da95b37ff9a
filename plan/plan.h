/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimplan's steps (doc/plans.md): a plan of boots, each booting one
 * kernel and running one block of aimrun under that kernel's tag, in a
 * balanced random order (every trial boots every kernel once), resumed
 * after each boot until the plan's target is met.  The machine is
 * reached only through a driver, so the steps run the same against the
 * real machine (plan_boot.c), a virtual one (plan_vm.c) or a fake
 * (t/plan-t.c).
 */
#ifndef AIM_PLAN_H
#define AIM_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "store_plan.h"

struct store;

/* What the running kernel says about itself. */
struct plan_facts {
	char *release;		/* uname -r */
	char *cmdline;		/* /proc/cmdline, without the newline */
	char *boot_id;		/* /proc/sys/kernel/random/boot_id */
};

void plan_facts_free(struct plan_facts *f);

/*
 * The facts of the running kernel, read below ROOT ("" for the real
 * /proc; a test's directory).  0, or -1 with the reason in ERR.
 */
int plan_facts_read(const char *root, struct plan_facts *f, char *err,
		    size_t errlen);

/*
 * The word the plan adds to a command line it controls (kexec, vm) so
 * that a boot names the slot it was made for: "aimplan.boot=PLAN.SEQ".
 * Malloc'd.
 */
char *plan_boot_mark(const struct plan *p, const struct plan_boot *b);

/*
 * Whether F are those of kernel K: the release is K's, every word of
 * K's command line is a word of F's, and MARK (may be NULL) is one too.
 * 1, or 0 with what differs in WHY.
 */
int plan_facts_match(const struct plan_kernel *k, const struct plan_facts *f,
		     const char *mark, char *why, size_t whylen);

/*
 * The kernel of P that F are: of those whose release and command line
 * F match (no mark), the one with the most words (a kernel of the
 * default command line and one with mitigations=off added: a boot with
 * the word is the second's).  Its index, or -1 when none matches or
 * the best are tied.
 */
int plan_facts_which(const struct plan *p, const struct plan_facts *f);

/* A source of random numbers: the real one, or a test's. */
struct plan_random {
	uint64_t (*next)(void *data);
	void *data;
};

/* getrandom(2), never blocking once the pool is ready. */
uint64_t plan_random_os(void *unused);

/*
 * Append trial TRIAL to P's order: every kernel once, in a fresh random
 * order (Fisher-Yates on R), as boots planned after the last.
 */
void plan_order_add_trial(struct plan *p, int trial,
			  const struct plan_random *r);

/* The machine, as the steps see it. */
struct plan_driver {
	void *data;
	/* The running kernel's facts; 0 or -1 with ERR. */
	int (*facts)(void *data, struct plan_facts *f, char *err,
		     size_t errlen);
	/*
	 * Run boot B's block: aimrun under its kernel's tag with the
	 * plan's options, storing into the plan's database.  0, or -1
	 * with why in ERR (one line).
	 */
	int (*block)(void *data, const struct plan *p,
		     const struct plan_boot *b, char *err, size_t errlen);
	/*
	 * Boot into B's kernel (load it, then restart the machine).  Only
	 * ever called for a plan made with reboots allowed.  0, or -1 with
	 * ERR; on success the machine is going down.
	 */
	int (*boot)(void *data, const struct plan *p,
		    const struct plan_boot *b, char *err, size_t errlen);
	/* The plan ended: the boot unit is no longer wanted. */
	void (*finish)(void *data);
	/* A line for the user (standard output). */
	void (*say)(void *data, const char *line);
	struct plan_random random;
};

/* What one step did. */
enum plan_step_result {
	PLAN_STEP_NONE,		/* no open plan (the unit is let go) */
	PLAN_STEP_PAUSED,	/* paused (now or before): see the reason */
	PLAN_STEP_NEXT,		/* a kernel is to be booted next */
	PLAN_STEP_BOOTING,	/* the machine is going down into it */
	PLAN_STEP_ENDED,	/* the plan is complete or decided */
	PLAN_STEP_ERROR,	/* the database failed: ERR */
};

/*
 * One step of the open plan of ST in the boot the driver reports: find
 * its slot, check the running kernel is the one expected (or another
 * kernel of the same trial, which then takes its turn: the order is
 * re-planned, never a run stored under the wrong tag), run its block,
 * record it, then end the plan when its target is met or boot (or name)
 * the next kernel.  A failed block pauses the plan with one line.
 */
enum plan_step_result plan_step(struct store *st, const struct plan_driver *d,
				char *err, size_t errlen);

/*
 * Record that boot I of P ran in the boot of F and stored run UUID (the
 * claimed run gets the plan's facts), or refuse and remove that run when
 * its own facts are not F's; then, when its trial is complete, judge
 * the target and end the plan or add trials.  Inside the caller's
 * transaction if one is open.  0, or -1 with ERR.
 */
int plan_block_done(struct store *st, struct plan *p, size_t i,
		    const struct plan_facts *f, const char *uuid,
		    const struct plan_driver *d, char *err, size_t errlen);

/*
 * Set the open plan P to TO (paused, active again, cancelled), logged,
 * with a line for the user in LINE.  Resuming makes its failed boot
 * planned again.  0; 1 when P is already so (LINE says it; cancelling
 * twice is no error: 0); -1 when the database fails (LINE says why).
 */
int plan_set_state(struct store *st, struct plan *p, enum plan_state to,
		   char *line, size_t len);

/* Pause P with REASON (one line), said and logged.  0 or -1. */
int plan_pause(struct store *st, struct plan *p, const char *boot_id,
	       const char *reason, const struct plan_driver *d);

/* The index of P's first boot not done, or n_boots when none. */
size_t plan_next_boot(const struct plan *p);

/*
 * Whether P's target is met after its finished trials (plan_decide.c),
 * and how many trials it now needs: 1 met, 0 not yet (P->trials raised
 * when the sizing asks for more, within the budget), -1 with ERR.
 */
int plan_decide(struct store *st, struct plan *p, char *what, size_t len,
		char *err, size_t errlen);

/* Time now, "YYYY-MM-DDTHH:MM:SSZ", into BUF (21 bytes at least). */
int plan_now_utc(char *buf, size_t len);

/* Seconds from one such stamp to another; NaN when unreadable. */
double plan_utc_diff(const char *from, const char *to);

#endif
