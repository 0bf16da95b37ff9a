// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun's side of a test process: find the test program once, then per
 * test fork (runner.c) and exec it here with its configuration.
 */
#include "config.h"

#include "child_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child_wire.h"
#include "fdclose.h"
#include "paths.h"

/*
 * Open P->path.  BESIDE: it lies next to the running aimrun, and is used
 * only if it has aimrun's owner and nobody else may write it, so a name
 * planted in a shared directory (a copy of aimrun in /tmp) is refused.
 */
static int
open_checked(struct child_prog *p, int beside)
{
	struct stat st, me;

	p->fd = open(p->path, O_PATH | O_CLOEXEC | (beside ? O_NOFOLLOW : 0));
	if (p->fd < 0)
		return -1;
	if (fstat(p->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (!beside || (stat("/proc/self/exe", &me) == 0 &&
			 st.st_uid == me.st_uid &&
			 !(st.st_mode & (S_IWGRP | S_IWOTH)))))
		return 0;
	(void)close(p->fd);	/* O_PATH: nothing to flush */
	p->fd = -1;
	errno = EACCES;
	return -1;
}

int
child_prog_open(struct child_prog *p)
{
	p->path = paths_beside_exe("aimrun-test");
	if (p->path != NULL && open_checked(p, 1) == 0)
		return 0;
	free(p->path);
	p->path = paths_pkglibexec("aimrun-test");
	return open_checked(p, 0);
}

void
child_prog_close(struct child_prog *p)
{
	int err = errno;

	if (p->fd >= 0)
		(void)close(p->fd);	/* O_PATH: nothing to flush */
	p->fd = -1;
	free(p->path);
	p->path = NULL;
	errno = err;
}

/*
 * FD, moved above stdio if it is there (aimrun started with one closed),
 * kept across exec.  The test program sends stdio to /dev/null.
 */
static int
pass_fd(int fd)
{
	if (fd < 0)
		return fd;
	if (fd <= STDERR_FILENO)
		return fcntl(fd, F_DUPFD, STDERR_FILENO + 1);
	return fcntl(fd, F_SETFD, 0) == 0 ? fd : -1;
}

/* The block in a memfd: a pipe could be too small to hold it unread. */
static int
wire_fd(const struct child_wire *w)
{
	int fd = memfd_create("aim-cfg", 0);

	if (fd < 0)
		return -1;
	if (write(fd, w, sizeof(*w)) != (ssize_t)sizeof(*w) ||
	    lseek(fd, 0, SEEK_SET) != 0 || (fd = pass_fd(fd)) < 0)
		return -1;
	return fd;
}

static void __attribute__((noreturn))
fail(int result_fd, const char *what, const char *path)
{
	char why[AIM_REASON_MAX];

	snprintf(why, sizeof(why), "%s %.120s: %s", what, path,
		 strerror(errno));
	child_fail(result_fd, why);
}

void
child_exec(const struct child_prog *p, const struct aim_test *t,
	   const struct child_cfg *c, int result_fd, int ipc_fd)
{
	struct child_cfg cc = *c;
	struct copies_gate gate;
	struct child_wire w;
	char arg[16];
	char *argv[] = { (char *)"aimrun-test", arg, NULL };
	int cfg_fd;

	/* Here: once the program runs, the parent's setpgid() fails. */
	(void)setpgid(0, 0);
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);	/* kept across exec */
	/*
	 * What aimrun's caller left open (a lock, a socket, a shell's pipe)
	 * would reach the test and every program it starts, and a high one
	 * grows the table each of its forks copies; the descriptors passed
	 * below are kept again.  Failing leaves a stray descriptor, not a
	 * wrong result.
	 */
	(void)fd_cloexec_from(STDERR_FILENO + 1, 0);
	if ((result_fd = pass_fd(result_fd)) < 0)
		_exit(3);	/* no way to say why; the parent says so */
	if (cc.scratch != NULL && (cc.scratch_fd = pass_fd(cc.scratch_fd)) < 0)
		fail(result_fd, "keep the directory of", cc.scratch);
	if (c->gate != NULL) {
		gate = *c->gate;
		gate.ready_fd = pass_fd(gate.ready_fd);
		gate.go_fd = pass_fd(gate.go_fd);
		if (gate.ready_fd < 0 || gate.go_fd < 0)
			fail(result_fd, "keep the barrier for", p->path);
		cc.gate = &gate;
	}
	if (ipc_fd >= 0 && (ipc_fd = pass_fd(ipc_fd)) < 0)
		fail(result_fd, "keep the IPC table for", p->path);
	if (child_wire_pack(&w, t, &cc, result_fd, ipc_fd) != 0)
		fail(result_fd, "configure", p->path);
	cfg_fd = wire_fd(&w);
	if (cfg_fd < 0)
		fail(result_fd, "configure", p->path);
	snprintf(arg, sizeof(arg), "%d", cfg_fd);
	(void)execveat(p->fd, "", argv, environ, AT_EMPTY_PATH);
	fail(result_fd, "cannot execute", p->path);
}
