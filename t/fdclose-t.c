// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fd_cloexec_from() (harness/fdclose.c), both ways: close_range() and
 * the /proc/self/fd listing it falls back on before Linux 5.11.  Every
 * descriptor from the number given up is close-on-exec afterwards, a high
 * one included; those below it and stdio are left as they were.
 */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>

#include "fdclose.h"
#include "tap.h"

#define HIGH 300

static int
cloexec(int fd)
{
	int f = fcntl(fd, F_GETFD);

	return f < 0 ? -1 : (f & FD_CLOEXEC) != 0;
}

static void
one_way(int by_proc)
{
	const char *how = by_proc ? "listing" : "close_range";
	int below = open("/dev/null", O_RDONLY), from, p[2];

	from = open("/dev/null", O_RDONLY);
	if (below < 0 || from < 0 || pipe(p) != 0 || dup2(from, HIGH) != HIGH)
		bail("cannot open descriptors");
	ok(cloexec(below) == 0 && cloexec(from) == 0 && cloexec(p[0]) == 0 &&
	   cloexec(p[1]) == 0 && cloexec(HIGH) == 0,
	   "%s: none close-on-exec before", how);
	is_int(fd_cloexec_from(from, by_proc), 0, "%s: done", how);
	ok(cloexec(from) == 1 && cloexec(p[0]) == 1 && cloexec(p[1]) == 1,
	   "%s: the first and those after it marked", how);
	is_int(cloexec(HIGH), 1, "%s: a high one marked too", how);
	is_int(cloexec(below), 0, "%s: one below left alone", how);
	ok(cloexec(0) == 0 && cloexec(1) == 0 && cloexec(2) == 0,
	   "%s: stdio left alone", how);
	(void)close(below);	/* /dev/null and pipes: nothing to flush */
	(void)close(from);
	(void)close(p[0]);
	(void)close(p[1]);
	(void)close(HIGH);
}

int
main(void)
{
	plan(13);
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_SETFD, 0) != 0)
			bail("stdio is not open");
	one_way(0);
	one_way(1);
	is_int(fd_cloexec_from(-1, 1), -1, "a negative start is refused");
	return done_testing();
}
