/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What harness/rounds.c keeps of each test, shared with what it reports
 * (harness/rounds_report.c).
 */
#ifndef AIM_ROUNDS_INT_H
#define AIM_ROUNDS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "seq.h"
#include "stats.h"

/* A side's processes in the order they ran (lib/stats/seq.h). */
struct side {
	struct seq_proc *p;
	size_t n, cap;
	int spoiled;		/* a process without a usable rate */
	size_t noisy;		/* of them mostly noisy: left out */
	struct stats_run *runs;	/* the others' rates */
	size_t n_runs;
};

struct rounds_test {
	struct side now;	/* this run's processes */
	struct side base;
	int reps;		/* repetitions run, all rounds */
	int open;
	int failed;		/* a run did not end ok: run no more */
	struct seq_state st;	/* --until-decided: at the last round */
	double floor_pct;	/* the base's narrowest interval */
	double halfwidth;	/* --precision: % at the last look */
	size_t since, since_noisy;	/* --precision: since its last look */
	int64_t took_ns;	/* wall time of its last run */
};

/* The usable processes of S: not noisy, none spoiled. */
static inline size_t
side_n(const struct side *s)
{
	return s->spoiled ? 0 : s->n_runs;
}

#endif
