// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * References of the add, mul and div chains: the loops of tests-aim/cpu/add.c,
 * mul.c and div.c, written once per order of the twelve dependent steps
 * and compiled -O2 as tests-aim/ is, so that objdump shows the same loop
 * body (12 addsd, 12 imul, 12 idiv, ...), with the same empty asm on every
 * value (tests-aim/cpu/hide.h) keeping the compiler from merging steps.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "hide.h"
#include "ratioref.h"

/* One step: X = X op Y, in type T, kept in a register by K. */
#define STEP(T, K, x, op, y) x = K((T)(x op y))

/* add_* and mul_double/float: x+y, y+z twice, z+x twice, x+y twice, ... */
#define CHAIN_XYZ(T, K, op, x, y, z) do {				\
		STEP(T, K, x, op, y); STEP(T, K, y, op, z);		\
		STEP(T, K, y, op, z); STEP(T, K, z, op, x);		\
		STEP(T, K, z, op, x); STEP(T, K, x, op, y);		\
		STEP(T, K, x, op, y); STEP(T, K, y, op, z);		\
		STEP(T, K, y, op, z); STEP(T, K, z, op, x);		\
		STEP(T, K, z, op, x); STEP(T, K, x, op, y);		\
	} while (0)
/* mul_long/int/short: v*a, a*b twice, b*a twice, v*b, then again. */
#define CHAIN_MUL(T, K, v, a, b) do {					\
		STEP(T, K, v, *, a); STEP(T, K, a, *, b);		\
		STEP(T, K, a, *, b); STEP(T, K, b, *, a);		\
		STEP(T, K, b, *, a); STEP(T, K, v, *, b);		\
		STEP(T, K, v, *, a); STEP(T, K, a, *, b);		\
		STEP(T, K, a, *, b); STEP(T, K, b, *, a);		\
		STEP(T, K, b, *, a); STEP(T, K, v, *, b);		\
	} while (0)
/* div_double/float: d/p, q/d, p/q, q/p, d/q, q/d, twice. */
#define CHAIN_FDIV(T, K, d, p, q) do {					\
		STEP(T, K, d, /, p); STEP(T, K, q, /, d);		\
		STEP(T, K, p, /, q); STEP(T, K, q, /, p);		\
		STEP(T, K, d, /, q); STEP(T, K, q, /, d);		\
		STEP(T, K, d, /, p); STEP(T, K, q, /, d);		\
		STEP(T, K, p, /, q); STEP(T, K, q, /, p);		\
		STEP(T, K, d, /, q); STEP(T, K, q, /, d);		\
	} while (0)
/* div_long/int/short: v/a, v/b, a/b, b/a, thrice. */
#define CHAIN_IDIV(T, K, v, a, b) do {					\
		STEP(T, K, v, /, a); STEP(T, K, v, /, b);		\
		STEP(T, K, a, /, b); STEP(T, K, b, /, a);		\
		STEP(T, K, v, /, a); STEP(T, K, v, /, b);		\
		STEP(T, K, a, /, b); STEP(T, K, b, /, a);		\
		STEP(T, K, v, /, a); STEP(T, K, v, /, b);		\
		STEP(T, K, a, /, b); STEP(T, K, b, /, a);		\
	} while (0)

/* add_* adds, mul_double and mul_float multiply in the same order. */
#define CHAIN_ADD(T, K, x, y, z) CHAIN_XYZ(T, K, +, x, y, z)
#define CHAIN_FMUL(T, K, x, y, z) CHAIN_XYZ(T, K, *, x, y, z)

/*
 * One call: PASSES of CHAIN from X0, Y0, Z0, which the chain brings back
 * to X0 and Y0 (to 1e-6 where rounding may creep in: mul_double).
 */
#define REF(fn, T, K, CHAIN, passes, x0, y0, z0)			\
static void								\
fn(struct refenv *env)							\
{									\
	T x = K(x0), y = K(y0), z = K(z0);				\
									\
	(void)env;							\
	for (long n = passes; n > 0; n--)				\
		CHAIN(T, K, x, y, z);					\
	__asm__ volatile("" : : "r"((long)(x + y + z)) : "memory");	\
	cycle_check(#fn, (double)x, (double)(T)(x0), (double)y,		\
		    (double)(T)(y0));					\
}

static void
cycle_check(const char *fn, double x, double x0, double y, double y0)
{
	double ex = x > x0 ? x - x0 : x0 - x, ey = y > y0 ? y - y0 : y0 - y;

	if (ex <= 1e-6 * (x0 < 0 ? -x0 : x0) && ey <= 1e-6 * (y0 < 0 ? -y0 : y0))
		return;
	fprintf(stderr, "ratioref: %s: values left the cycle\n", fn);
	exit(2);
}

REF(add_double, double, keep_d, CHAIN_ADD, 1500000, 0.0, 3.14159, -3.14159)
REF(add_float, float, keep_f, CHAIN_ADD, 1000000, 0.0f, 3.5f, -3.5f)
REF(add_long, long, keep_l, CHAIN_ADD, 5000000, 0, 3, -3)
REF(add_int, int, keep_i, CHAIN_ADD, 5000000, 0, 3, -3)
REF(add_short, short, keep_s, CHAIN_ADD, 2000000, 0, 3, -3)
REF(mul_double, double, keep_d, CHAIN_FMUL, 1000000, 1.0, 3.14159,
    1.0 / 3.14159)
REF(mul_float, float, keep_f, CHAIN_FMUL, 1000000, 1.0f, 4.0f, 0.25f)
REF(mul_long, long, keep_l, CHAIN_MUL, 20000, 12345678, 1, 1)
REF(mul_int, int, keep_i, CHAIN_MUL, 20000, 12345678, 1, 1)
REF(mul_short, short, keep_s, CHAIN_MUL, 25000, 1234, 1, 1)
REF(div_double, double, keep_d, CHAIN_FDIV, 250000, 1.0, 4.0, 0.25)
REF(div_float, float, keep_f, CHAIN_FDIV, 250000, 1.0f, 4.0f, 0.25f)
REF(div_long, long, keep_l, CHAIN_IDIV, 75000, 1234578, 1, 1)
REF(div_int, int, keep_i, CHAIN_IDIV, 75000, 1234578, 1, 1)
REF(div_short, short, keep_s, CHAIN_IDIV, 75000, 1234, 1, 1)

const struct ratioref ratioref_cpu[] = {
	{ "add_double", 0, NULL, add_double },
	{ "add_float", 0, NULL, add_float },
	{ "add_long", 0, NULL, add_long },
	{ "add_int", 0, NULL, add_int },
	{ "add_short", 0, NULL, add_short },
	{ "div_double", 0, NULL, div_double },
	{ "div_float", 0, NULL, div_float },
	{ "div_long", 0, NULL, div_long },
	{ "div_int", 0, NULL, div_int },
	{ "div_short", 0, NULL, div_short },
	{ "mul_double", 0, NULL, mul_double },
	{ "mul_float", 0, NULL, mul_float },
	{ "mul_long", 0, NULL, mul_long },
	{ "mul_int", 0, NULL, mul_int },
	{ "mul_short", 0, NULL, mul_short },
	{ NULL, 0, NULL, NULL },
};
