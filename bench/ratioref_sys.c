// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * References of the system tests that need one process and no channel:
 * brk_test and page_test, signal_test, creat-clo and link_test, each one
 * call of the aimkit test's work (doc/tests.md) as a plain C loop.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ratioref.h"

/* The signal handler's count: a handler can reach nothing else. */
static volatile sig_atomic_t traps;

/*
 * sbrk(0), +1 MiB, PASSES x (-64 KiB, 16 x +4 KiB), the break back.  The
 * program touches no heap before its calls, so the break moves over a
 * mapping of its own, as brk_test's and page_test's do.
 */
static void
brk_cycle(int passes, int dirty)
{
	char *old = sbrk(0);
	uintptr_t sum = 0;

	if (old == (void *)-1 || sbrk(1024 * 1024) == (void *)-1)
		ratioref_die("sbrk");
	for (int n = 0; n < passes; n++) {
		if (sbrk(-16 * 4096) == (void *)-1)
			ratioref_die("sbrk(-64 KiB)");
		for (int i = 0; i < 16; i++) {
			char *cp = sbrk(4096);

			if (cp == (void *)-1)
				ratioref_die("sbrk(+4 KiB)");
			for (int j = 0; dirty && j < 4096; j += 128)
				cp[j] = ' ';
			__asm__ volatile("" : : "r"(cp) : "memory");
			sum += (uintptr_t)cp;
		}
	}
	if (brk(old) != 0)
		ratioref_die("brk");
	__asm__ volatile("" : : "r"(sum) : "memory");
}

static void
brk_call(struct refenv *env)
{
	(void)env;
	brk_cycle(1000, 0);
}

static void
page_call(struct refenv *env)
{
	(void)env;
	brk_cycle(100, 1);
}

static void
count_trap(int signo)
{
	(void)signo;
	traps++;
}

static void
signal_setup(struct refenv *env)
{
	struct sigaction sa;

	(void)env;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = count_trap;
	sa.sa_flags = SA_RESTART;
	if (sigemptyset(&sa.sa_mask) != 0 || sigaction(SIGUSR2, &sa, NULL) != 0)
		ratioref_die("sigaction");
}

static void
signal_call(struct refenv *env)
{
	pid_t self = getpid();

	(void)env;
	traps = 0;
	while (traps < 1000) {
		sig_atomic_t before = traps;

		if (kill(self, SIGUSR2) != 0)
			ratioref_die("kill");
		if (traps == before) {
			errno = EAGAIN;
			ratioref_die("SIGUSR2 not delivered");
		}
	}
}

/* DIR/NAME with a number, a new one per call, as the tests name files. */
static void
name(struct refenv *env, char *buf, size_t len, const char *prefix)
{
	int n = snprintf(buf, len, "%s/%s%05d%05u", env->dir, prefix,
			 (int)(getpid() % 100000), env->serial);

	env->serial = (env->serial + 1) % 100000;
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		ratioref_die(prefix);
	}
}

static void
creat_call(struct refenv *env)
{
	int fd, flags = O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_NOFOLLOW;

	name(env, env->path, sizeof(env->path), "tmpb.");
	for (int i = 0; i < 1000; i++) {
		fd = open(env->path, flags, 0600);
		if (fd < 0 || close(fd) != 0)
			ratioref_die("creat");
		flags &= ~O_EXCL;
	}
	if (unlink(env->path) != 0)
		ratioref_die("unlink");
}

/* Create, 7 links, 9 x 7 x (unlink, link), unlink all 8, close. */
static void
link_call(struct refenv *env)
{
	char names[8][256];
	int fd;

	for (int i = 0; i < 8; i++)
		name(env, names[i], sizeof(names[i]), "link");
	fd = open(names[0], O_WRONLY | O_CREAT | O_EXCL | O_TRUNC |
		  O_NOFOLLOW, 0600);
	if (fd < 0)
		ratioref_die("creat");
	for (int i = 1; i < 8; i++)
		if (link(names[0], names[i]) != 0)
			ratioref_die("link");
	for (int n = 0; n < 9; n++)
		for (int i = 1; i < 8; i++)
			if (unlink(names[i]) != 0 ||
			    link(names[0], names[i]) != 0)
				ratioref_die("unlink, link");
	for (int i = 0; i < 8; i++)
		if (unlink(names[i]) != 0)
			ratioref_die("unlink");
	if (close(fd) != 0)
		ratioref_die("close");
}

const struct ratioref ratioref_sys[] = {
	{ "page_test", 0, NULL, page_call },
	{ "brk_test", 0, NULL, brk_call },
	{ "signal_test", 0, signal_setup, signal_call },
	{ "creat-clo", 1, NULL, creat_call },
	{ "link_test", 1, NULL, link_call },
	{ NULL, 0, NULL, NULL },
};
