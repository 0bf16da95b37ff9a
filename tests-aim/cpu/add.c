// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic addition tests: each pass does twelve dependent additions
 * among three variables whose values cycle through 0, x and -x, so nothing
 * grows and every pass ends where it started.
 */
#include "config.h"

#include <stdint.h>

#include "aim_test.h"
#include "hide.h"

/*
 * The twelve steps, with s, p, q starting at 0, x, -x:
 * s+=p p+=q p+=q q+=s q+=s s+=p s+=p p+=q p+=q q+=s q+=s s+=p.
 * All intermediate sums are exact, so the end check is exact too.
 */
static enum aim_status
add_double_run(struct aim_ctx *ctx)
{
	const double x = 3.14159;
	double s = keep_d(0.0), p = keep_d(x), q = keep_d(-x);

	for (long n = 1500000; n > 0; n--) {
		s = keep_d(s + p);
		p = keep_d(p + q);
		p = keep_d(p + q);
		q = keep_d(q + s);
		q = keep_d(q + s);
		s = keep_d(s + p);
		s = keep_d(s + p);
		p = keep_d(p + q);
		p = keep_d(p + q);
		q = keep_d(q + s);
		q = keep_d(q + s);
		s = keep_d(s + p);
	}
	aim_sink_double(s + p + q);
	if (s != 0.0 || p != x || q != -x)
		return aim_fail(ctx, "add_double: values left the cycle");
	return AIM_OK;
}

static enum aim_status
add_float_run(struct aim_ctx *ctx)
{
	const float x = 3.5f;
	float s = keep_f(0.0f), p = keep_f(x), q = keep_f(-x);

	for (long n = 1000000; n > 0; n--) {
		s = keep_f(s + p);
		p = keep_f(p + q);
		p = keep_f(p + q);
		q = keep_f(q + s);
		q = keep_f(q + s);
		s = keep_f(s + p);
		s = keep_f(s + p);
		p = keep_f(p + q);
		p = keep_f(p + q);
		q = keep_f(q + s);
		q = keep_f(q + s);
		s = keep_f(s + p);
	}
	aim_sink_double(s + p + q);
	if (s != 0.0f || p != x || q != -x)
		return aim_fail(ctx, "add_float: values left the cycle");
	return AIM_OK;
}

static enum aim_status
add_long_run(struct aim_ctx *ctx)
{
	long s = keep_l(0), p = keep_l(3), q = keep_l(-3);

	for (long n = 5000000; n > 0; n--) {
		s = keep_l(s + p);
		p = keep_l(p + q);
		p = keep_l(p + q);
		q = keep_l(q + s);
		q = keep_l(q + s);
		s = keep_l(s + p);
		s = keep_l(s + p);
		p = keep_l(p + q);
		p = keep_l(p + q);
		q = keep_l(q + s);
		q = keep_l(q + s);
		s = keep_l(s + p);
	}
	aim_sink_u64((uint64_t)(s + p + q));
	if (s != 0 || p != 3 || q != -3)
		return aim_fail(ctx, "add_long: values left the cycle");
	return AIM_OK;
}

static enum aim_status
add_int_run(struct aim_ctx *ctx)
{
	int s = keep_i(0), p = keep_i(3), q = keep_i(-3);

	for (long n = 5000000; n > 0; n--) {
		s = keep_i(s + p);
		p = keep_i(p + q);
		p = keep_i(p + q);
		q = keep_i(q + s);
		q = keep_i(q + s);
		s = keep_i(s + p);
		s = keep_i(s + p);
		p = keep_i(p + q);
		p = keep_i(p + q);
		q = keep_i(q + s);
		q = keep_i(q + s);
		s = keep_i(s + p);
	}
	aim_sink_u64((uint64_t)(s + p + q));
	if (s != 0 || p != 3 || q != -3)
		return aim_fail(ctx, "add_int: values left the cycle");
	return AIM_OK;
}

static enum aim_status
add_short_run(struct aim_ctx *ctx)
{
	short s = keep_s(0), p = keep_s(3), q = keep_s(-3);

	for (long n = 2000000; n > 0; n--) {
		s = keep_s((short)(s + p));
		p = keep_s((short)(p + q));
		p = keep_s((short)(p + q));
		q = keep_s((short)(q + s));
		q = keep_s((short)(q + s));
		s = keep_s((short)(s + p));
		s = keep_s((short)(s + p));
		p = keep_s((short)(p + q));
		p = keep_s((short)(p + q));
		q = keep_s((short)(q + s));
		q = keep_s((short)(q + s));
		s = keep_s((short)(s + p));
	}
	aim_sink_u64((uint64_t)(s + p + q));
	if (s != 0 || p != 3 || q != -3)
		return aim_fail(ctx, "add_short: values left the cycle");
	return AIM_OK;
}

const struct aim_test aim_test_add_double = {
	.info = &catalog_tests[CATALOG_ADD_DOUBLE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = add_double_run,
};

const struct aim_test aim_test_add_float = {
	.info = &catalog_tests[CATALOG_ADD_FLOAT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = add_float_run,
};

const struct aim_test aim_test_add_long = {
	.info = &catalog_tests[CATALOG_ADD_LONG],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = add_long_run,
};

const struct aim_test aim_test_add_int = {
	.info = &catalog_tests[CATALOG_ADD_INT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = add_int_run,
};

const struct aim_test aim_test_add_short = {
	.info = &catalog_tests[CATALOG_ADD_SHORT],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = add_short_run,
};
