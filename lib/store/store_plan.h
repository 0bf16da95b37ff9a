/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Boot plans in the database (schema version STORE_PLAN_SCHEMA below,
 * doc/plans.md): a plan, its kernels, its boots in their randomized order
 * with what each found and stored, and a log of events, written and read
 * here through lib/store/db.h in SQL written once for both engines.
 * aimplan steers by them; aimcmp reads what a plan measured (the cost
 * of a boot).
 *
 *   plan(id, created_utc, state, is_open, via, reboot, target, target_pct,
 *        alpha, trials, budget, suite, tests, duration_s, runs, dir,
 *        vm_memory_mib, vm_cpus, accel, reason)
 *   plan_kernel(plan_id, idx, tag, image, initrd, cmdline, entry, release)
 *   plan_boot(plan_id, seq, trial, kernel, state, attempts, boot_id,
 *             release, cmdline, run_uuid, requested_utc, started_utc,
 *             ended_utc, boot_s, block_s)
 *   plan_event(plan_id, seq, at_utc, boot_id, what)
 */
#ifndef AIM_STORE_PLAN_H
#define AIM_STORE_PLAN_H

#include <stddef.h>
#include <stdint.h>

struct db;
struct store;

/*
 * The first schema version that holds plans: the number of their step
 * (lib/store/plan/schema_plan.c), the one place it is written.
 */
#define STORE_PLAN_SCHEMA 7

/* How a kernel of the plan is booted. */
enum plan_via {
	PLAN_VIA_MANUAL,	/* by the user; aimplan says which */
	PLAN_VIA_KEXEC,		/* kexec -l, then systemctl kexec */
	PLAN_VIA_GRUB,		/* grub-reboot ENTRY, then systemctl reboot */
	PLAN_VIA_VM,		/* a fresh qemu guest per boot */
};

/* When the plan ends. */
enum plan_target {
	PLAN_TARGET_TRIALS,	/* after its number of trials */
	PLAN_TARGET_PRECISION,	/* every ratio's interval within +/-pct */
	PLAN_TARGET_DECIDED,	/* every test regressed, improved or equal */
};

enum plan_state {
	PLAN_ACTIVE,
	PLAN_PAUSED,		/* a block failed or a boot was wrong */
	PLAN_DONE,
	PLAN_CANCELLED,
};

enum plan_boot_state {
	PLAN_BOOT_PLANNED,
	PLAN_BOOT_RUNNING,	/* its block started in boot boot_id */
	PLAN_BOOT_DONE,		/* its run is run_uuid */
	PLAN_BOOT_FAILED,
};

/* Stored words of the enums above, and back: 0, or -1 when unknown. */
const char *plan_via_name(enum plan_via v);
int plan_via_parse(const char *s, enum plan_via *out);
const char *plan_target_name(enum plan_target t);
const char *plan_state_name(enum plan_state s);
const char *plan_boot_state_name(enum plan_boot_state s);

/* One kernel: its tag and how to boot it; strings owned, NULL if none. */
struct plan_kernel {
	char *tag;
	char *image;		/* kexec and vm: the kernel image */
	char *initrd;		/* kexec: its initrd */
	char *cmdline;		/* words its command line must hold */
	char *entry;		/* grub: the menu entry */
	char *release;		/* what uname -r must say */
};

/* One boot of the order. */
struct plan_boot {
	int seq;		/* position in the order, from 1 */
	int trial;		/* from 1; each trial boots every kernel once */
	int kernel;		/* index into kernels */
	enum plan_boot_state state;
	int attempts;		/* boots that came up wrong for it */
	char *boot_id;		/* facts of the boot that ran it */
	char *release;
	char *cmdline;
	char *run_uuid;		/* the run its block stored */
	char *requested_utc;	/* when its boot was asked for */
	char *started_utc;	/* when its block started */
	char *ended_utc;
	double boot_s;		/* from asking to the block's start; NaN */
	double block_s;		/* the block, start to end; NaN */
};

struct plan {
	int64_t id;
	char *created_utc;
	enum plan_state state;
	enum plan_via via;
	int reboot;		/* the user allowed reboots */
	enum plan_target target;
	double target_pct;	/* precision, or the equivalence margin */
	double alpha;
	int trials;		/* planned now */
	int budget;		/* at most */
	char *suite;		/* aimrun's options for each block */
	char *tests;
	double duration_s;	/* NaN: the suite's */
	int runs;
	char *dir;
	int vm_memory_mib;	/* vm: 0 for the default */
	int vm_cpus;
	char *accel;		/* vm: "kvm" or "tcg" once chosen, else NULL */
	char *reason;		/* why paused or ended, one line */
	struct plan_kernel *kernels;
	size_t n_kernels;
	struct plan_boot *boots;
	size_t n_boots;
};

