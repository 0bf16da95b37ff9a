// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic multiplication tests: each pass does twelve dependent
 * multiplications.  Floating point cycles through 1, x and 1/x; the integer
 * tests multiply by operands that are always 1, which is what AIM9 measured.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "aim_test.h"
#include "hide.h"

/*
 * Floating point, with d, p, q starting at 1, x, 1/x:
 * d*=p p*=q p*=q q*=d q*=d d*=p d*=p p*=q p*=q q*=d q*=d d*=p.
 * With x = 3.14159 rounding makes the cycle inexact, so the end check
 * allows a drift far larger than a million passes can produce.
 */
static enum aim_status
mul_double_run(struct aim_ctx *ctx)
{
	const double x = 3.14159;
	double d = keep_d(1.0), p = keep_d(x), q = keep_d(1.0 / x);

	for (long n = 1000000; n > 0; n--) {
		d = keep_d(d * p);
		p = keep_d(p * q);
		p = keep_d(p * q);
		q = keep_d(q * d);
		q = keep_d(q * d);
		d = keep_d(d * p);
		d = keep_d(d * p);
		p = keep_d(p * q);
		p = keep_d(p * q);
		q = keep_d(q * d);
		q = keep_d(q * d);
		d = keep_d(d * p);
	}
	aim_sink_double(d + p + q);
	if (!(fabs(d - 1.0) < 1e-6 && fabs(p * q - 1.0) < 1e-6))
		return aim_fail(ctx, "mul_double: values left the cycle");
	return AIM_OK;
}

static enum aim_status
mul_float_run(struct aim_ctx *ctx)
{
	float d = keep_f(1.0f), p = keep_f(4.0f), q = keep_f(0.25f);

	for (long n = 1000000; n > 0; n--) {
		d = keep_f(d * p);
		p = keep_f(p * q);
		p = keep_f(p * q);
		q = keep_f(q * d);
		q = keep_f(q * d);
		d = keep_f(d * p);
		d = keep_f(d * p);
		p = keep_f(p * q);
		p = keep_f(p * q);
		q = keep_f(q * d);
		q = keep_f(q * d);
		d = keep_f(d * p);
	}
	aim_sink_double(d + p + q);
	if (d != 1.0f || p != 4.0f || q != 0.25f)
		return aim_fail(ctx, "mul_float: values left the cycle");
	return AIM_OK;
}

/*
 * Integers, with v, a, b starting at x, 1, 1:
 * v*=a a*=b a*=b b*=a b*=a v*=b v*=a a*=b a*=b b*=a b*=a v*=b.
 */
static enum aim_status
mul_long_run(struct aim_ctx *ctx)
{
	const long x = 12345678;
	long v = keep_l(x), a = keep_l(1), b = keep_l(1);

	for (long n = 20000; n > 0; n--) {
		v = keep_l(v * a);
		a = keep_l(a * b);
		a = keep_l(a * b);
		b = keep_l(b * a);
		b = keep_l(b * a);
		v = keep_l(v * b);
		v = keep_l(v * a);
		a = keep_l(a * b);
		a = keep_l(a * b);
		b = keep_l(b * a);
		b = keep_l(b * a);
		v = keep_l(v * b);
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "mul_long: product changed");
	return AIM_OK;
}

static enum aim_status
mul_int_run(struct aim_ctx *ctx)
{
	const int x = 12345678;
	int v = keep_i(x), a = keep_i(1), b = keep_i(1);

	for (long n = 20000; n > 0; n--) {
		v = keep_i(v * a);
		a = keep_i(a * b);
		a = keep_i(a * b);
		b = keep_i(b * a);
		b = keep_i(b * a);
		v = keep_i(v * b);
		v = keep_i(v * a);
		a = keep_i(a * b);
		a = keep_i(a * b);
		b = keep_i(b * a);
		b = keep_i(b * a);
		v = keep_i(v * b);
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "mul_int: product changed");
	return AIM_OK;
}

static enum aim_status
mul_short_run(struct aim_ctx *ctx)
{
	const short x = 1234;
	short v = keep_s(x), a = keep_s(1), b = keep_s(1);

	for (long n = 25000; n > 0; n--) {
		v = keep_s((short)(v * a));
		a = keep_s((short)(a * b));
		a = keep_s((short)(a * b));
		b = keep_s((short)(b * a));
		b = keep_s((short)(b * a));
		v = keep_s((short)(v * b));
		v = keep_s((short)(v * a));
		a = keep_s((short)(a * b));
		a = keep_s((short)(a * b));
		b = keep_s((short)(b * a));
		b = keep_s((short)(b * a));
		v = keep_s((short)(v * b));
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "mul_short: product changed");
	return AIM_OK;
}

const struct aim_test aim_test_mul_double = {
	.info = &catalog_tests[CATALOG_MUL_DOUBLE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mul_double_run,
};

const struct aim_test aim_test_mul_float = {
	.info = &catalog_tests[CATALOG_MUL_FLOAT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mul_float_run,
};

const struct aim_test aim_test_mul_long = {
	.info = &catalog_tests[CATALOG_MUL_LONG],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mul_long_run,
};

const struct aim_test aim_test_mul_int = {
	.info = &catalog_tests[CATALOG_MUL_INT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mul_int_run,
};

const struct aim_test aim_test_mul_short = {
	.info = &catalog_tests[CATALOG_MUL_SHORT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mul_short_run,
};
