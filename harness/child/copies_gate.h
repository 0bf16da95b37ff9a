/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The barrier of aimrun --copies after setup, in the test process (the
 * parent's side is harness/copies.c).
 */
#ifndef AIM_COPIES_GATE_H
#define AIM_COPIES_GATE_H

/*
 * The barrier as the test process sees it: after setup it writes its
 * copy number to READY_FD, then, if setup succeeded, waits on GO_FD for
 * end of file (the parent closes the only write end once every copy is
 * ready or gone).
 */
struct copies_gate {
	int ready_fd;
	int go_fd;
	int copy;		/* 0 .. n-1 */
};

/* In the test process: report setup done (OK: it succeeded), wait. */
void copies_gate_pass(const struct copies_gate *g, int ok);

#endif
