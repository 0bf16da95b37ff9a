// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic matrix tests: matrix_rtns transforms 3-D points by a 4x4
 * matrix as a renderer would, array_rtns solves 20 dense linear systems by
 * Gauss-Jordan elimination and checks each solution.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"

enum {
	M_SIZE = 4,
	POINTS_PER_CALL = 100,
	POINT_VALUES = 500,
	SYSTEMS_PER_CALL = 20,
	A_HEIGHT = 100,
	A_WIDTH = A_HEIGHT + 1,
	A_SIZE = A_HEIGHT * A_WIDTH,
};

/* AIM9's solution check: each row must be reproduced within 0.5. */
static const double residual_limit = 0.5;

struct point_state {
	size_t next;
	double v[POINT_VALUES];
};

/*
 * The value table series_1 uses too: 0, 1, the smallest positive double,
 * then each entry half the distance between the two before it.
 */
static enum aim_status
matrix_setup(struct aim_ctx *ctx)
{
	struct point_state *st = malloc(sizeof(*st));

	if (st == NULL)
		return aim_fail_errno(ctx, "malloc point table");
	st->next = 0;
	st->v[0] = 0.0;
	st->v[1] = 1.0;
	st->v[2] = DBL_TRUE_MIN;
	for (size_t i = 3; i < POINT_VALUES; i++)
		st->v[i] = fabs(st->v[i - 2] - st->v[i - 1]) / 2.0;
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

static double
point_next(struct point_state *st)
{
	double v = st->v[st->next];

	st->next = (st->next + 1) % POINT_VALUES;
	return v;
}

/* Load a point and a matrix, transform, scale to screen integers. */
static enum aim_status
matrix_rtns_run(struct aim_ctx *ctx)
{
	struct point_state *st = aim_ctx_data(ctx);
	double v1[M_SIZE], v2[M_SIZE][M_SIZE], v3[M_SIZE];
	double prod = 0.0, out = 0.0;

	for (int n = 0; n < POINTS_PER_CALL; n++) {
		int x, y, z;

		for (int i = 0; i < M_SIZE; i++)
			v1[i] = point_next(st);
		for (int i = 0; i < M_SIZE; i++)
			for (int j = 0; j < M_SIZE; j++)
				v2[i][j] = point_next(st);
		for (int i = 0; i < M_SIZE; i++) {
			v3[i] = 0.0;
			for (int j = 0; j < M_SIZE; j++)
				v3[i] += v1[j] * v2[i][j];
		}
		x = (int)(v3[0] * 1280.0);
		y = (int)(v3[1] * 1024.0);
		z = (int)(v3[2] * 8192.0);
		prod += v3[0] * v3[1] * v3[2];
		out += x + y + z + prod;
	}
	aim_sink_double(out);
	return AIM_OK;
}

static void
free_data(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

/* a[]: the working matrix, then a copy of the original, then the answer. */
static enum aim_status
array_setup(struct aim_ctx *ctx)
{
	double *a = malloc((2 * A_SIZE + A_HEIGHT) * sizeof(double));

	if (a == NULL)
		return aim_fail_errno(ctx, "malloc linear systems");
	aim_ctx_set_data(ctx, a);
	return AIM_OK;
}

/*
 * Gauss-Jordan without pivoting on the high x wide augmented matrix a
 * (element (column x, row y) at a[x + wide * y]); the solution lands in b.
 * Returns -1 on a zero pivot.
 */
static int
solve(double *a, double *b, int wide, int high)
{
	for (int i = 0; i < high; i++) {
		double t = a[i + wide * i];

		if (t == 0.0)
			return -1;
		for (int j = i; j < wide; j++)
			a[j + wide * i] /= t;
		for (int j = i + 1; j < high; j++) {
			t = a[i + wide * j];
			for (int k = 0; k < wide; k++)
				a[k + wide * j] -= t * a[k + wide * i];
		}
	}
	for (int i = high - 1; i > 0; i--) {
		for (int j = i - 1; j >= 0; j--) {
			double t = a[i + wide * j];

			for (int k = 0; k < wide; k++)
				a[k + wide * j] -= t * a[k + wide * i];
		}
	}
	for (int i = 0; i < high; i++)
		b[i] = a[wide - 1 + wide * i];
	return 0;
}

/* Largest |row . b - rhs| over the rows of the original system, or NaN. */
static double
residual(const double *a, const double *b, int wide, int high)
{
	double worst = 0.0;

	for (int i = 0; i < high; i++) {
		double t = 0.0, d;

		for (int j = 0; j < high; j++)
			t += a[j + wide * i] * b[j];
		d = fabs(a[wide - 1 + wide * i] - t);
		if (isnan(d))
			return d;
		if (d > worst)
			worst = d;
	}
	return worst;
}

/* Systems of 5, 10, ... 100 unknowns, filled from a slowly bending ramp. */
static enum aim_status
array_rtns_run(struct aim_ctx *ctx)
{
	double *a = aim_ctx_data(ctx), *orig = a + A_SIZE, *b = orig + A_SIZE;
	double val = 1.0;

	memset(a, 0, A_SIZE * sizeof(double));
	memset(orig, 0, A_SIZE * sizeof(double));
	for (int n = 0, high = 5; n < SYSTEMS_PER_CALL; n++, high += 5) {
		int wide = high + 1;
		double r;

		for (int k = 0; k < high * wide; k++) {
			a[k] = val;
			val = val * 1.00001 + 1.0;
		}
		memcpy(orig, a, A_SIZE * sizeof(double));
		if (solve(a, b, wide, high) != 0)
			return aim_fail(ctx, "array_rtns: singular %dx%d "
					"system", high, high);
		r = residual(orig, b, wide, high);
		if (!(r <= residual_limit))
			return aim_fail(ctx, "array_rtns: %dx%d system solved "
					"with residual %g", high, high, r);
	}
	aim_sink_ptr(b);
	return AIM_OK;
}

const struct aim_test aim_test_matrix_rtns = {
	.info = &catalog_tests[CATALOG_MATRIX_RTNS],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = matrix_setup,
	.run = matrix_rtns_run,
	.teardown = free_data,
};

const struct aim_test aim_test_array_rtns = {
	.info = &catalog_tests[CATALOG_ARRAY_RTNS],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = array_setup,
	.run = array_rtns_run,
	.teardown = free_data,
};
