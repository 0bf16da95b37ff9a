/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A test runs in a program of its own (harness/child/aimrun-test.c,
 * installed in $(pkglibexecdir)), linked with the C library and libm
 * only: a test that forks then forks a process that maps nothing of
 * aimrun's libraries (SQLite, GSL, json-c, libcsv, nettle), as AIM9's own
 * multitask program did.  aimrun forks, and the child execs that program
 * with the test's configuration in a block on an inherited descriptor.
 */
#ifndef AIM_CHILD_EXEC_H
#define AIM_CHILD_EXEC_H

#include "aim_test.h"
#include "child.h"

struct child_prog {
	int fd;		/* the program, O_PATH, close-on-exec */
	char *path;	/* for messages */
};

/*
 * Open the test program: next to this aimrun (its build tree, or a copy
 * of both programs) when it has aimrun's owner and only that owner may
 * write it, else in the configured $(pkglibexecdir); never through PATH
 * or the environment.
 * 0, or -1 with errno set (P->path names what was tried; free it with
 * child_prog_close()).
 */
int child_prog_open(struct child_prog *p);
void child_prog_close(struct child_prog *p);

/*
 * In the forked child: exec P to run T under C, its records on RESULT_FD,
 * the IPC table behind IPC_FD (-1: none).  The program gets this
 * process's environment.  When the exec fails, a failure with the reason
 * goes on RESULT_FD.  Never returns.
 */
void child_exec(const struct child_prog *p, const struct aim_test *t,
		const struct child_cfg *c, int result_fd, int ipc_fd)
	__attribute__((noreturn));

#endif
