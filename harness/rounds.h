/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rounds after the --runs rounds, for the tests whose question is still
 * open: --precision (the interval of the test's own rate is wider than
 * asked) or --until-decided (no verdict against the base yet).  The
 * statistics are lib/stats/seq.h's; the runs are run.c's, through a callback.
 */
#ifndef AIM_ROUNDS_H
#define AIM_ROUNDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clock.h"
#include "runner.h"
#include "stats.h"
#include "store.h"
#include "suite.h"

enum rounds_mode {
	ROUNDS_PRECISION,	/* --precision PCT */
	ROUNDS_DECIDE,		/* --against BASE --until-decided */
};

struct rounds_opts {
	enum rounds_mode mode;
	double precision_pct;	/* +/- this, in percent */
	int64_t budget_ns;	/* from the start of the run */
	const char *against;	/* the base tag */
	struct stats_opts stats;	/* alpha, equivalence margin */
	int force;		/* go on against runs the gate refuses */
	int keep_noisy;		/* AIM_NOISE=keep: no sample is noisy */
};

struct rounds_test;

struct rounds {
	const struct rounds_opts *o;
	const struct suite *su;
	struct rounds_test *t;	/* one per test of the suite */
	size_t family;		/* tests compared: those with a base */
	int64_t *base_runs;	/* the base's runs read, by id */
	size_t n_base_runs;
	size_t round;		/* rounds done */
	struct aim_clock clock;	/* of the budget; a test may fake it */
	int64_t start_ns;
};

/*
 * Start the clock of the budget and, for ROUNDS_DECIDE, read the base
 * from DB_PATH.  0; 1 with ERR for a user error (the base tag is not in
 * the database); 2 with ERR for the environment.
 */
int rounds_init(struct rounds *r, const struct rounds_opts *o,
		const struct suite *su, const char *db_path,
		struct store_checked *seen, char *err, size_t errlen);
void rounds_free(struct rounds *r);

/*
 * Test I ran once: OUT (its rate, if ok, with FACTOR operations a call),
 * in TOOK_NS of wall time.
 */
void rounds_note(struct rounds *r, size_t i, const struct runner_outcome *out,
		 unsigned long factor, int64_t took_ns);

/* A round ended: judge every test still open (a look). */
void rounds_look(struct rounds *r);

/*
 * ROUNDS_DECIDE: how many tests the base is too thin to call equivalent
 * (its narrowest interval, seq_base_floor_pct(), at or beyond the
 * margin), and the range of those floors in percent into LO and HI.
 */
size_t rounds_thin(const struct rounds *r, double *lo, double *hi);

/*
 * Run rounds of the open tests while the budget lasts: RUN(ARG, I, REP)
 * runs test I as repetition REP and returns 0, 1 when interrupted or -1
 * on a harness error, which ends the rounds with that value.  A line on
 * OUT (NULL: none) after each round says what is open and the budget
 * left.
 */
int rounds_more(struct rounds *r, int (*run)(void *arg, size_t i, int rep),
		void *arg, FILE *out);

/*
 * The comparability gate (lib/core/gate.h) before anything is measured: this
 * run, whose environment is SELF, against the runs of the base (or, with
 * --precision, against the runs TAG already holds, which it will pool
 * with) in DB_PATH.  0 when comparable or forced (a warning line said
 * so); 1 with ERR when refused; 2 with ERR for the environment
 * (harness/rounds_gate.c).
 */
struct env;
int rounds_gate(const struct rounds_opts *o, const char *db_path,
		const char *tag, const struct env *self,
		struct store_checked *seen, char *err, size_t errlen);

/*
 * --until-decided: what was decided, as facts of the run for aimcmp,
 * which replays the comparison of the same processes and says where its
 * verdict would differ (doc/statistics.md, "One verdict per question"):
 * seq.against, seq.base_runs, seq.alpha, seq.equivalence, seq.family,
 * seq.noise, and seq.TEST "VERDICT LOOKS PROCESSES" for each test
 * compared.  Into *KV (malloc'd keys and values): how many, 0 for
 * --precision; free with rounds_facts_free().
 */
struct record_kv;
size_t rounds_facts(const struct rounds *r, struct record_kv **kv);
void rounds_facts_free(struct record_kv *kv, size_t n);

/* What each test reached, one line a test, on OUT.  fprintf's sign. */
int rounds_report(const struct rounds *r, FILE *out);

#endif
