// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic non-local goto test: 1000 times per run(), setjmp, recurse
 * ten calls deep and longjmp back out of the whole chain.
 */
#include "config.h"

#include <setjmp.h>
#include <stdint.h>

#include "aim_test.h"

enum {
	JUMPS = 1000,
	DEPTH = 10,
};

/*
 * The two functions every goto runs through start on a 64-byte line, so
 * their hot code never straddles two lines wherever the link puts them:
 * the same loop with dive() starting 48 bytes into a line ran 7 % slower
 * (doc/tests.md, jmp_test), a property of one build's layout, not of
 * setjmp and longjmp.
 */
#define JMP_HOT __attribute__((noinline, aligned(64)))

/*
 * One frame per level: noinline keeps each level a real call, and the
 * empty asm after the recursive call keeps it out of tail position, so
 * the compiler cannot turn the recursion into a loop.  A negative depth
 * has nowhere to jump to and simply returns.
 */
static JMP_HOT void
dive(jmp_buf *env, int depth)
{
	if (depth < 0)
		return;
	if (depth == 0)
		longjmp(*env, 1);
	dive(env, depth - 1);
	__asm__ volatile("" ::: "memory");
}

/*
 * setjmp in a frame of its own, which stays live until longjmp returns to
 * it; nothing here changes between setjmp and longjmp, so no local needs
 * to be volatile.  Returns 1 if the jump landed.
 */
static JMP_HOT int
jump_once(int depth)
{
	jmp_buf env;

	if (setjmp(env) != 0)
		return 1;
	dive(&env, depth);
	return 0;
}

static enum aim_status
jmp_test_run(struct aim_ctx *ctx)
{
	int depth = DEPTH, landed = 0;

	/* Hide the depth so the calls cannot be specialised away. */
	__asm__ volatile("" : "+r"(depth));
	for (int n = 0; n < JUMPS; n++)
		landed += jump_once(depth);
	aim_sink_u64((uint64_t)landed);
	if (landed != JUMPS)
		return aim_fail(ctx, "jmp_test: %d of %d longjmps landed",
				landed, JUMPS);
	return AIM_OK;
}

const struct aim_test aim_test_jmp_test = {
	.info = &catalog_tests[CATALOG_JMP_TEST],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = jmp_test_run,
};
