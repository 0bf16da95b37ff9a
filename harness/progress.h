/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The progress (test, run, ETA) on stderr: on a terminal one line
 * rewritten in place and erased before each row of the table; without
 * one (a log, CI) the same text as a line of its own as each test run
 * starts, so a long suite shows where it is, unless quiet or
 * $AIM_PROGRESS is "none".
 */
#ifndef AIM_PROGRESS_H
#define AIM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

enum progress_mode {
	PROGRESS_NONE,
	PROGRESS_TTY,		/* rewritten in place */
	PROGRESS_LINES,		/* a line per test run */
};

struct progress {
	enum progress_mode mode;
	int shown;
	size_t total;		/* test runs in the whole suite */
	size_t done;
	int64_t start_ns;
	int64_t per_run_ns;	/* estimate before any run has finished */
};

/* QUIET: aimrun -q, which keeps only the terminal's line. */
void progress_init(struct progress *p, size_t total_runs, int64_t duration_ns,
		   int quiet);
/* Say "[done+1/total] NAME run REP, ETA ...", in place on a terminal. */
void progress_show(struct progress *p, const char *name, int rep);
/* One test run finished. */
void progress_step(struct progress *p);
/* Erase the line so table rows start at column 0. */
void progress_clear(struct progress *p);

#endif
