// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic sort test: qsort of 10 000 ints up, down and up again, then
 * 2 000 bsearch calls of which half miss, twice per run().
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "aim_test.h"

enum {
	SORT_SIZE = 10000,
	SORT_PASSES = 2,
	/* Keys 0, 10, ... 19 990: the upper half is not in the table. */
	SEARCH_STEP = 10,
	SEARCH_END = 2 * SORT_SIZE,
	MISSES_PER_PASS = (SEARCH_END - SORT_SIZE) / SEARCH_STEP,
};

static int
ascending(const void *p1, const void *p2)
{
	int a = *(const int *)p1, b = *(const int *)p2;

	return (a > b) - (a < b);
}

static int
descending(const void *p1, const void *p2)
{
	return ascending(p2, p1);
}

/* The table starts sorted, AIM9's worst case for a naive quicksort. */
static enum aim_status
sort_setup(struct aim_ctx *ctx)
{
	int *table = malloc(SORT_SIZE * sizeof(*table));

	if (table == NULL)
		return aim_fail_errno(ctx, "malloc sort table");
	for (int i = 0; i < SORT_SIZE; i++)
		table[i] = i;
	aim_ctx_set_data(ctx, table);
	return AIM_OK;
}

static enum aim_status
sort_rtns_1_run(struct aim_ctx *ctx)
{
	int *table = aim_ctx_data(ctx);
	long misses = 0;

	for (int pass = 0; pass < SORT_PASSES; pass++) {
		qsort(table, SORT_SIZE, sizeof(*table), ascending);
		qsort(table, SORT_SIZE, sizeof(*table), descending);
		qsort(table, SORT_SIZE, sizeof(*table), ascending);
		for (int key = 0; key < SEARCH_END; key += SEARCH_STEP) {
			if (bsearch(&key, table, SORT_SIZE, sizeof(*table),
				    ascending) == NULL)
				misses++;
		}
	}
	aim_sink_u64((uint64_t)misses);
	aim_sink_ptr(table);
	if (misses != SORT_PASSES * MISSES_PER_PASS)
		return aim_fail(ctx, "sort_rtns_1: %ld bsearch misses, "
				"expected %d", misses,
				SORT_PASSES * MISSES_PER_PASS);
	return AIM_OK;
}

static void
sort_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_sort_rtns_1 = {
	.info = &catalog_tests[CATALOG_SORT_RTNS_1],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = sort_setup,
	.run = sort_rtns_1_run,
	.teardown = sort_teardown,
};
