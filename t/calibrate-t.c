// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The calibrate test outside the classic suite: found by name but not
 * among the sixty, runs and cleans up, refuses a bad AIM_CALIBRATE_WORK
 * with a reason, and does at least the work the variable asks for.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "aim_test.h"
#include "clock.h"
#include "ctx.h"
#include "tap.h"

/* Faster than any CPU this will meet: one iteration per cycle at 6 GHz. */
static const double fastest_hz = 6e9;

static void
set_work(const char *value)
{
	int rc = value != NULL ? setenv("AIM_CALIBRATE_WORK", value, 1) :
				 unsetenv("AIM_CALIBRATE_WORK");

	if (rc != 0)
		bail("cannot set AIM_CALIBRATE_WORK");
}

static void
test_registered(const struct aim_test *t)
{
	int classic = 0;

	for (size_t i = 0; aim_tests[i] != NULL; i++)
		classic |= aim_tests[i] == t;
	ok(!classic, "calibrate is not one of the classic tests");
	is_int((int64_t)aim_tests_count(), 60, "the classic suite keeps 60");
	is_int(t->info->number, 101, "its number is outside 1..60");
	is_string(t->info->units, "Calibration Loops/second", "units");
	is_int((int64_t)aim_test_factor(t, 5120), 1, "one loop per call");
	ok(aim_extra_tests[0] == t && aim_extra_tests[1] == NULL,
	   "it is the extra table's one entry");
}

/* Setup, CALLS calls and teardown; the best call's time in *BEST_NS. */
static void
run_with(const struct aim_test *t, const char *work, int calls,
	 int64_t *best_ns)
{
	struct aim_ctx ctx;
	enum aim_status s;

	set_work(work);
	ctx_init(&ctx, NULL, 5120, NULL);
	s = t->setup(&ctx);
	if (!is_int(s, AIM_OK, "work %s: setup (%s)", work ? work : "default",
		    ctx.reason))
		return;
	*best_ns = INT64_MAX;
	for (int i = 0; i < calls; i++) {
		int64_t start = clock_mono_ns(), ns;

		s = t->run(&ctx);
		ns = clock_mono_ns() - start;
		if (ns < *best_ns)
			*best_ns = ns;
		is_int(s, AIM_OK, "work %s: call %d", work ? work : "default",
		       i + 1);
	}
	t->teardown(&ctx);
	ok(aim_ctx_data(&ctx) == NULL, "work %s: teardown leaves no state",
	   work ? work : "default");
}

static void
test_bad_work(const struct aim_test *t)
{
	static const char *const bad[] = { "", "abc", "0", "-5", "+7", " 9",
					   "12x", "1e6", "1000000001",
					   "99999999999999999999" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct aim_ctx ctx;

		set_work(bad[i]);
		ctx_init(&ctx, NULL, 5120, NULL);
		is_int(t->setup(&ctx), AIM_FAIL, "AIM_CALIBRATE_WORK='%s' fails",
		       bad[i]);
		ok(strstr(ctx.reason, "AIM_CALIBRATE_WORK") != NULL &&
		   strstr(ctx.reason, "whole number") != NULL,
		   "... with a reason: %s", ctx.reason);
		ok(aim_ctx_data(&ctx) == NULL, "... and no state left");
	}
}

int
main(void)
{
	const struct aim_test *t;
	int64_t best = 0;
	double floor_ns = 40e6 / fastest_hz * 1e9;

	plan_lazy();
	t = aim_test_find("calibrate");
	if (!ok(t != NULL, "calibrate is found by name"))
		return done_testing();
	test_registered(t);
	run_with(t, NULL, 2, &best);
	run_with(t, "1", 2, &best);
	run_with(t, "40000000", 2, &best);
	/* A lower bound only: a loaded machine is slower, never faster. */
	ok((double)best >= floor_ns, "40 million iterations take %.1f ms, at "
	   "least %.1f ms: the variable sets the work and the loop stays",
	   (double)best / 1e6, floor_ns / 1e6);
	test_bad_work(t);
	set_work(NULL);
	return done_testing();
}
