/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A whole aimrun: capture the environment, run every test of the suite
 * the requested number of times, print the classic table as tests finish
 * and store each result as soon as it exists.
 */
#ifndef AIM_RUN_H
#define AIM_RUN_H

#include <stdint.h>

#include "rounds.h"
#include "suite.h"

struct run_opts {
	const char *tag;
	const char *db_path;
	const struct suite *suite;
	int64_t duration_ns;
	long runs;
	unsigned long filesize_k;
	unsigned long memsize;	/* the mem family's large size, bytes */
	unsigned long zerosize;	/* zero-page memcmp bytes; 0: 2 GiB */
	int latency;		/* time every test call by call */
	const char *dir;	/* parent of scratch directories */
	const char *datadir;
	int64_t timeout_ns;	/* per test run; 0 for the default */
	int quiet;
	const struct perf_plan *counters;	/* probed; NULL: none */
	int pin;		/* --cpu N as N + 1; 0: not pinned */
	const struct rounds_opts *more;	/* rounds until precise or decided;
					   NULL: --runs rounds only */
	const int *copies;	/* copy counts to sweep, ascending (--copies) */
	size_t n_copies;	/* 0: one copy */
	int threads;		/* the copies as threads of one process */
	/*
	 * Run each test in the process forked for it, not in the test
	 * program (harness/aimrun-test): for tests of the run loop, whose
	 * tests are their own and not in the program's registry.
	 */
	int in_process;
};

/* Exit status for main: 0, 2 (environment error) or 128+signal. */
int run_suite(const struct run_opts *o);

#endif
