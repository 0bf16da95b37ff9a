/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The meters as one table (meter_set.c): each kind of meter is a row,
 * and a set opened from it is what the timed loop of a test process
 * (child.c) and each run of a timed command (harness/cmd_exec.c) start
 * and stop around a sample or a run.  Adding a meter is a file of its
 * own that defines its row, and the row's line in the table.
 */
#ifndef AIM_METER_SET_H
#define AIM_METER_SET_H

#include <stddef.h>
#include <sys/types.h>

#include "measure.h"
#include "timing.h"

struct perf_plan;
struct meter_rusage;

/* What a meter measures. */
enum meter_on {
	METER_ON_THREAD = 1 << 0,	/* the calling thread: a test's calls */
	METER_ON_COMMAND = 1 << 1,	/* a command, held before its exec */
};

/* What a set of meters is opened on. */
struct meter_target {
	enum meter_on on;
	const struct perf_plan *counters;	/* --counters; NULL: none */
	pid_t pid;		/* the command's process; 0: the caller */
	struct meter_rusage *rusage;	/* the command's wait4(), or NULL */
};

/* A row of the table: one kind of meter. */
struct meter_kind {
	const char *name;
	unsigned on;		/* enum meter_on bits: what it can measure */
	size_t size;		/* its state */
	/*
	 * Open STATE (SIZE bytes, zeroed) on T: 1 when it meters, 0 when
	 * it has nothing to read there, and then holds nothing.
	 */
	int (*open)(void *state, const struct meter_target *t);
	void (*start)(void *state);
	void (*stop)(void *state, struct measure_sample *s);
	void (*close)(void *state);	/* NULL: nothing to release */
};

/* The rows, in the order the meters start; they stop in reverse. */
extern const struct meter_kind *const meter_kinds[];

#define METER_MAX 8

/* The meters of the table that measure a target. */
struct meter_set {
	struct timing_meter on[METER_MAX];	/* as struct timing_cfg takes them */
	const struct meter_kind *kind[METER_MAX];
	size_t n;
};

/*
 * Open every kind of the table that measures T->on and can read there,
 * in table order.  0, or -1 with errno when its state could not be
 * allocated (nothing is held then).
 */
int meter_set_open(struct meter_set *s, const struct meter_target *t);
/* Start the set in order; stop it in reverse, into OUT. */
void meter_set_start(const struct meter_set *s);
void meter_set_stop(const struct meter_set *s, struct measure_sample *out);
/* Close what is open, in reverse order. */
void meter_set_close(struct meter_set *s);

#endif
