// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What libm mapped into a forked child costs each fork: one process
 * linked with libm alternates rounds of 100 forks (fork, _exit, waitpid)
 * with libm handed to its children and kept from them (MADV_DONTFORK,
 * harness/child/dontfork.c, as the test process does), so the load of a shared
 * machine falls on both alike.  Prints the best and median microseconds
 * per fork of each.  Usage: bench/forklibm [ROUNDS] (default 150).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dontfork.h"

#define ROUNDS_MAX 10000

struct span {
	uintptr_t lo, hi;
};

struct spans {
	struct span s[16];
	int n;
};

/* libm's loaded segments, to hand them back to children (MADV_DOFORK). */
static int
find_libm(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct spans *sp = arg;

	(void)size;
	if (info->dlpi_name == NULL || strstr(info->dlpi_name, "/libm.so") == NULL)
		return 0;
	for (int k = 0; k < info->dlpi_phnum && sp->n < 16; k++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[k];
		uintptr_t lo = info->dlpi_addr + p->p_vaddr;

		if (p->p_type != PT_LOAD)
			continue;
		sp->s[sp->n].lo = lo & ~(uintptr_t)4095;
		sp->s[sp->n].hi = (lo + p->p_memsz + 4095) & ~(uintptr_t)4095;
		sp->n++;
	}
	return 1;
}

static double
now_us(void)
{
	struct timespec t;

	(void)clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* Microseconds per fork over N forks, or -1. */
static double
forks(int n)
{
	double t0 = now_us();

	for (int i = 0; i < n; i++) {
		pid_t p = fork();

		if (p < 0)
			return -1;
		if (p == 0)
			_exit(0);
		if (waitpid(p, NULL, 0) != p)
			return -1;
	}
	return (now_us() - t0) / n;
}

static int
by_value(const void *a, const void *b)
{
	double d = *(const double *)a - *(const double *)b;

	return (d > 0) - (d < 0);
}

static void
report(const char *what, double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), by_value);
	printf("%-28s best %8.1f us  median %8.1f us per fork\n", what, v[0],
	       v[n / 2]);
}

int
main(int argc, char **argv)
{
	static double shared[ROUNDS_MAX], kept[ROUNDS_MAX];
	volatile double sink = cos(argc);	/* libm is linked and called */
	struct spans sp = { .n = 0 };
	long r = argc > 1 ? strtol(argv[1], NULL, 10) : 150;

	(void)sink;
	if (r < 2 || r > ROUNDS_MAX) {
		fprintf(stderr, "forklibm: ROUNDS from 2 to %d\n", ROUNDS_MAX);
		return 1;
	}
	(void)dl_iterate_phdr(find_libm, &sp);
	if (sp.n == 0) {
		fprintf(stderr, "forklibm: libm is not a shared library here\n");
		return 2;
	}
	for (int i = 0; i < (int)r; i++) {
		for (int k = 0; k < sp.n; k++)
			(void)madvise((void *)sp.s[k].lo, sp.s[k].hi - sp.s[k].lo,
				      MADV_DOFORK);
		shared[i] = forks(100);
		if (dontfork_object(dlsym(RTLD_DEFAULT, "cos"),
				    (const void *)(uintptr_t)main,
				    dontfork_bound_now()) <= 0) {
			fprintf(stderr, "forklibm: cannot keep libm from children\n");
			return 2;
		}
		kept[i] = forks(100);
		if (shared[i] < 0 || kept[i] < 0) {
			perror("forklibm: fork");
			return 2;
		}
	}
	report("libm mapped in children", shared, (int)r);
	report("libm kept from children", kept, (int)r);
	printf("load average: ");
	fflush(stdout);
	return execl("/bin/cat", "cat", "/proc/loadavg", (char *)NULL) < 0 ? 2 : 0;
}
