/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The child side of one test run: a fresh process that runs setup, the
 * timing loop and teardown, and reports through the result pipe.
 */
#ifndef AIM_CHILD_H
#define AIM_CHILD_H

#include "aim_test.h"
#include "timing.h"

struct copies_gate;
struct ctx_ipc;
struct monitor;
struct perf_plan;

struct child_cfg {
	const char *scratch;	/* private scratch directory or NULL */
	int scratch_fd;		/* set by runner_run(): SCRATCH, held open */
	unsigned long filesize_k;
	const char *datadir;
	struct timing_cfg timing;
	struct ctx_ipc *ipc;	/* set by runner_run(): what the test holds */
	const struct perf_plan *counters;	/* NULL: none */
	int pin;		/* --cpu N as N + 1; 0: not pinned */
	unsigned long memsize;	/* the mem family's large size, bytes */
	unsigned long zerosize;	/* zero-page memcmp bytes; 0: the default */
	int per_call;		/* --latency: every test timed per call */
	const struct copies_gate *gate;	/* --copies barrier; NULL: alone */
	int threads;		/* --threads: as many threads; 0: none */
	/*
	 * Read the kernel's monitors around the warm-up and the timed
	 * samples and send their changes: a test alone, the first of its
	 * copies, the first of its threads (lib/core/monitor.h).
	 */
	int monitors;
};

/*
 * Never returns: runs T in this process, writing records to FD, then
 * _exit(0).  Stdio goes to /dev/null so a test cannot disturb the table.
 */
void child_main(const struct aim_test *t, const struct child_cfg *cfg, int fd)
	__attribute__((noreturn));

/*
 * After setup, in the calling thread (child_threads.c): its meters, the
 * timing loop and teardown of the test of CTX, samples to EMIT, the
 * monitors MON (NULL: none) read around the timed period.  The test's
 * status.
 */
enum aim_status child_timed(const struct aim_test *t,
			    const struct child_cfg *cfg, struct aim_ctx *ctx,
			    timing_emit_fn emit, void *arg,
			    struct monitor *mon);

/*
 * aimrun --threads: T as CFG->threads threads of this process, each with
 * a context of its own made from BASE (a scratch subdirectory of its
 * own, no IPC table), set up, released together by a barrier, timed and
 * torn down.  EMIT gets the warm-up and the samples summed over the
 * threads, as copies_combine() sums copies; the status, with the reason
 * in BASE.  The first thread reads the monitors MON (NULL: none) around
 * its timed period: the machine's, which every thread's calls count in.
 */
enum aim_status child_threads(const struct aim_test *t,
			      const struct child_cfg *cfg,
			      struct aim_ctx *base, timing_emit_fn emit,
			      void *arg, struct monitor *mon);

/* Report a failure of the harness with REASON on FD, then _exit(0). */
void child_fail(int fd, const char *reason) __attribute__((noreturn));

#endif
