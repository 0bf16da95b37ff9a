// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic division tests: each pass does twelve dependent divisions.
 * Floating point cycles between x and 1/x; the integer tests divide by
 * operands that are always 1, which is what AIM9 measured.
 */
#include "config.h"

#include <stdint.h>

#include "aim_test.h"
#include "hide.h"

/*
 * Floating point, with d, p, q starting at 1, 4, 0.25:
 * d/=p q/=d p/=q q/=p d/=q q/=d, twice.  Powers of two keep it exact.
 */
static enum aim_status
div_double_run(struct aim_ctx *ctx)
{
	double d = keep_d(1.0), p = keep_d(4.0), q = keep_d(0.25);

	for (long n = 250000; n > 0; n--) {
		d = keep_d(d / p);
		q = keep_d(q / d);
		p = keep_d(p / q);
		q = keep_d(q / p);
		d = keep_d(d / q);
		q = keep_d(q / d);
		d = keep_d(d / p);
		q = keep_d(q / d);
		p = keep_d(p / q);
		q = keep_d(q / p);
		d = keep_d(d / q);
		q = keep_d(q / d);
	}
	aim_sink_double(d + p + q);
	if (d != 1.0 || p != 4.0 || q != 0.25)
		return aim_fail(ctx, "div_double: values left the cycle");
	return AIM_OK;
}

static enum aim_status
div_float_run(struct aim_ctx *ctx)
{
	float d = keep_f(1.0f), p = keep_f(4.0f), q = keep_f(0.25f);

	for (long n = 250000; n > 0; n--) {
		d = keep_f(d / p);
		q = keep_f(q / d);
		p = keep_f(p / q);
		q = keep_f(q / p);
		d = keep_f(d / q);
		q = keep_f(q / d);
		d = keep_f(d / p);
		q = keep_f(q / d);
		p = keep_f(p / q);
		q = keep_f(q / p);
		d = keep_f(d / q);
		q = keep_f(q / d);
	}
	aim_sink_double(d + p + q);
	if (d != 1.0f || p != 4.0f || q != 0.25f)
		return aim_fail(ctx, "div_float: values left the cycle");
	return AIM_OK;
}

/* Integers, with v, a, b starting at x, 1, 1: v/=a v/=b a/=b b/=a, thrice. */
static enum aim_status
div_long_run(struct aim_ctx *ctx)
{
	const long x = 1234578;
	long v = keep_l(x), a = keep_l(1), b = keep_l(1);

	for (long n = 75000; n > 0; n--) {
		v = keep_l(v / a);
		v = keep_l(v / b);
		a = keep_l(a / b);
		b = keep_l(b / a);
		v = keep_l(v / a);
		v = keep_l(v / b);
		a = keep_l(a / b);
		b = keep_l(b / a);
		v = keep_l(v / a);
		v = keep_l(v / b);
		a = keep_l(a / b);
		b = keep_l(b / a);
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "div_long: quotient changed");
	return AIM_OK;
}

static enum aim_status
div_int_run(struct aim_ctx *ctx)
{
	const int x = 1234578;
	int v = keep_i(x), a = keep_i(1), b = keep_i(1);

	for (long n = 75000; n > 0; n--) {
		v = keep_i(v / a);
		v = keep_i(v / b);
		a = keep_i(a / b);
		b = keep_i(b / a);
		v = keep_i(v / a);
		v = keep_i(v / b);
		a = keep_i(a / b);
		b = keep_i(b / a);
		v = keep_i(v / a);
		v = keep_i(v / b);
		a = keep_i(a / b);
		b = keep_i(b / a);
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "div_int: quotient changed");
	return AIM_OK;
}

static enum aim_status
div_short_run(struct aim_ctx *ctx)
{
	const short x = 1234;
	short v = keep_s(x), a = keep_s(1), b = keep_s(1);

	for (long n = 75000; n > 0; n--) {
		v = keep_s((short)(v / a));
		v = keep_s((short)(v / b));
		a = keep_s((short)(a / b));
		b = keep_s((short)(b / a));
		v = keep_s((short)(v / a));
		v = keep_s((short)(v / b));
		a = keep_s((short)(a / b));
		b = keep_s((short)(b / a));
		v = keep_s((short)(v / a));
		v = keep_s((short)(v / b));
		a = keep_s((short)(a / b));
		b = keep_s((short)(b / a));
	}
	aim_sink_u64((uint64_t)(v + a + b));
	if (v != x || a != 1 || b != 1)
		return aim_fail(ctx, "div_short: quotient changed");
	return AIM_OK;
}

const struct aim_test aim_test_div_double = {
	.info = &catalog_tests[CATALOG_DIV_DOUBLE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = div_double_run,
};

const struct aim_test aim_test_div_float = {
	.info = &catalog_tests[CATALOG_DIV_FLOAT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = div_float_run,
};

const struct aim_test aim_test_div_long = {
	.info = &catalog_tests[CATALOG_DIV_LONG],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = div_long_run,
};

const struct aim_test aim_test_div_int = {
	.info = &catalog_tests[CATALOG_DIV_INT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = div_int_run,
};

const struct aim_test aim_test_div_short = {
	.info = &catalog_tests[CATALOG_DIV_SHORT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = div_short_run,
};
