// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic libm tests num_rtns_1 and trig_rtns: fixed mixes of math
 * library calls on arguments drawn in turn from a table of 10 000 values in
 * [-10, 10], the position carrying over from one run() to the next.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "aim_test.h"

enum {
	ARG_COUNT = 10000,
	/* Every 100th argument is the smallest positive double. */
	ARG_TINY_EVERY = 100,
};

/* Keeps POS arguments positive and NEG ones negative. */
static const double arg_shift = 10.0001;

struct arg_table {
	size_t next;
	double v[ARG_COUNT];
};

/*
 * AIM9 filled its table from rand(); this uses AIM's own 15-bit LCG
 * (1103515245, 12345, seed 1) so the arguments are the same on every libc.
 */
static void
arg_table_fill(struct arg_table *t)
{
	uint32_t seed = 1;

	t->next = 0;
	for (size_t i = 0; i < ARG_COUNT; i++) {
		seed = seed * 1103515245u + 12345u;
		if (i % ARG_TINY_EVERY == 0)
			t->v[i] = DBL_TRUE_MIN;
		else
			t->v[i] = (double)((seed >> 16) & 0x7fff) / 32767.0 *
				  20.0 - 10.0;
	}
}

static double
arg_next(struct arg_table *t)
{
	double v = t->v[t->next];

	t->next = (t->next + 1) % ARG_COUNT;
	return v;
}

static enum aim_status
arg_setup(struct aim_ctx *ctx)
{
	struct arg_table *t = malloc(sizeof(*t));

	if (t == NULL)
		return aim_fail_errno(ctx, "malloc argument table");
	arg_table_fill(t);
	aim_ctx_set_data(ctx, t);
	return AIM_OK;
}

static void
arg_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

/*
 * One AIM9 pass: floor, exp, ceil, log10, modf, log, frexp, ldexp, abs,
 * fmod, fabs, sqrt, pow, srand, rand, labs.  The nine arguments are fetched
 * first so their order does not depend on the compiler.
 */
static double
num_pass(struct arg_table *t, int n, long *lsum)
{
	double a[9], ipart, r;
	int e;

	for (int i = 0; i < 9; i++)
		a[i] = arg_next(t);
	r = floor(exp(a[0])) + ceil(log10(a[1] + arg_shift));
	r += modf(log(a[2] + arg_shift), &ipart) + frexp(a[3] - arg_shift, &e);
	r += ldexp(a[4], abs(-e)) + fabs(fmod(a[5] * 5.0, a[6] + arg_shift));
	r += sqrt(pow(a[7] + arg_shift, a[8]));
	srand((unsigned)e);
	*lsum += labs((long)(-rand() + n));
	return r + ipart;
}

static enum aim_status
num_rtns_1_run(struct aim_ctx *ctx)
{
	struct arg_table *t = aim_ctx_data(ctx);
	double sum = 0.0;
	long lsum = 0;

	for (int n = 0; n < 100; n++)
		sum += num_pass(t, n, &lsum);
	aim_sink_double(sum);
	aim_sink_u64((uint64_t)lsum);
	return AIM_OK;
}

/*
 * 10 000 passes of 10 calls: sin asin cos acos, tan atan tanh, and
 * sinh cosh atan2.
 */
static enum aim_status
trig_rtns_run(struct aim_ctx *ctx)
{
	struct arg_table *t = aim_ctx_data(ctx);
	double sum = 0.0;

	for (int n = 0; n < 10000; n++) {
		double a = arg_next(t), b = arg_next(t);
		double c = arg_next(t), d = arg_next(t);

		sum += acos(cos(asin(sin(a))));
		sum += tanh(atan(tan(b)));
		sum += atan2(sinh(c), cosh(d));
	}
	aim_sink_double(sum);
	return AIM_OK;
}

const struct aim_test aim_test_num_rtns_1 = {
	.info = &catalog_tests[CATALOG_NUM_RTNS_1],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "srand() and rand() share one state of the process",
	.setup = arg_setup,
	.run = num_rtns_1_run,
	.teardown = arg_teardown,
};

const struct aim_test aim_test_trig_rtns = {
	.info = &catalog_tests[CATALOG_TRIG_RTNS],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = arg_setup,
	.run = trig_rtns_run,
	.teardown = arg_teardown,
};
