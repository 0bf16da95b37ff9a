/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The routines of the mem family (memfam_impl.c) as the family's run
 * functions (memfam.c) find them: by the name in lib/core/memfam.h.
 */
#ifndef AIM_MEMFAM_IMPL_H
#define AIM_MEMFAM_IMPL_H

#include <stddef.h>

enum memfam_op {
	MEMFAM_COPY,
	MEMFAM_CLEAR,
};

/* What a routine needs of the CPU beyond x86-64 (SSE2 is part of it). */
enum memfam_cpu {
	MEMFAM_CPU_ANY,
	MEMFAM_CPU_AVX2,
	MEMFAM_CPU_AVX512,
};

struct memfam_routine {
	const char *name;	/* as in lib/core/memfam.h: "movsb", "stosq" */
	enum memfam_op op;
	enum memfam_cpu cpu;
	/* N is a multiple of 64, DST and SRC page-aligned. */
	void (*copy)(void *dst, const void *src, size_t n);
	void (*clear)(void *dst, size_t n);
	const char *what;	/* the instruction sequence, for doc/tests.md */
};

/* The routine NAME of OP, or NULL (none on this architecture). */
const struct memfam_routine *memfam_routine(enum memfam_op op,
					    const char *name);

/* NULL when this CPU runs R, else why not ("AVX2 not reported ..."). */
const char *memfam_cpu_missing(const struct memfam_routine *r);

/*
 * Whether CPUID reports clflushopt: asked once, at setup, since CPUID is
 * a VM exit in a guest, which would disturb the call that follows.
 */
int memfam_flushopt(void);

/*
 * Write back and drop every line of [P, P + N) from every cache level
 * (clflushopt when OPT, else clflush), then mfence; no-op where the
 * architecture has neither.
 */
void memfam_flush(const void *p, size_t n, int opt);

/*
 * zerocmp (memfam_zero.c): memcmp of the two halves of a mapping never
 * written, so every read is of the zero page (or the huge zero page,
 * where THP gives one); cold drops the mapping's pages before each call,
 * so the call faults them in again.
 */
struct aim_ctx;
enum aim_status;
enum aim_status memfam_zero_setup(struct aim_ctx *ctx);
/* zerocmpthp: the same, the mapping asking for huge pages. */
enum aim_status memfam_zerothp_setup(struct aim_ctx *ctx);
/* What one page table maps on x86-64: a huge page, the huge zero page. */
#define MEMFAM_ZERO_HUGE (2UL << 20)
/*
 * memfam_zero_note.c: aim_ctx_root() and PATH into BUF (0, or -1 when it
 * does not fit); after the last call, what [P, P + N) was read through
 * as run facts (USE_ZERO_PAGE: transparent_hugepage/use_zero_page, -1).
 */
int memfam_zero_path(const struct aim_ctx *ctx, const char *path, char *buf,
		     size_t len);
void memfam_zero_note(struct aim_ctx *ctx, const char *p, size_t n,
		      int use_zero_page);
enum aim_status memfam_zero_run(struct aim_ctx *ctx);
void memfam_zero_cold(struct aim_ctx *ctx);
void memfam_zero_teardown(struct aim_ctx *ctx);

#endif
