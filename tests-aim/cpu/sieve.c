// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic integer sieve: five sieves of Eratosthenes over a table of a
 * million bytes per run(), then a count of what is left as a check.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"

enum {
	SIEVE_SIZE = 1000000,
	SIEVE_PASSES = 5,
	/* The 78 498 primes below a million, plus entries 0 and 1. */
	SIEVE_EXPECTED = 78500,
};

static enum aim_status
sieve_setup(struct aim_ctx *ctx)
{
	unsigned char *table = malloc(SIEVE_SIZE);

	if (table == NULL)
		return aim_fail_errno(ctx, "malloc sieve table");
	aim_ctx_set_data(ctx, table);
	return AIM_OK;
}

/*
 * AIM9's sieve: every n from 2 up, not only up to the square root, marks
 * its multiples if it is still unmarked.  Entries 0 and 1 stay set.
 */
static void
sieve_once(unsigned char *table)
{
	memset(table, 1, SIEVE_SIZE);
	for (size_t n = 2; n < SIEVE_SIZE; n++) {
		if (table[n] == 0)
			continue;
		for (size_t m = n + n; m < SIEVE_SIZE; m += n)
			table[m] = 0;
	}
}

static enum aim_status
sieve_run(struct aim_ctx *ctx)
{
	unsigned char *table = aim_ctx_data(ctx);
	long count = 0;

	for (int pass = 0; pass < SIEVE_PASSES; pass++) {
		sieve_once(table);
		/*
		 * Each pass is overwritten by the next; the sink's memory
		 * clobber makes the compiler assume the table is read here.
		 */
		aim_sink_ptr(table);
	}
	for (size_t n = 0; n < SIEVE_SIZE; n++)
		count += table[n];
	aim_sink_u64((uint64_t)count);
	if (count != SIEVE_EXPECTED)
		return aim_fail(ctx, "sieve: %ld entries left, expected %d",
				count, SIEVE_EXPECTED);
	return AIM_OK;
}

static void
sieve_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_sieve = {
	.info = &catalog_tests[CATALOG_SIEVE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = sieve_setup,
	.run = sieve_run,
	.teardown = sieve_teardown,
};
