// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic memory tests: mem_rtns_1 (malloc, calloc, free), mem_rtns_2
 * (memset, memchr, memcmp, memcpy, memmove) and ram_copy (memcpy of mixed
 * sizes at every alignment from 0 to 7).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"

enum {
	STRINGS = 100,
	BLOCKS = 3 * STRINGS,
	ALLOC_ROUNDS = 100,
	BLOCK_ROUNDS = 100,
	BUF_BYTES = 8192,
	/* Room for a BUF_BYTES operation at any offset 0..7. */
	BUF_SLACK = 8,
	/*
	 * Where the second buffer starts: half a page off a 4 KiB multiple.
	 * AIM9's buffers were adjacent, 8200 bytes apart, so source and
	 * destination addresses matched in their low 12 bits but for the
	 * offset; current x86 CPUs then make loads wait on unrelated stores
	 * ("4K aliasing"), and ram_copy ran over ten times slower on the
	 * machine this was measured on.  That is a property of the layout,
	 * not of memcpy.
	 */
	BUF_B_OFFSET = 3 * 4096 + 2048,
	RAM_COPIES = 64,
	RAM_COPY_BYTES = 25020,
};

/* Sizes from 1 to 8192, roughly as programs ask for them (AIM9's table). */
static const size_t op_size[40] = {
	1, 3, 5, 7, 9, 11, 33, 65, 129, 1024,
	1025, 1023, 8192, 4096, 4095, 11, 33, 65, 129, 1024,
	1, 3, 5, 7, 9, 11, 33, 65, 129, 1024,
	1025, 1023, 8192, 4096, 4095, 11, 33, 65, 129, 1024,
};

/*
 * ram_copy's 90 sizes, mostly tiny with a few pages; one run() uses the
 * first 64, which add up to the factor of 25 020 bytes.
 */
static const size_t copy_size[90] = {
	1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 8, 9, 11, 17, 33, 63,
	7, 7, 7, 7, 7, 7, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7,
	127, 256, 1001, 1200, 1492, 1500, 1024, 2048, 3172, 4096, 8192, 512,
	7, 7, 7, 7, 7, 7, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7,
	8, 9, 11, 17, 33, 63, 7, 7, 7, 7, 7, 7, 1, 2, 3, 4, 5, 6,
	7, 7, 7, 7, 7, 7,
};

static const char greeting[] = "Hello, this is an average length string 1234";

static inline size_t
opaque_size(size_t n)
{
	__asm__ volatile("" : "+r"(n));
	return n;
}

/* Free blocks[0..n) in AIM9's order: each triple's first, third, second. */
static void
free_blocks(char **blocks, int n)
{
	for (int i = n - n % 3; i < n; i++)
		free(blocks[i]);
	for (int i = n - n % 3 - 3; i >= 0; i -= 3) {
		free(blocks[i]);
		free(blocks[i + 2]);
		free(blocks[i + 1]);
	}
}

/*
 * 100 x (string copy, malloc, calloc).  Returns the number of blocks made:
 * BLOCKS, or fewer when an allocation failed.
 */
static int
alloc_blocks(char **blocks, unsigned long *sum)
{
	int j = 0;

	for (int i = 0; i < STRINGS; i++, j += 3) {
		size_t a = op_size[i % 40], c = op_size[(i + 1) % 40];

		blocks[j] = malloc(sizeof(greeting));
		if (blocks[j] == NULL)
			return j;
		strcpy(blocks[j], greeting);
		blocks[j + 1] = malloc(a);
		if (blocks[j + 1] == NULL)
			return j + 1;
		blocks[j + 2] = calloc(c, 1);
		if (blocks[j + 2] == NULL)
			return j + 2;
		*sum += strlen(blocks[j]) + 1 + a + c;
	}
	return j;
}

