// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mem family: copy and clear, and both followed by a read of what
 * was written (use after write), by every routine of memfam_impl.c, at
 * the sizes and cache states of lib/core/memfam.h.  One setup and one run
 * function serve every variant; the descriptor's param says which.
 * Hot: the harness's warm-up calls leave the buffers cached, as perf
 * bench's untimed pass does.  Cold: before every call, untimed, every
 * line of source and destination is flushed from every cache level
 * (clflushopt, else clflush, then mfence), so each variant is timed call
 * by call (harness/child/latency.c).  doc/tests.md says why flushing rather
 * than a pool of fresh buffers.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "aim_test.h"
#include "memfam_impl.h"

struct memfam_variant {
	enum memfam_op op;
	int use;		/* read back what was written, timed with it */
	const char *impl;	/* the routine's name */
	unsigned long bytes;	/* 0: the run's size above the LLC */
};

struct memfam {
	const struct memfam_variant *v;
	const struct memfam_routine *r;
	char *dst, *src;	/* src NULL for a clear */
	size_t n;
	int flushopt;		/* clflushopt, asked once (memfam_flushopt) */
};

#define OP_copy MEMFAM_COPY, 0
#define OP_clear MEMFAM_CLEAR, 0
#define OP_copyuse MEMFAM_COPY, 1
#define OP_clearuse MEMFAM_CLEAR, 1
#define OP_zerocmp MEMFAM_CLEAR, 0	/* unused: memfam_zero.c */
#define OP_zerocmpthp MEMFAM_CLEAR, 0	/* unused: memfam_zero.c */
#define VAR_NAME(f, i, s, c) memfam_var_##f##_##i##_##s##_##c
#define VAR_(f, i, s, c) \
	static const struct memfam_variant VAR_NAME(f, i, s, c) = { \
		OP_##f, #i, MEMFAM_BYTES_##s };
MEMFAM_ROWS(VAR_)
#undef VAR_

/* The largest cache cpu0 has, in bytes; 0 when sysfs does not say. */
static unsigned long
largest_cache(void)
{
	unsigned long best = 0;

	for (int i = 0; i < 16; i++) {
		char path[96], unit = 0;
		unsigned long v = 0;
		FILE *f;
		int got;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		f = fopen(path, "re");
		if (f == NULL)
			continue;
		got = fscanf(f, "%lu%c", &v, &unit);
		(void)fclose(f);	/* read only */
		/* Up to 1 TiB of cache: anything more is not a size. */
		if (got != 2 || v == 0 || v > (1UL << 30))
			continue;
		v *= unit == 'K' ? 1024UL : unit == 'M' ? 1024UL * 1024 : 1;
		if (v > best)
			best = v;
	}
	return best;
}

unsigned long
aim_memfam_default_size(void)
{
	unsigned long llc = largest_cache();

	return 4 * (llc > 0 ? llc : 32UL * 1024 * 1024);
}

static void
unmap(struct memfam *m)
{
	if (m->dst != NULL)
		(void)munmap(m->dst, m->n);	/* our own mapping */
	if (m->src != NULL)
		(void)munmap(m->src, m->n);
	free(m);
}

static char *
map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* The buffers' size: the variant's, else the run's, whole pages. */
static size_t
buffer_size(const struct aim_ctx *ctx, const struct memfam_variant *v)
{
	size_t n = v->bytes;

	if (n == 0)
		n = aim_ctx_memsize(ctx) > 0 ? aim_ctx_memsize(ctx) :
		    aim_memfam_default_size();
	return (n + 4095) & ~(size_t)4095;
}

/* The routine once, checked: what runs must do what its name says. */
static int
works(struct memfam *m)
{
	memset(m->dst, 0xa5, m->n);
	if (m->src != NULL) {
		for (size_t i = 0; i < m->n; i++)
			m->src[i] = (char)(i * 131 + i / 4096);
		m->r->copy(m->dst, m->src, m->n);
		return memcmp(m->dst, m->src, m->n) == 0;
	}
	m->r->clear(m->dst, m->n);
	for (size_t i = 0; i < m->n; i++)
		if (m->dst[i] != 0)
			return 0;
	return 1;
}

static enum aim_status
memfam_setup(struct aim_ctx *ctx)
{
	const struct memfam_variant *v = (const void *)aim_ctx_param(ctx);
	const struct memfam_routine *r = memfam_routine(v->op, v->impl);
	long pages = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	size_t n = buffer_size(ctx, v), need = v->op == MEMFAM_COPY ? 2 * n : n;
	struct memfam *m;

	if (r == NULL)
		return aim_skip(ctx, "the mem family's routines are x86-64 only");
	if (memfam_cpu_missing(r) != NULL)
		return aim_skip(ctx, "%s", memfam_cpu_missing(r));
	/* Half of free memory at most: the rest is the system's. */
	if (pages > 0 && psz > 0 && need > (size_t)pages * (size_t)psz / 2)
		return aim_skip(ctx, "needs %zu MiB, more than half the %ld MiB free",
				need >> 20, (long)((pages * (psz / 1024)) >> 10));
	m = calloc(1, sizeof(*m));
	if (m == NULL)
		return aim_fail_errno(ctx, "malloc mem family state");
	m->v = v;
	m->r = r;
	m->n = n;
	m->flushopt = memfam_flushopt();
	m->dst = map(n);
	if (m->dst == NULL || (v->op == MEMFAM_COPY && (m->src = map(n)) == NULL)) {
		enum aim_status st = aim_fail_errno(ctx, "mmap buffers");

		unmap(m);
		return st;
	}
	if (!works(m)) {
		unmap(m);
		return aim_fail(ctx, "routine %s does not %s correctly", v->impl,
				v->op == MEMFAM_COPY ? "copy" : "clear");
	}
	aim_ctx_set_data(ctx, m);
	return AIM_OK;
}

/* Every word of what was written, read back. */
static uint64_t
read_back(const char *p, size_t n)
{
	const uint64_t *w = (const uint64_t *)(const void *)p;
	uint64_t sum = 0;

	for (size_t i = 0; i < n / 8; i++)
		sum += w[i];
	return sum;
}

static enum aim_status
memfam_run(struct aim_ctx *ctx)
{
	struct memfam *m = aim_ctx_data(ctx);

	if (m->src != NULL)
		m->r->copy(m->dst, m->src, m->n);
	else
		m->r->clear(m->dst, m->n);
	if (m->v->use)
		aim_sink_u64(read_back(m->dst, m->n));
	aim_sink_ptr(m->dst);
	return AIM_OK;
}

/* Untimed, before each call of a cold variant. */
static void
memfam_cold(struct aim_ctx *ctx)
{
	struct memfam *m = aim_ctx_data(ctx);

	if (m->src != NULL)
		memfam_flush(m->src, m->n, m->flushopt);
	memfam_flush(m->dst, m->n, m->flushopt);
}

static void
memfam_teardown(struct aim_ctx *ctx)
{
	unmap(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

/* Each function's setup, run, teardown and cold step: FN_f(name). */
#define FN_copy(x) memfam_##x
#define FN_clear(x) memfam_##x
#define FN_copyuse(x) memfam_##x
#define FN_clearuse(x) memfam_##x
#define FN_zerocmp(x) memfam_zero_##x
/* The same but for its setup, which asks for huge pages. */
#define FN_zerocmpthp(x) FN_zerocmpthp_##x
#define FN_zerocmpthp_setup memfam_zerothp_setup
#define FN_zerocmpthp_run memfam_zero_run
#define FN_zerocmpthp_teardown memfam_zero_teardown
#define FN_zerocmpthp_cold memfam_zero_cold
/*
 * Each thread maps buffers of its own; the zero-page memcmp reads
 * /proc/self/smaps and pagemap, which describe the whole process.
 */
#define THR_copy 1
#define THR_clear 1
#define THR_copyuse 1
#define THR_clearuse 1
#define THR_zerocmp 0
#define THR_zerocmpthp 0
#define NOTHR_copy NULL
#define NOTHR_clear NULL
#define NOTHR_copyuse NULL
#define NOTHR_clearuse NULL
#define NOTHR_zerocmp "checks its mapping in /proc/self/smaps, which is the process's"
#define NOTHR_zerocmpthp NOTHR_zerocmp
#define PREP_hot(f) NULL
#define PREP_cold(f) FN_##f(cold)
#define DESC_(f, i, s, c) \
	[MEMFAM_ID(f, i, s, c) - CATALOG_MEMFAM_FIRST] = { \
		.info = &catalog_tests[MEMFAM_ID(f, i, s, c)], \
		.needs = AIM_NEEDS_NOTHING, .setup = FN_##f(setup), \
		.run = FN_##f(run), .teardown = FN_##f(teardown), \
		.prepare = PREP_##c(f), .per_call = 1, \
		.thread_safe = THR_##f, .no_threads = NOTHR_##f, \
		.param = (uintptr_t)&VAR_NAME(f, i, s, c) },

const struct aim_test aim_memfam_tests[CATALOG_MEMFAM_COUNT] = {
	MEMFAM_ROWS(DESC_)
};
