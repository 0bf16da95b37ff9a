// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic numerical-method tests: new_raph (Newton-Raphson zeros of
 * 1000 sin x cos x) and series_1 (the Taylor series of sin x, checked
 * against libm).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "aim_test.h"
#include "hide.h"

/*
 * keep_d() hides that sin and cos get the same argument; GCC would
 * otherwise merge the four libm calls of a Newton step into one sincos.
 */

enum {
	RAPH_STARTS = 200,
	RAPH_MAX_TRIES = 100,
	SERIES_VALUES = 500,
	SERIES_PER_CALL = 100,
	/* sin converges in under 20 terms on [0, 1]; this only stops a hang. */
	SERIES_MAX_TERMS = 200,
};

/*
 * Round to double through memory.  Where the FPU keeps excess precision
 * (x87), an iterate held in an 80-bit register can oscillate in its last
 * bits and never take the exact zero step AIM9 demands; this was the
 * classic new_raph failure.  Only called where FLT_EVAL_METHOD says
 * arithmetic is wider than double; elsewhere the call is compiled out.
 */
static double
as_double(double v)
{
	volatile double stored = v;

	return stored;
}

static double
raph_f(double x)
{
	return 1000.0 * sin(keep_d(x)) * cos(keep_d(x));
}

static double
raph_f_prime(double x)
{
	double c = cos(keep_d(x)), s = sin(keep_d(x));

	return -(s * s * 1000.0) + (c * c * 1000.0);
}

/* Iterate until the step is exactly zero; AIM9 allowed 100 tries. */
static enum aim_status
new_raph_run(struct aim_ctx *ctx)
{
	double zeros = 0.0;

	for (int n = 0; n < RAPH_STARTS; n++) {
		double x0 = 0.05 * (double)n, p0 = x0, p = x0, step = 0.0;
		int tries;

		for (tries = 1; tries < RAPH_MAX_TRIES; tries++) {
			p = p0 - raph_f(p0) / raph_f_prime(p0);
			if (FLT_EVAL_METHOD != 0)
				p = as_double(p);
			step = fabs(p - p0);
			if (step == 0.0)
				break;
			p0 = p;
		}
		if (tries >= RAPH_MAX_TRIES)
			return aim_fail(ctx, "new_raph: no convergence at "
					"x0=%g in %d tries (last step %g)",
					x0, RAPH_MAX_TRIES, step);
		zeros += p;
	}
	aim_sink_double(zeros);
	return AIM_OK;
}

struct series_state {
	size_t next;
	double v[SERIES_VALUES];
};

/*
 * AIM9's value table: 0, 1, the smallest positive double, then each entry
 * half the distance between the two before it.
 */
static enum aim_status
series_setup(struct aim_ctx *ctx)
{
	struct series_state *st = malloc(sizeof(*st));

	if (st == NULL)
		return aim_fail_errno(ctx, "malloc series table");
	st->next = 0;
	st->v[0] = 0.0;
	st->v[1] = 1.0;
	st->v[2] = DBL_TRUE_MIN;
	for (size_t i = 3; i < SERIES_VALUES; i++)
		st->v[i] = fabs(st->v[i - 2] - st->v[i - 1]) / 2.0;
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

/* Sum x - x^3/3! + x^5/5! ... until a term no longer changes the sum. */
static int
series_sine(double x, double *sine)
{
	double term = x, x2 = x * x, fact = 1.0, i = 1.0;
	double sum = 0.0, old = 100.0;

	for (int k = 0; sum != old; k++) {
		if (k == SERIES_MAX_TERMS)
			return -1;
		old = sum;
		sum += term / fact;
		fact *= (i + 1.0) * (i + 2.0);
		i += 2.0;
		term *= -x2;
	}
	*sine = sum;
	return 0;
}

static enum aim_status
series_1_run(struct aim_ctx *ctx)
{
	struct series_state *st = aim_ctx_data(ctx);
	double total = 0.0;

	for (int n = 0; n < SERIES_PER_CALL; n++) {
		double x = st->v[st->next], sine;

		st->next = (st->next + 1) % SERIES_VALUES;
		if (series_sine(x, &sine) != 0)
			return aim_fail(ctx, "series_1: sin(%g) did not "
					"converge", x);
		if (fabs(sine - sin(x)) > 0.0001)
			return aim_fail(ctx, "series_1: sin(%g) summed to %g, "
					"libm says %g", x, sine, sin(x));
		total += sine;
	}
	aim_sink_double(total);
	return AIM_OK;
}

static void
series_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_new_raph = {
	.info = &catalog_tests[CATALOG_NEW_RAPH],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = new_raph_run,
};

const struct aim_test aim_test_series_1 = {
	.info = &catalog_tests[CATALOG_SERIES_1],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = series_setup,
	.run = series_1_run,
	.teardown = series_teardown,
};