static enum aim_status
mem_rtns_1_run(struct aim_ctx *ctx)
{
	char *blocks[BLOCKS];
	unsigned long sum = 0;

	for (int n = 0; n < ALLOC_ROUNDS; n++) {
		int made = alloc_blocks(blocks, &sum);

		if (made < BLOCKS) {
			enum aim_status st;

			st = aim_fail_errno(ctx, "mem_rtns_1: malloc");
			free_blocks(blocks, made);
			return st;
		}
		/*
		 * Touch every block so it is really placed in memory.  AIM9
		 * read the first byte, undefined for malloc(); this writes it.
		 */
		for (int i = 0; i < BLOCKS; i++) {
			blocks[i][0] = (char)i;
			sum += (unsigned char)blocks[i][0];
		}
		aim_sink_ptr(blocks);
		free_blocks(blocks, BLOCKS);
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

struct two_bufs {
	char *a;
	char *b;
};

static enum aim_status
bufs_setup(struct aim_ctx *ctx)
{
	struct two_bufs *t = malloc(sizeof(*t) + BUF_B_OFFSET + BUF_BYTES +
				    BUF_SLACK);

	if (t == NULL)
		return aim_fail_errno(ctx, "malloc buffers");
	t->a = (char *)(t + 1);
	t->b = t->a + BUF_B_OFFSET;
	memset(t->a, 'a', BUF_BYTES + BUF_SLACK);
	memset(t->b, 'b', BUF_BYTES + BUF_SLACK);
	aim_ctx_set_data(ctx, t);
	return AIM_OK;
}

static void
bufs_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

/* One mem_rtns_2 round at offsets o1, o2; returns what it saw. */
static long
block_round(char *b1, char *b2, int n, size_t o1, size_t o2)
{
	size_t size = opaque_size(op_size[n % 40]);
	char *p;
	int cmp;

	memset(b1 + o1, 'A', size);
	memset(b2 + o2, 'A', size);
	b1[o1 + (size_t)n % size] = 'Z';
	p = memchr(b1 + o1, 'Z', size);
	cmp = memcmp(b1 + o1, b2 + o2, size);
	if (p == NULL)
		return -1;
	if (cmp > 0)
		*p = 'A';
	memcpy(b1 + o1, b2 + o2, size);
	memmove(b2 + o1, b1 + o2, size);
	return (p - b1) + cmp;
}

static enum aim_status
mem_rtns_2_run(struct aim_ctx *ctx)
{
	struct two_bufs *t = aim_ctx_data(ctx);
	long sum = 0;

	for (int n = 0; n < BLOCK_ROUNDS; n++) {
		long r = block_round(t->a, t->b, n, n % 8, (n / 8) % 8);

		if (r < 0)
			return aim_fail(ctx, "mem_rtns_2: memchr missed");
		sum += r;
	}
	aim_sink_u64((uint64_t)sum);
	aim_sink_ptr(t->a);
	aim_sink_ptr(t->b);
	return AIM_OK;
}

static enum aim_status
ram_copy_setup(struct aim_ctx *ctx)
{
	size_t total = 0;

	for (int n = 0; n < RAM_COPIES; n++)
		total += copy_size[n % 90];
	if (total != RAM_COPY_BYTES)
		return aim_fail(ctx, "ram_copy: sizes add up to %zu, not %d",
				total, RAM_COPY_BYTES);
	return bufs_setup(ctx);
}

/*
 * The size goes through an empty asm so that memcpy stays a library call
 * for every size, and the destination escapes to the sink afterwards.
 */
static enum aim_status
ram_copy_run(struct aim_ctx *ctx)
{
	struct two_bufs *t = aim_ctx_data(ctx);

	for (int n = 0; n < RAM_COPIES; n++) {
		size_t size = opaque_size(copy_size[n % 90]);

		memcpy(t->b + n % 8, t->a + (n / 8) % 8, size);
	}
	aim_sink_ptr(t->b);
	return AIM_OK;
}

const struct aim_test aim_test_mem_rtns_1 = {
	.info = &catalog_tests[CATALOG_MEM_RTNS_1],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = mem_rtns_1_run,
};

const struct aim_test aim_test_mem_rtns_2 = {
	.info = &catalog_tests[CATALOG_MEM_RTNS_2],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = bufs_setup,
	.run = mem_rtns_2_run,
	.teardown = bufs_teardown,
};

const struct aim_test aim_test_ram_copy = {
	.info = &catalog_tests[CATALOG_RAM_COPY],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = ram_copy_setup,
	.run = ram_copy_run,
	.teardown = bufs_teardown,
};
