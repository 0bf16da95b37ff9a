// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A program linked -z now, as aimrun-test is, keeps the whole of libm
 * from the processes it forks (harness/child/dontfork.c): no mapping of it is
 * left in them, since none of them looks a symbol up, and a C library
 * function they call for the first time still returns.  The parent keeps
 * libm and still calls it.
 */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dontfork.h"
#include "tap.h"

/* Any mapping of a file whose name holds NAME; -1 if unreadable. */
static int
maps_has(const char *name)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];
	int found = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, name) != NULL)
			found = 1;
	(void)fclose(f);	/* read only: nothing to lose */
	return found;
}

/* The child's verdict as its exit status: 1 libm mapped, 2 a bad call. */
static void __attribute__((noreturn))
child_check(void)
{
	if (maps_has("/libm.so") != 0)
		_exit(1);
	_exit(strverscmp("aim9", "aim10") < 0 ? 0 : 2);
}

int
main(int argc, char **argv)
{
	volatile double x = cos((double)argc);	/* libm linked and called */
	int status = -1;
	long marked;
	pid_t pid;

	(void)argv;
	plan(5);
	ok(dontfork_bound_now() == 1, "a program linked -z now is bound now");
	if (maps_has("/libm.so") != 1) {
		skip("libm is not a shared library here");
		skip("as above");
		skip("as above");
		skip("as above");
		return done_testing();
	}
	marked = dontfork_object(dlsym(RTLD_DEFAULT, "cos"),
				 (const void *)(uintptr_t)main, 1);
	ok(marked > 0, "the whole of libm is marked (%ld bytes)", marked);
	pid = fork();
	if (pid < 0)
		bail("fork");
	if (pid == 0)
		child_check();
	if (waitpid(pid, &status, 0) != pid)
		bail("waitpid");
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a forked child maps no part of libm and binds a new C library "
	   "call (status %#x: 1 libm mapped, 2 a wrong result)",
	   (unsigned)status);
	ok(maps_has("/libm.so") == 1, "the parent keeps libm");
	x = sqrt(x + 4.0);
	ok(x > 1.0, "and still calls it");
	return done_testing();
}
