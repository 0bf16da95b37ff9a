/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimrun --check: what on this machine spoils measurements, each with
 * what to change.  The findings marked brief are also said at the start
 * of every run, one line each on stderr (unless $AIM_CHECK is "quiet").
 * /proc and /sys are read below a root: "" for the running system, or
 * $AIM_CHECK_ROOT, a made-up tree, so tests can plant each finding
 * (sysroot(), lib/core/sysroot.h).
 */
#ifndef AIM_CHECK_H
#define AIM_CHECK_H

#include <stddef.h>
#include <stdio.h>

#define CHECK_MAX 16
/*
 * aimrun --check's status when it found something to change, so a script
 * can act on it: 1 and 2 stay the errors' (as aimcmp's 3 for a regression).
 */
#define CHECK_EXIT_FOUND 3

struct check_finding {
	const char *what;	/* short name: "load", "governor", ... */
	char text[256];		/* what was found */
	const char *fix;	/* what to change */
	int brief;		/* said at the start of every run */
};

/*
 * The findings about the machine below ROOT for a run pinned to CPU
 * PIN - 1 (PIN 0: not pinned), at most CHECK_MAX, into OUT.  Returns
 * their number.
 */
size_t check_machine(const char *root, int pin, struct check_finding *out);

/* aimrun --check: every finding with its fix on F.  0, or -1 on error. */
int check_print(FILE *f, const struct check_finding *c, size_t n);

/* The brief findings, one aim_warn line each. */
void check_warn_brief(const struct check_finding *c, size_t n);

#endif
