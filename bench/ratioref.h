/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The references of bench/side-by-side.sh: for each classic test whose
 * shape fits in a few lines, the same work per call as a plain C loop in a
 * small program of its own (bench/ratioref), linked with the C library
 * only, so that what differs from aimrun is the harness and nothing else.
 */
#ifndef AIM_RATIOREF_H
#define AIM_RATIOREF_H

#include <stddef.h>

/* What a reference keeps between its calls. */
struct refenv {
	const char *dir;	/* scratch directory, also the working one */
	unsigned pos;		/* the IPC tests' message-size cycle */
	unsigned serial;	/* a new file name per call */
	char path[256];		/* creat-clo's file, fifo_test's FIFO */
	char buf[2048];		/* one message of the IPC tests */
};

struct ratioref {
	const char *test;	/* the aimkit test it stands for */
	int needs_dir;		/* DIR is required (files, exec) */
	/* Untimed, once; may be NULL. */
	void (*setup)(struct refenv *env);
	/* One call of the test's work; exits with status 2 on an error. */
	void (*call)(struct refenv *env);
};

/* Each file's references, terminated by an entry whose test is NULL. */
extern const struct ratioref ratioref_proc[];	/* ratioref.c */
extern const struct ratioref ratioref_sys[];	/* ratioref_sys.c */
extern const struct ratioref ratioref_ipc[];	/* ratioref_ipc.c */
extern const struct ratioref ratioref_cpu[];	/* ratioref_cpu.c */

/* "ratioref: WHAT: strerror(errno)" on stderr, then exit 2. */
void ratioref_die(const char *what) __attribute__((noreturn));

#endif
