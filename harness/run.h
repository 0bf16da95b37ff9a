/*
 * A whole aimrun: capture the environment, run every test of the suite
 * the requested number of times, print the classic table as tests finish
 * and store each result as soon as it exists.
 */
#ifndef AIM_RUN_H
#define AIM_RUN_H

#include <stdint.h>

#include "suite.h"

struct run_opts {
	const char *tag;
	const char *db_path;
	const struct suite *suite;
	int64_t duration_ns;
	long runs;
	unsigned long filesize_k;
	const char *dir;	/* parent of scratch directories */
	const char *datadir;
	int64_t timeout_ns;	/* per test run; 0 for the default */
	int quiet;
	const struct perf_plan *counters;	/* probed; NULL: none */
	const int *copies;	/* copy counts to sweep, ascending (--copies) */
	size_t n_copies;	/* 0: one copy */
};

/* Exit status for main: 0, 2 (environment error) or 128+signal. */
int run_suite(const struct run_opts *o);

#endif
