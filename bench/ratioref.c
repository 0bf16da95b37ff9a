// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The references bench/side-by-side.sh holds aimkit's classic tests
 * against, written the way lmbench's lat_proc times process creation: a
 * small program that does one test's work per call in a loop and divides
 * by the time.  It links nothing of aimkit (no SQLite, no json-c) and
 * reads the clock itself, so what it measures is the work in the smallest
 * process that can do it.
 *
 *   ratioref TEST SECS [DIR]
 *
 * TEST is the aimkit test's name (fork_test, brk_test, pipe_cpy, add_long,
 * ...; `ratioref list` names them all); DIR is a scratch directory, the
 * working directory of the calls, for the tests that make files or exec
 * DIR/true (exec_test).  Prints calls per second on one line: aimrun's
 * iteration rate, then the share of the timed period the process stood
 * ready to run without a CPU (its run delay, as aimrun's test process
 * reads it for each sample: "-" when /proc gives none).  A tenth of SECS
 * is run first untimed, as aimrun warms up.  This file: the process tests
 * (fork, exec) and jmp_test; the others are in ratioref_sys.c,
 * ratioref_ipc.c and ratioref_cpu.c.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ratioref.h"

#define JMP_DEPTH 10

void
ratioref_die(const char *what)
{
	fprintf(stderr, "ratioref: %s: %s\n", what, strerror(errno));
	exit(2);
}

static double
now_s(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		ratioref_die("clock_gettime");
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * One child: exec SCRIPT if it is not NULL, else exit at once.  exec_test
 * runs ./true from its scratch directory, its working directory.
 */
static void
spawn_reap(const char *script)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		ratioref_die("fork");
	if (pid == 0) {
		if (script != NULL) {
			char *argv[] = { (char *)"true", NULL };
			extern char **environ;

			execve(script, argv, environ);
			_exit(127);
		}
		_exit(0);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			ratioref_die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "ratioref: child: status %#x\n", status);
		exit(2);
	}
}

static void
fork_call(struct refenv *env)
{
	(void)env;
	for (int i = 0; i < 100; i++)
		spawn_reap(NULL);
}

static void
exec_call(struct refenv *env)
{
	(void)env;
	for (int i = 0; i < 5; i++)
		spawn_reap("./true");
}

/* Aligned as tests-aim/cpu/jmp.c aligns its two. */
static __attribute__((noinline, aligned(64))) void
descend(jmp_buf *env, int left)
{
	if (left < 0)
		return;
	if (left == 0)
		longjmp(*env, 1);
	descend(env, left - 1);
	__asm__ volatile("" ::: "memory");
}

static __attribute__((noinline, aligned(64))) int
one_jump(int depth)
{
	jmp_buf env;

	if (setjmp(env) != 0)
		return 1;
	descend(&env, depth);
	return 0;
}

static void
jmp_call(struct refenv *env)
{
	int depth = JMP_DEPTH;
	long got = 0;

	(void)env;
	__asm__ volatile("" : "+r"(depth));
	for (int i = 0; i < 1000; i++)
		got += one_jump(depth);
	if (got != 1000) {
		fprintf(stderr, "ratioref: %ld of 1000 jumps landed\n", got);
		exit(2);
	}
	__asm__ volatile("" : : "r"(got) : "memory");
}

const struct ratioref ratioref_proc[] = {
	{ "fork_test", 0, NULL, fork_call },
	{ "exec_test", 1, NULL, exec_call },
	{ "jmp_test", 0, NULL, jmp_call },
	{ NULL, 0, NULL, NULL },
};

static const struct ratioref *const ratioref_files[] = {
	ratioref_proc, ratioref_sys, ratioref_ipc, ratioref_cpu,
};

static const struct ratioref *
find(const char *test)
{
	for (size_t f = 0; f < sizeof(ratioref_files) /
	     sizeof(ratioref_files[0]); f++)
		for (const struct ratioref *r = ratioref_files[f];
		     r->test != NULL; r++)
			if (test != NULL && strcmp(r->test, test) == 0)
				return r;
	return NULL;
}

static void
list(void)
{
	for (size_t f = 0; f < sizeof(ratioref_files) /
	     sizeof(ratioref_files[0]); f++)
		for (const struct ratioref *r = ratioref_files[f];
		     r->test != NULL; r++)
			printf("%s%s\n", r->test, r->needs_dir ? " dir" : "");
}

/*
 * The time this thread has waited for a CPU while ready to run, in ns
 * (the second field of its schedstat), or -1.  Read into the stack: stdio
 * would allocate a buffer, and a written heap alone slows brk_test by
 * 10 % (doc/tests.md, "The heap below the break").
 */
static long long
run_delay_ns(void)
{
	char buf[128], *p, *end;
	int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	long long ns;

	if (fd >= 0)
		(void)close(fd);	/* read-only */
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	(void)strtoll(buf, &p, 10);	/* the time on a CPU */
	errno = 0;
	ns = strtoll(p, &end, 10);
	return errno != 0 || end == p || ns < 0 ? -1 : ns;
}

/*
 * Calls for SECS after a tenth of it untimed; calls per second, and in
 * *WAIT the share of the timed period spent waiting for a CPU (< 0: none
 * read).
 */
static double
rate(const struct ratioref *r, struct refenv *env, double secs, double *wait)
{
	double t0 = now_s(), t;
	long long d0, d1;
	long calls = 0;

	while (now_s() - t0 < secs / 10)
		r->call(env);
	d0 = run_delay_ns();
	t0 = now_s();
	do {
		r->call(env);
		calls++;
		t = now_s();
	} while (t - t0 < secs);
	d1 = run_delay_ns();
	*wait = d0 < 0 || d1 < d0 ? -1 : (double)(d1 - d0) * 1e-9 / (t - t0);
	return (double)calls / (t - t0);
}

int
main(int argc, char **argv)
{
	const struct ratioref *r = argc >= 2 ? find(argv[1]) : NULL;
	static struct refenv env;	/* 2 kB of buffers: off the stack */
	char *end;
	double secs, calls_s, wait;

	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		list();
		return 0;
	}
	if (r == NULL || argc < 3 || argc > 4 || (r->needs_dir && argc != 4)) {
		fprintf(stderr, "usage: ratioref TEST SECS [DIR] | list\n");
		return 1;
	}
	errno = 0;
	secs = strtod(argv[2], &end);
	if (errno != 0 || *end != '\0' || !(secs > 0 && secs <= 3600)) {
		fprintf(stderr, "ratioref: SECS: not a number of seconds in (0, 3600]\n");
		return 1;
	}
	env.dir = argc == 4 ? argv[3] : NULL;
	if (env.dir != NULL && chdir(env.dir) != 0)
		ratioref_die(env.dir);
	if (r->setup != NULL)
		r->setup(&env);
	calls_s = rate(r, &env, secs, &wait);
	if (wait >= 0)
		printf("%.6g %.6f\n", calls_s, wait);
	else
		printf("%.6g -\n", calls_s);
	return 0;
}
