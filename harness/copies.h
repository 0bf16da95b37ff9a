/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimrun --copies: N instances of one test at once, each its own process
 * under the runner's watchdog with its own scratch directory, SysV IPC
 * keys and meters, released together by a barrier after their setup.
 * The result's samples are the sums of the copies' calls per interval.
 */
#ifndef AIM_COPIES_H
#define AIM_COPIES_H

#include <stddef.h>

#include "copies_gate.h"
#include "copies_sum.h"
#include "runner.h"

/*
 * Run N copies of T under CFG (its scratch is ignored: each copy gets a
 * new directory under DIR when T needs one).  0 with OUT filled, as
 * runner_run(); -1 when the harness could not work (errno set).  A test
 * whose descriptor says it cannot run as copies is a skip with its reason.
 */
int copies_run(const struct aim_test *t, const struct runner_cfg *cfg, int n,
	       const char *dir, struct runner_outcome *out);

#endif