/* One line of a plan's log. */
struct plan_event {
	int seq;
	char *at_utc;
	char *boot_id;		/* the boot it happened in, or NULL */
	char *what;
};

/* Release everything P owns (not P). */
void store_plan_free(struct plan *p);

/*
 * Store the new plan P (state active, open) with its kernels and its
 * boots, in one transaction; sets P->id.  Refused while another plan is
 * open (one at a time: "plan 3 is open") and on a database older than
 * STORE_PLAN_SCHEMA: -2, with the reason in store_errmsg(); -1 when the
 * database fails (the reason there too); else 0.
 */
int store_plan_create(struct store *st, struct plan *p);

/*
 * The id of the open plan (active or paused) in *ID, 0 when none.
 * 0, or -1 with the reason in db_errmsg().
 */
int store_plan_open_id(struct db *db, int64_t *id);

/*
 * Every plan's id, newest first (*IDS malloc'd).  0, or -1.  A database
 * older than STORE_PLAN_SCHEMA has none.
 */
int store_plan_ids(struct db *db, int64_t **ids, size_t *n);

/*
 * Load plan ID whole into P.  0, 1 when there is no such plan, or -1
 * with the reason in db_errmsg().
 */
int store_plan_load(struct db *db, int64_t id, struct plan *p);

/* Write P's state, reason, planned trials and accelerator.  0 or -1. */
int store_plan_save(struct store *st, const struct plan *p);

/* Write boot I of P.  0 or -1. */
int store_plan_save_boot(struct store *st, const struct plan *p, size_t i);

/* Insert boots FROM..n_boots-1 of P, in one transaction.  0 or -1. */
int store_plan_add_boots(struct store *st, const struct plan *p, size_t from);

/* Add a line to P's log, said in boot BOOT_ID (may be NULL).  0 or -1. */
int store_plan_log(struct store *st, const struct plan *p,
		   const char *boot_id, const char *what);

/* P's log in order (*EV malloc'd, free with store_plan_events_free). */
int store_plan_events(struct db *db, int64_t id, struct plan_event **ev,
		      size_t *n);
void store_plan_events_free(struct plan_event *ev, size_t n);

/*
 * The uuid (malloc'd, in *UUID) of the newest run of TAG made by aimrun,
 * started at SINCE_UTC or later, that no plan has claimed; *UUID NULL
 * when none.  Whatever boot it says it ran in: the caller checks.
 * 0, or -1.
 */
int store_plan_find_run(struct db *db, const char *tag, const char *since_utc,
			char **uuid);

/*
 * The fact KEY of the run with uuid UUID, malloc'd in *VALUE (NULL when
 * the run or the fact is missing).  0, or -1.
 */
int store_plan_run_fact(struct db *db, const char *uuid, const char *key,
			char **value);

/*
 * Record what a plan knows of run UUID as its facts (plan.id, plan.via,
 * plan.trial, plan.accel when set), in the caller's transaction or its
 * own.  0 or -1.
 */
int store_plan_mark_run(struct store *st, const struct plan *p,
			const struct plan_boot *b, const char *uuid);

/* Remove run UUID and all it holds (a run a plan refuses).  0 or -1. */
int store_plan_drop_run(struct store *st, const char *uuid);

/*
 * The run ids of P's finished boots, in its order (*IDS malloc'd).
 * 0 or -1.
 */
int store_plan_run_ids(struct db *db, const struct plan *p, int64_t **ids,
		       size_t *n);

/* What plans measured for a set of tags: the costs of sizing. */
struct plan_costs {
	size_t n_boots;		/* boots with both times known */
	double boot_s;		/* median time from asking to the block */
	double process_s;	/* median block time per result (process) */
	int64_t plan_id;	/* the newest plan they come from, 0: none */
};

/*
 * What each finished boot of the plans that stored runs of the N TAGS
 * measured: from asking for it to its block's start (*BOOT_S) and its
 * block per result, a process (*PROCESS_S), *K of each (malloc'd; 0 for
 * a database older than STORE_PLAN_SCHEMA), and the newest such plan in
 * *PLAN_ID (0: none).  0, or -1 with the reason in db_errmsg().
 */
int store_plan_costs(struct db *db, const char *const *tags, size_t n,
		     double **boot_s, double **process_s, size_t *k,
		     int64_t *plan_id);

#endif
