// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU and C library tests: each one runs setup, two calls and teardown
 * cleanly (their run() checks its own results: sieve count, Newton
 * convergence, linear-system residuals...), and the arithmetic and call
 * tests take at least the time any real CPU needs for their work.
 */
#include "config.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>

#include "aim_test.h"
#include "clock.h"
#include "ctx.h"
#include "tap.h"

/* Faster than any CPU this will meet; only a deleted loop beats it. */
static const double fastest_hz = 6e9;

struct cpu_case {
	const char *name;
	/* Simple operations one call must execute (0: no time check)... */
	double ops;
	/* ...at no more than this many per cycle. */
	double per_cycle;
};

static const struct cpu_case cases[] = {
	{ "add_double", 18e6, 2 }, { "add_float", 12e6, 2 },
	{ "add_long", 60e6, 4 }, { "add_int", 60e6, 4 },
	{ "add_short", 24e6, 4 },
	{ "div_double", 3e6, 1 }, { "div_float", 3e6, 1 },
	{ "div_long", 0.9e6, 1 }, { "div_int", 0.9e6, 1 },
	{ "div_short", 0.9e6, 1 },
	{ "mul_double", 12e6, 2 }, { "mul_float", 12e6, 2 },
	{ "mul_long", 0.24e6, 2 }, { "mul_int", 0.24e6, 2 },
	{ "mul_short", 0.3e6, 2 },
	{ "fun_cal", 512e3, 1 }, { "fun_cal1", 512e3, 1 },
	{ "fun_cal2", 512e3, 1 }, { "fun_cal15", 512e3, 1 },
	/* Five sieves of 2 775 208 marking stores each. */
	{ "sieve", 13.8e6, 2 },
	{ "num_rtns_1", 0, 0 }, { "new_raph", 0, 0 }, { "trig_rtns", 0, 0 },
	{ "matrix_rtns", 0, 0 }, { "array_rtns", 0, 0 },
	{ "string_rtns", 0, 0 }, { "mem_rtns_1", 0, 0 },
	{ "mem_rtns_2", 0, 0 },
	/* 25 020 bytes at one 64-byte load and store per cycle. */
	{ "ram_copy", 25020, 64 },
	{ "sort_rtns_1", 0, 0 }, { "misc_rtns_1", 0, 0 },
	{ "series_1", 0, 0 },
	/* 1000 x (setjmp, 11 calls, longjmp) and 1000 kill() system calls. */
	{ "jmp_test", 11e3, 1 }, { "signal_test", 1e3, 0.01 },
};

/* One run() call; returns its status and stores its duration. */
static enum aim_status
timed_run(const struct aim_test *t, struct aim_ctx *ctx, int64_t *ns)
{
	int64_t start = clock_mono_ns();
	enum aim_status s = t->run(ctx);

	*ns = clock_mono_ns() - start;
	return s;
}

/* The failure reason for a message, or nothing. */
static const char *
why(const struct aim_ctx *ctx)
{
	return ctx->reason[0] != '\0' ? ctx->reason : "-";
}

static void
check_case(const struct cpu_case *c)
{
	const struct aim_test *t = aim_test_find(c->name);
	struct aim_ctx ctx;
	enum aim_status s;
	int64_t ns[2] = { 0, 0 };

	if (!ok(t != NULL, "%s is registered", c->name))
		return;
	ctx_init(&ctx, NULL, 5120, NULL);
	if (t->setup != NULL) {
		s = t->setup(&ctx);
		if (!is_int(s, AIM_OK, "%s: setup (%s)", c->name, why(&ctx)))
			return;
	}
	for (int i = 0; i < 2; i++) {
		s = timed_run(t, &ctx, &ns[i]);
		is_int(s, AIM_OK, "%s: run %d (%s)", c->name, i + 1, why(&ctx));
	}
	if (t->teardown != NULL)
		t->teardown(&ctx);
	ok(aim_ctx_data(&ctx) == NULL, "%s: teardown leaves no state",
	   c->name);
	if (c->ops > 0) {
		double floor_ns = c->ops / c->per_cycle / fastest_hz * 1e9;
		int64_t best = ns[0] < ns[1] ? ns[0] : ns[1];

		ok((double)best >= floor_ns, "%s: a call takes %.1f us, at "
		   "least %.1f us (nothing optimised away)", c->name,
		   (double)best / 1e3, floor_ns / 1e3);
	}
}

static void
sentinel_handler(int signo)
{
}

/* signal_test must hand back the handler and mask it found. */
static void
check_signal_restore(void)
{
	const struct aim_test *t = aim_test_find("signal_test");
	struct sigaction sa, now;
	sigset_t usr2, mask;
	struct aim_ctx ctx;
	enum aim_status s;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sentinel_handler;
	if (t == NULL || sigemptyset(&sa.sa_mask) < 0 ||
	    sigaction(SIGUSR2, &sa, NULL) < 0 || sigemptyset(&usr2) < 0 ||
	    sigaddset(&usr2, SIGUSR2) < 0 ||
	    sigprocmask(SIG_BLOCK, &usr2, NULL) < 0)
		bail("cannot prepare SIGUSR2");
	ctx_init(&ctx, NULL, 5120, NULL);
	s = t->setup(&ctx);
	if (!is_int(s, AIM_OK, "signal_test: setup with SIGUSR2 blocked and "
		    "handled (%s)", why(&ctx)))
		return;
	s = t->run(&ctx);
	is_int(s, AIM_OK, "signal_test: runs although the caller had SIGUSR2 "
	       "blocked (%s)", why(&ctx));
	t->teardown(&ctx);
	if (sigaction(SIGUSR2, NULL, &now) < 0 ||
	    sigprocmask(SIG_BLOCK, NULL, &mask) < 0)
		bail("cannot read SIGUSR2 state");
	ok(now.sa_handler == sentinel_handler,
	   "signal_test: previous SIGUSR2 handler restored");
	ok(sigismember(&mask, SIGUSR2) == 1,
	   "signal_test: previous signal mask restored");
}

int
main(void)
{
	plan_lazy();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i]);
	check_signal_restore();
	return done_testing();
}
