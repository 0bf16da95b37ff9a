/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What one run of a test came to, as the test process reports it and the
 * parent classifies it: a process of its own (harness/runner.c), the
 * copies of --copies summed (harness/copies.c) or the threads of
 * --threads (child_threads.c).
 */
#ifndef AIM_OUTCOME_H
#define AIM_OUTCOME_H

#include <stddef.h>
#include <stdint.h>

#include "ctx.h"
#include "measure.h"
#include "monitor.h"

enum runner_status {
	RUNNER_OK,
	RUNNER_SKIP,
	RUNNER_FAIL,
	RUNNER_TIMEOUT,
	RUNNER_CRASH,
	RUNNER_INTERRUPTED,	/* aimrun itself was told to stop */
};

struct runner_outcome {
	enum runner_status status;
	char reason[AIM_REASON_MAX];
	struct measure_sample *samples;	/* malloc'd, n_samples entries */
	size_t n_samples;
	int64_t warmup_calls;
	int64_t warmup_ns;
	/*
	 * The changes of the kernel's monitors over the warm-up and samples,
	 * sorted by name, each once (malloc'd); NULL: none read.
	 */
	struct monitor_val *monitors;
	size_t n_monitors;
};

#endif
