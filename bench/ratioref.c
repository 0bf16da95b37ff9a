/*
 * The references bench/ratio.sh holds aimkit's fork_test, exec_test and
 * jmp_test against, written the way lmbench's lat_proc times process
 * creation: a small program that does the one operation in a loop and
 * divides by the time.  It links nothing of aimkit (no SQLite, no json-c),
 * and reads the clock itself, so what it measures is the operation in the
 * smallest process that can do it.
 *
 *   ratioref fork SECS         fork, child _exit(0), parent waitpid
 *   ratioref exec SECS SCRIPT  fork, child execve(SCRIPT), parent waitpid
 *   ratioref jmp SECS          setjmp, ten calls down, longjmp back
 *
 * Prints operations per second on one line.  A tenth of SECS is run first
 * untimed, as aimrun warms up.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define JMP_DEPTH 10

typedef long (*batch_fn)(const char *script);

static double
now_s(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
		perror("ratioref: clock_gettime");
		exit(2);
	}
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One child: exec SCRIPT if it is not NULL, else exit at once. */
static void
spawn_reap(const char *script)
{
	pid_t pid = fork();
	int status;

	if (pid < 0) {
		perror("ratioref: fork");
		exit(2);
	}
	if (pid == 0) {
		if (script != NULL) {
			char *argv[] = { (char *)"true", NULL };
			extern char **environ;

			execve(script, argv, environ);
			_exit(127);
		}
		_exit(0);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			perror("ratioref: waitpid");
			exit(2);
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "ratioref: child: status %#x\n", status);
		exit(2);
	}
}

static long
fork_batch(const char *script)
{
	(void)script;
	for (int i = 0; i < 100; i++)
		spawn_reap(NULL);
	return 100;
}

static long
exec_batch(const char *script)
{
	for (int i = 0; i < 5; i++)
		spawn_reap(script);
	return 5;
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

static long
jmp_batch(const char *script)
{
	int depth = JMP_DEPTH;
	long got = 0;

	(void)script;
	__asm__ volatile("" : "+r"(depth));
	for (int i = 0; i < 1000; i++)
		got += one_jump(depth);
	if (got != 1000) {
		fprintf(stderr, "ratioref: %ld of 1000 jumps landed\n", got);
		exit(2);
	}
	return got;
}

/* Run batches for SECS; the operations per second of the whole span. */
static double
rate(batch_fn fn, const char *script, double secs)
{
	double t0 = now_s(), t;
	long ops = 0;

	while (now_s() - t0 < secs / 10)
		(void)fn(script);
	t0 = now_s();
	do {
		ops += fn(script);
		t = now_s();
	} while (t - t0 < secs);
	return (double)ops / (t - t0);
}

int
main(int argc, char **argv)
{
	batch_fn fn = NULL;
	char *end;
	double secs;

	if (argc >= 3) {
		if (strcmp(argv[1], "fork") == 0 && argc == 3)
			fn = fork_batch;
		else if (strcmp(argv[1], "exec") == 0 && argc == 4)
			fn = exec_batch;
		else if (strcmp(argv[1], "jmp") == 0 && argc == 3)
			fn = jmp_batch;
	}
	if (fn == NULL) {
		fprintf(stderr, "usage: ratioref fork|jmp SECS | exec SECS SCRIPT\n");
		return 1;
	}
	errno = 0;
	secs = strtod(argv[2], &end);
	if (errno != 0 || *end != '\0' || !(secs > 0 && secs <= 3600)) {
		fprintf(stderr, "ratioref: SECS: not a number of seconds in (0, 3600]\n");
		return 1;
	}
	printf("%.6g\n", rate(fn, argc == 4 ? argv[3] : NULL, secs));
	return 0;
}
