/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a test process needs to know, as one fixed-size block: aimrun
 * writes it on a pipe the test program (harness/child/aimrun-test.c) reads
 * after execve, and that side trusts none of it until checked.
 */
#ifndef AIM_CHILD_WIRE_H
#define AIM_CHILD_WIRE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "aim_test.h"
#include "child.h"
#include "copies_gate.h"
#include "copies_sum.h"
#include "perf.h"

/* The block's form; another value is another program's block. */
#define CHILD_WIRE_MAGIC 0x61696d31u	/* "aim1" */

struct child_wire {
	uint32_t magic;
	uint32_t size;		/* sizeof(struct child_wire) */
	char test[64];		/* aim_test_find() name */
	char scratch[PATH_MAX];	/* "" when the test has none */
	char datadir[PATH_MAX];	/* "" when none */
	int32_t result_fd, scratch_fd, ipc_fd;	/* -1: none */
	int32_t ready_fd, go_fd, copy;		/* the --copies gate, -1: none */
	int64_t warmup_ns, duration_ns, batch_ns;
	int32_t samples, samples_fixed, per_call;
	uint64_t filesize_k, memsize, zerosize;
	int32_t has_counters, counters_grouped;
	uint32_t counters_want;
	int32_t pin;
	int32_t threads;	/* --threads: as many; 0: none */
	int32_t monitors;	/* read the kernel's monitors: 0 or 1 */
};

/*
 * The block for running T under C, with the result pipe RESULT_FD and the
 * IPC table IPC_FD.  0, or -1 with errno ENAMETOOLONG when a name does
 * not fit.
 */
int child_wire_pack(struct child_wire *w, const struct aim_test *t,
		    const struct child_cfg *c, int result_fd, int ipc_fd);

/*
 * What a test process keeps of a checked block: its configuration and
 * the storage that configuration points into.
 */
struct child_unpacked {
	const struct aim_test *test;
	struct child_cfg cfg;
	struct perf_plan counters;
	struct copies_gate gate;
	int result_fd;
	int ipc_fd;
};

/*
 * Check W (every number in range, every string terminated, every
 * descriptor open, the test known) and fill U, which points into W.
 * 0, or -1 with a one-line reason in ERR.
 */
int child_wire_unpack(struct child_wire *w, struct child_unpacked *u,
		      char *err, size_t errlen);

#endif
