// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Is a CPU test's level a property of its process (where its stack, heap
 * and code landed) or of the moment (the host)?  doc/statistics.md,
 * "Levels".  A persistent parent and a fresh copy of this program, exec'd
 * for each child (so with its own address-space layout), take turns at
 * equal pieces of the test's own run(): a piece in the parent, then one in
 * the child, ROUNDS times.  Both meet the same moment of the host, so the
 * child's rate over the parent's is the process's own effect.  Both run
 * on the CPU the parent started on: two CPUs of a virtual machine need
 * not run at the same speed at the same moment.
 *
 *   levels TEST CHILDREN ROUNDS [CALLS]
 *   levels --canary TEST PIECES [CALLS]
 *
 * TEST is a test that needs nothing from the machine (fun_cal15,
 * add_double, ...); a piece is CALLS calls of it (default 16).  Prints a
 * line per child (the median of its ROUNDS ratios child/parent, and the
 * pair's rates in calls/s), then how many children's medians lie more than
 * 3 % from 1 and how far the parent's own rate moved from child to child.
 *
 * With --canary, one process alternates PIECES pieces of TEST and of
 * aimrun's canary loop (harness/canary.c), 10 canary loops a piece, and
 * prints the cv of each, their correlation and the cv of their ratio:
 * whether the canary moves when the test does.
 */
#include "config.h"

#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gsl/gsl_statistics_double.h>

#include "aim_test.h"
#include "canary.h"
#include "ctx.h"
#include "parse.h"
#include "stats.h"

#define MAX_ROUNDS 256
#define FAR 0.03	/* a child's median this far from 1 has a level */

static double
now_s(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
		perror("levels: clock_gettime");
		exit(2);
	}
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long
arg_long(const char *s, long lo, long hi, const char *what)
{
	long v;

	if (parse_long(s, lo, hi, &v) != 0) {
		fprintf(stderr, "levels: %s: %s: not a number from %ld to %ld\n",
			what, s, lo, hi);
		exit(1);
	}
	return v;
}

/* Seconds CALLS calls of T took; exits on a failed call. */
static double
piece(const struct aim_test *t, struct aim_ctx *ctx, long calls)
{
	double t0 = now_s();

	for (long i = 0; i < calls; i++)
		if (t->run(ctx) != AIM_OK) {
			fprintf(stderr, "levels: %s: %s\n", t->info->name,
				ctx->reason);
			exit(2);
		}
	return now_s() - t0;
}

static void
setup(const struct aim_test *t, struct aim_ctx *ctx)
{
	ctx_init(ctx, NULL, 5120, NULL);
	ctx->param = t->param;
	if (t->setup != NULL && t->setup(ctx) != AIM_OK) {
		fprintf(stderr, "levels: %s: setup: %s\n", t->info->name,
			ctx->reason);
		exit(2);
	}
}

/* The child: a piece for every byte on stdin, its seconds on stdout. */
static int
child(const struct aim_test *t, long calls)
{
	struct aim_ctx ctx;
	char c;

	setup(t, &ctx);
	while (read(STDIN_FILENO, &c, 1) == 1) {
		double s = piece(t, &ctx, calls);

		if (write(STDOUT_FILENO, &s, sizeof(s)) != (ssize_t)sizeof(s))
			return 2;
	}
	if (t->teardown != NULL)
		t->teardown(&ctx);
	return 0;
}

/* Keep this process, and the children it starts, on the CPU it is on. */
static int
pin_here(void)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Start a child on pipes; *TO writes to it, *FROM reads from it. */
static pid_t
spawn(const char *self, const char *test, const char *calls, int *to,
      int *from)
{
	int down[2], up[2];
	pid_t pid;

	if (pipe2(down, O_CLOEXEC) != 0 || pipe2(up, O_CLOEXEC) != 0) {
		perror("levels: pipe");
		exit(2);
	}
	pid = fork();
	if (pid < 0) {
		perror("levels: fork");
		exit(2);
	}
	if (pid == 0) {
		/* dup2 clears close-on-exec on the copies only. */
		if (dup2(down[0], STDIN_FILENO) < 0 ||
		    dup2(up[1], STDOUT_FILENO) < 0)
			_exit(127);
		execl(self, "levels", "--child", test, calls, (char *)NULL);
		_exit(127);
	}
	(void)close(down[0]);
	(void)close(up[1]);
	*to = down[1];
	*from = up[0];
	return pid;
}

/* One child's ROUNDS turns; its median ratio, the pair's rates in RATE. */
static double
turns(const struct aim_test *t, struct aim_ctx *ctx, long calls, int rounds,
      int to, int from, double rate[2])
{
	double q[MAX_ROUNDS], sum[2] = { 0, 0 };

	for (int r = 0; r < rounds; r++) {
		double mine = piece(t, ctx, calls), theirs;
		char c = 'x';

		if (write(to, &c, 1) != 1 ||
		    read(from, &theirs, sizeof(theirs)) !=
		    (ssize_t)sizeof(theirs) || theirs <= 0) {
			fprintf(stderr, "levels: the child stopped answering\n");
			exit(2);
		}
		q[r] = mine / theirs;	/* the child's rate over the parent's */
		sum[0] += mine;
		sum[1] += theirs;
	}
	rate[0] = (double)calls * rounds / sum[0];
	rate[1] = (double)calls * rounds / sum[1];
	return stats_median(q, (size_t)rounds);
}

#define MAX_PIECES 10000
#define CANARY_PIECE 10	/* canary loops a piece: about 10 ms */

/* The cv of N values. */
static double
cv_of(const double *x, int n)
{
	double m = gsl_stats_mean(x, 1, (size_t)n);

	return n > 1 && m > 0 ? gsl_stats_sd_m(x, 1, (size_t)n, m) / m : 0;
}

/* --canary: do the test's pieces and the canary's rise and fall together? */
static int
against_canary(const struct aim_test *t, int n, long calls)
{
	double *a = calloc((size_t)n * 3, sizeof(*a)), *b, *q;
	volatile uint64_t seed = 0x9e3779b97f4a7c15ull, sink;
	struct aim_ctx ctx;

	if (a == NULL) {
		perror("levels: calloc");
		return 2;
	}
	b = a + n;
	q = b + n;
	setup(t, &ctx);
	for (int i = 0; i < n; i++) {
		double t0;

		a[i] = (double)calls / piece(t, &ctx, calls);
		t0 = now_s();
		sink = canary_loop(seed, (long)CANARY_PIECE * CANARY_ITERATIONS);
		b[i] = CANARY_PIECE / (now_s() - t0);
		q[i] = a[i] / b[i];
	}
	(void)sink;	/* written: that is its use */
	printf("%s: %d pieces each: the test's rate cv %.1f %%, the canary's %.1f %%, correlation %.2f, their ratio's cv %.1f %%\n",
	       t->info->name, n, 100 * cv_of(a, n), 100 * cv_of(b, n),
	       gsl_stats_correlation(a, 1, b, 1, (size_t)n),
	       100 * cv_of(q, n));
	free(a);
	return 0;
}

/* TEST, when it needs nothing from the machine; else exits. */
static const struct aim_test *
cpu_test(const char *name)
{
	const struct aim_test *t = aim_test_find(name);

	if (t == NULL || t->needs != AIM_NEEDS_NOTHING) {
		fprintf(stderr, "levels: %s: not a test that needs nothing from the machine\n",
			name);
		exit(1);
	}
	return t;
}

/* CHILDREN children of ROUNDS turns each, a line each and the summary. */
static int
children_run(const struct aim_test *t, int children, int rounds, long calls)
{
	struct aim_ctx ctx;
	char calls_s[24];
	double lo = 0, hi = 0;
	int far = 0;

	if (pin_here() != 0)
		perror("levels: sched_setaffinity (parent and child may meet different CPUs)");
	setup(t, &ctx);
	snprintf(calls_s, sizeof(calls_s), "%ld", calls);
	for (int k = 0; k < children; k++) {
		double rate[2], m;
		int to, from;
		pid_t pid = spawn("/proc/self/exe", t->info->name, calls_s,
				  &to, &from);

		m = turns(t, &ctx, calls, rounds, to, from, rate);
		(void)close(to);
		(void)close(from);
		if (waitpid(pid, NULL, 0) != pid)
			perror("levels: waitpid");
		printf("child %3d: child/parent %.3f  parent %.4g child %.4g calls/s\n",
		       k, m, rate[0], rate[1]);
		far += m < 1 - FAR || m > 1 + FAR;
		lo = k == 0 || rate[0] < lo ? rate[0] : lo;
		hi = k == 0 || rate[0] > hi ? rate[0] : hi;
	}
	printf("%s: %d of %d children more than %.0f %% from the parent; the parent's own rate %.4g to %.4g calls/s (%.1f %% apart)\n",
	       t->info->name, far, children, 100 * FAR, lo, hi,
	       100 * (hi / lo - 1));
	return 0;
}

int
main(int argc, char **argv)
{
	long calls = argc == 5 ? arg_long(argv[4], 1, 1000000, "CALLS") : 16;

	if (argc == 4 && strcmp(argv[1], "--child") == 0) {
		const struct aim_test *t = aim_test_find(argv[2]);

		return t == NULL ? 2 : child(t, arg_long(argv[3], 1, 1000000,
							   "CALLS"));
	}
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: levels TEST CHILDREN ROUNDS [CALLS]\n"
			"       levels --canary TEST PIECES [CALLS]\n");
		return 1;
	}
	if (strcmp(argv[1], "--canary") == 0) {
		const struct aim_test *t = cpu_test(argv[2]);

		if (pin_here() != 0)
			perror("levels: sched_setaffinity");
		return against_canary(t, (int)arg_long(argv[3], 2, MAX_PIECES,
						       "PIECES"), calls);
	}
	return children_run(cpu_test(argv[1]),
			    (int)arg_long(argv[2], 1, 10000, "CHILDREN"),
			    (int)arg_long(argv[3], 1, MAX_ROUNDS, "ROUNDS"),
			    calls);
}
