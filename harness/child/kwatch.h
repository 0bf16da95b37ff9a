/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a run of aimrun watches of the kernel besides its tests: which of
 * the kernel's monitors the test processes read (lib/core/monitor.h),
 * and the kernel log, opened when the run begins and read after each
 * result, whose lines of level warning and above are stored with that
 * result (lib/core/klog.h).  aimrun's run.c and cmd.c share it: the
 * facts of the run, the lines of each result and the one line at the
 * end.  With the meters: the parent's side of what a test process reads.
 */
#ifndef AIM_KWATCH_H
#define AIM_KWATCH_H

#include <stddef.h>

#include "klog.h"

struct kwatch {
	int monitors;		/* some monitor reads here: read them */
	char monitors_fact[64];	/* the fact "monitors": the sources, or none */
	struct klog log;	/* fd -1: not read */
	char log_fact[160];	/* the fact "kernel_log" */
	struct klog_line *lines;	/* the last result's, KLOG_LINES_MAX room */
	size_t n_lines;
	size_t seen;		/* lines of the run, kept or not */
	char first[200];	/* where and what the first was, printable */
};

/* Find the monitors that read and open the log from its end. */
void kwatch_open(struct kwatch *w);
/*
 * Fact I of the run (from 0): "monitors" and "kernel_log", as *KEY and
 * *VALUE.  0 past the last.
 */
int kwatch_fact(const struct kwatch *w, int i, const char **key,
		const char **value);
/*
 * The log's lines since the last call into W->lines and W->n_lines, for
 * the result of TEST about to be stored (none when the log is not read).
 */
void kwatch_take(struct kwatch *w, const char *test);
/* The one line on the log, on stderr, when it had lines. */
void kwatch_say(const struct kwatch *w);
void kwatch_close(struct kwatch *w);

#endif
