// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests outside the classic sixty.  calibrate does a known amount of pure
 * CPU work per call, set by AIM_CALIBRATE_WORK, so that two tags run at
 * work W and 1.05 W hold a real 5 % difference for aimcmp to find.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "aim_test.h"

enum {
	CALIBRATE_DEFAULT_WORK = 100000,
};

/* A billion iterations is seconds per call: anything above is a typo. */
#define CALIBRATE_MAX_WORK 1000000000UL

struct calibrate {
	unsigned long work;	/* iterations per call */
	uint64_t state;		/* carried from call to call */
};

/* AIM_CALIBRATE_WORK as a whole number from 1 to the maximum. */
static int
calibrate_work(const char *s, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (s == NULL) {
		*out = CALIBRATE_DEFAULT_WORK;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v == 0 || v > CALIBRATE_MAX_WORK)
		return -1;
	*out = v;
	return 0;
}

static enum aim_status
calibrate_setup(struct aim_ctx *ctx)
{
	const char *env = getenv("AIM_CALIBRATE_WORK");
	struct calibrate *c;
	unsigned long work;

	if (calibrate_work(env, &work) < 0)
		return aim_fail(ctx, "AIM_CALIBRATE_WORK: '%s' is not a whole number from 1 to %lu",
				env, CALIBRATE_MAX_WORK);
	c = malloc(sizeof(*c));
	if (c == NULL)
		return aim_fail_errno(ctx, "malloc calibrate state");
	c->work = work;
	c->state = 0x9e3779b97f4a7c15ULL;
	aim_ctx_set_data(ctx, c);
	return AIM_OK;
}

/*
 * A xorshift step depends on the one before, so the loop is a chain the
 * compiler cannot shorten or vectorise: time grows with the work.
 */
static enum aim_status
calibrate_run(struct aim_ctx *ctx)
{
	struct calibrate *c = aim_ctx_data(ctx);
	uint64_t x = c->state;

	for (unsigned long i = 0; i < c->work; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	c->state = x;
	aim_sink_u64(x);
	return AIM_OK;
}

static void
calibrate_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_calibrate = {
	.info = &catalog_tests[CATALOG_CALIBRATE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = calibrate_setup,
	.run = calibrate_run,
	.teardown = calibrate_teardown,
};
