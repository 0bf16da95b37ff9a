// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun-test: the process one test runs in.  aimrun forks and execs it
 * (harness/child_exec.c), so a test that forks forks a process holding
 * the C library, libm and the test code only, not aimrun's libraries.
 * Usage: aimrun-test FD, FD holding the block of harness/child/child_wire.h;
 * not a program to run by hand (it lives in $(pkglibexecdir)).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "child.h"
#include "child_wire.h"
#include "ctx.h"
#include "parse.h"

/* The whole block, and nothing after it.  0, or -1 with errno set. */
static int
read_block(int fd, struct child_wire *w)
{
	char *p = (char *)w, extra;
	size_t got = 0;
	ssize_t n;

	while (got < sizeof(*w)) {
		n = read(fd, p + got, sizeof(*w) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EPROTO;
			return -1;
		}
		got += (size_t)n;
	}
	while ((n = read(fd, &extra, 1)) < 0 && errno == EINTR)
		;
	if (n != 0) {
		errno = n < 0 ? errno : EPROTO;
		return -1;
	}
	return 0;
}

static int __attribute__((noreturn))
die(const char *what, const char *why)
{
	fprintf(stderr, "aimrun-test: %s: %s\n", what, why);
	_exit(2);
}

int
main(int argc, char **argv)
{
	static struct child_wire w;	/* 8 kB: off the test's stack */
	struct child_unpacked u;
	char err[160];
	long fd;

	if (argc != 2 || parse_long(argv[1], STDERR_FILENO + 1, INT_MAX,
				    &fd) != 0) {
		fprintf(stderr, "aimrun-test: runs one test for aimrun; "
			"not to be run by hand\n");
		return 1;
	}
	if (read_block((int)fd, &w) != 0)
		die("read the configuration", strerror(errno));
	(void)close((int)fd);	/* read to its end */
	if (child_wire_unpack(&w, &u, err, sizeof(err)) != 0)
		die("configuration", err);
	/*
	 * aimrun's descriptors are this process's: a program the test
	 * starts (exec_test's script, the shells) holds none of them.  The
	 * scratch directory stays open across exec, for /proc/self/fd/N.
	 */
	if (fcntl(u.result_fd, F_SETFD, FD_CLOEXEC) != 0 ||
	    (u.cfg.gate != NULL &&
	     (fcntl(u.gate.ready_fd, F_SETFD, FD_CLOEXEC) != 0 ||
	      fcntl(u.gate.go_fd, F_SETFD, FD_CLOEXEC) != 0)))
		die("keep aimrun's descriptors from the test's programs",
		    strerror(errno));
	if (u.ipc_fd >= 0) {
		u.cfg.ipc = ctx_ipc_attach(u.ipc_fd);
		if (u.cfg.ipc == NULL) {
			snprintf(err, sizeof(err), "map the IPC table: %s",
				 strerror(errno));
			child_fail(u.result_fd, err);
		}
		(void)close(u.ipc_fd);	/* the mapping stays */
		/*
		 * Keys are taken by the test process only: what it forks
		 * need not duplicate and unmap one more mapping per fork
		 * (doc/tests.md, "Against lmbench").  Failing costs time only.
		 */
		(void)madvise(u.cfg.ipc, sizeof(*u.cfg.ipc), MADV_DONTFORK);
	}
	child_main(u.test, &u.cfg, u.result_fd);
}
