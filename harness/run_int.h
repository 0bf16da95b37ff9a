/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The state of one aimrun run, shared by the run loop (harness/run.c)
 * and what the run writes about itself (harness/run_record.c).
 */
#ifndef AIM_RUN_INT_H
#define AIM_RUN_INT_H

#include <stdint.h>

#include "aim_test.h"
#include "child_exec.h"
#include "kwatch.h"
#include "noisy.h"
#include "progress.h"
#include "memtable.h"
#include "rounds.h"
#include "run.h"
#include "runner.h"
#include "store.h"

/* The console table open: the classic one or the mem family's. */
enum run_table_kind {
	RUN_TABLE_NONE,
	RUN_TABLE_CLASSIC,
	RUN_TABLE_MEM,
};

struct run_tables {
	enum run_table_kind open;
	struct memtable mem;
};

struct totals {
	int64_t calls;
	int64_t elapsed_ns;
	int ok_runs;
	char reason[AIM_REASON_MAX];	/* last failure */
	const char *status;		/* of the last failure */
	struct hist_acc *lat;		/* per-call times, or NULL */
};

struct run_state {
	const struct run_opts *o;
	int64_t run_id;
	struct progress prog;
	size_t n_ok;		/* results with samples */
	int out_errno;		/* first write error of the table */
	struct store_checked db_seen;	/* the file found sound, once */
	struct perf_plan counters;	/* what this kernel counts */
	struct child_prog test_prog;	/* what the tests run in */
	struct rounds rounds;		/* o->more: what is still open */
	int copies;		/* run at once now (--copies) */
	int copy_idx;		/* which count of the sweep */
	struct noisy noisy;	/* for the list at the end */
	struct kwatch kernel;	/* its monitors and log */
	struct run_tables tables;	/* the console table open */
	/*
	 * The first error that stopped the run, "what: why".  It is printed
	 * once, at the end, with what is stored: a failed write is often
	 * followed by a failed attempt to mark the run.
	 */
	char fail[512];
	/*
	 * A server lost after the run began: the results not stored then
	 * (each one whole or not at all), and the first reason.
	 */
	size_t n_lost;
	char lost[512];
	int end_lost;		/* its end could not be written either */
};

/* Keep the first error that stops the run, "what: why" (rs->fail). */
void run_fail_set(struct run_state *rs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The database, opened for one write; NULL after run_fail_set(). */
struct store *run_open_db(struct run_state *rs);
/* Note the first error of writing the table (RC < 0). */
void run_table_put(struct run_state *rs, int rc);
/*
 * What the run records of its machine, pinning and copies into ENV
 * (env_free() it), as run_begin() stores it and the gate of the rounds
 * reads it before measuring.
 */
struct env;
void run_env(const struct run_opts *o, struct env *env);
/* The run row with its environment: 0, or -1 with rs->fail set. */
int run_begin(struct run_state *rs);
/* Result REP of T with its samples, in one transaction: 0 or -1. */
int run_save(struct run_state *rs, const struct aim_test *t, int rep,
	     const struct runner_outcome *out);
/* N facts of the run (KEY = VALUE): 0, or -1 with rs->fail set. */
int run_facts(struct run_state *rs, const struct record_kv *kv, size_t n);
/* The canary of round REP, stored as a fact of the run: 0 or -1. */
int run_canary(struct run_state *rs, int rep);
/* The run's end, complete or not: 0 or -1. */
int run_finish(struct run_state *rs, int complete);
/* The one line on what is stored, and the exit status for RC. */
int run_conclude(const struct run_state *rs, int rc);
/* "Stored as run N, tag T, in PATH" after the table. */
void run_print_where(struct run_state *rs);

#endif
