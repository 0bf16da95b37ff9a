// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The routines of the mem family, each one asm block so that what runs
 * is the instruction sequence its name says (a C loop is vectorised or
 * turned back into a memcpy call by the compiler).  x86-64 only; on any
 * other architecture the table is empty and the family skips.
 */
#include "config.h"

#include "memfam_impl.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

#define ASM_LOOP_END(step) \
	"leaq " #step "(%[d]), %[d]\n\t" \
	"decq %[n]\n\t" \
	"jnz 1b\n\t"

static void
copy_libc(void *d, const void *s, size_t n)
{
	memcpy(d, s, n);
}

static void
copy_movsb(void *d, const void *s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static void
copy_movsq(void *d, const void *s, size_t n)
{
	size_t q = n / 8;

	__asm__ volatile("rep movsq" : "+D"(d), "+S"(s), "+c"(q) : : "memory");
}

/*
 * A routine over whole lines: BODY is one asm loop over [d] (and [s]),
 * [n] iterations of STEP bytes, [z] a zero register for a clear.
 */
#define COPY_FN(fn, step, body, ...) \
	static void \
	fn(void *d, const void *s, size_t n) \
	{ \
		size_t lines = n / (step); \
		__asm__ volatile(body \
				 : [d] "+r"(d), [s] "+r"(s), [n] "+r"(lines) \
				 : : __VA_ARGS__); \
	}
#define CLEAR_FN(fn, body, ...) \
	static void \
	fn(void *d, size_t n) \
	{ \
		size_t lines = n / 64; \
		__asm__ volatile(body : [d] "+r"(d), [n] "+r"(lines) \
				 : [z] "r"(0UL) : __VA_ARGS__); \
	}

/* The kernel's copy_page_regs shape, without its prefetch. */
COPY_FN(copy_movq, 64,
	"1:\n\t"
	"movq 0(%[s]), %%rax\n\tmovq 8(%[s]), %%rbx\n\t"
	"movq 16(%[s]), %%rdx\n\tmovq 24(%[s]), %%r8\n\t"
	"movq 32(%[s]), %%r9\n\tmovq 40(%[s]), %%r10\n\t"
	"movq 48(%[s]), %%r11\n\tmovq 56(%[s]), %%r12\n\t"
	"movq %%rax, 0(%[d])\n\tmovq %%rbx, 8(%[d])\n\t"
	"movq %%rdx, 16(%[d])\n\tmovq %%r8, 24(%[d])\n\t"
	"movq %%r9, 32(%[d])\n\tmovq %%r10, 40(%[d])\n\t"
	"movq %%r11, 48(%[d])\n\tmovq %%r12, 56(%[d])\n\t"
	"leaq 64(%[s]), %[s]\n\t"
	ASM_LOOP_END(64),
	"rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "memory", "cc")

/* Four 16-byte loads, then four stores: ST is movdqa or movntdq. */
#define SSE2_COPY(st) \
	"1:\n\t" \
	"movdqa 0(%[s]), %%xmm0\n\tmovdqa 16(%[s]), %%xmm1\n\t" \
	"movdqa 32(%[s]), %%xmm2\n\tmovdqa 48(%[s]), %%xmm3\n\t" \
	st " %%xmm0, 0(%[d])\n\t" st " %%xmm1, 16(%[d])\n\t" \
	st " %%xmm2, 32(%[d])\n\t" st " %%xmm3, 48(%[d])\n\t" \
	"leaq 64(%[s]), %[s]\n\t" \
	ASM_LOOP_END(64)

COPY_FN(copy_sse2, 64, SSE2_COPY("movdqa"),
	"xmm0", "xmm1", "xmm2", "xmm3", "memory", "cc")
COPY_FN(copy_sse2nt, 64, SSE2_COPY("movntdq") "sfence\n\t",
	"xmm0", "xmm1", "xmm2", "xmm3", "memory", "cc")

COPY_FN(copy_movnti, 32,
	"1:\n\t"
	"movq 0(%[s]), %%rax\n\tmovq 8(%[s]), %%rdx\n\t"
	"movq 16(%[s]), %%r8\n\tmovq 24(%[s]), %%r9\n\t"
	"movnti %%rax, 0(%[d])\n\tmovnti %%rdx, 8(%[d])\n\t"
	"movnti %%r8, 16(%[d])\n\tmovnti %%r9, 24(%[d])\n\t"
	"leaq 32(%[s]), %[s]\n\t"
	ASM_LOOP_END(32)
	"sfence\n\t",
	"rax", "rdx", "r8", "r9", "memory", "cc")

COPY_FN(copy_avx2, 64,
	"1:\n\t"
	"vmovdqa 0(%[s]), %%ymm0\n\tvmovdqa 32(%[s]), %%ymm1\n\t"
	"vmovdqa %%ymm0, 0(%[d])\n\tvmovdqa %%ymm1, 32(%[d])\n\t"
	"leaq 64(%[s]), %[s]\n\t"
	ASM_LOOP_END(64)
	"vzeroupper\n\t",
	"xmm0", "xmm1", "memory", "cc")

/*
 * zmm16 and up: the compiler allocates them only under -mavx512f, which
 * this file is not built with, so they need no clobber.
 */
COPY_FN(copy_avx512, 64,
	"1:\n\t"
	"vmovdqa64 0(%[s]), %%zmm16\n\t"
	"vmovdqa64 %%zmm16, 0(%[d])\n\t"
	"leaq 64(%[s]), %[s]\n\t"
	ASM_LOOP_END(64)
	"vzeroupper\n\t",
	"memory", "cc")

static void
clear_libc(void *d, size_t n)
{
	memset(d, 0, n);
}

static void
clear_stosb(void *d, size_t n)
{
	__asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(0) : "memory");
}

static void
clear_stosq(void *d, size_t n)
{
	size_t q = n / 8;

	__asm__ volatile("rep stosq" : "+D"(d), "+c"(q) : "a"(0UL) : "memory");
}

/* Eight stores of one register per line: ST is movq or movnti. */
#define REG_CLEAR(st) \
	"1:\n\t" \
	st " %[z], 0(%[d])\n\t" st " %[z], 8(%[d])\n\t" \
	st " %[z], 16(%[d])\n\t" st " %[z], 24(%[d])\n\t" \
	st " %[z], 32(%[d])\n\t" st " %[z], 40(%[d])\n\t" \
	st " %[z], 48(%[d])\n\t" st " %[z], 56(%[d])\n\t" \
	ASM_LOOP_END(64)

CLEAR_FN(clear_movq, REG_CLEAR("movq"), "memory", "cc")
CLEAR_FN(clear_movnti, REG_CLEAR("movnti") "sfence\n\t", "memory", "cc")

#define SSE2_CLEAR(st) \
	"pxor %%xmm0, %%xmm0\n\t" \
	"1:\n\t" \
	st " %%xmm0, 0(%[d])\n\t" st " %%xmm0, 16(%[d])\n\t" \
	st " %%xmm0, 32(%[d])\n\t" st " %%xmm0, 48(%[d])\n\t" \
	ASM_LOOP_END(64)

CLEAR_FN(clear_sse2, SSE2_CLEAR("movdqa"), "xmm0", "memory", "cc")
CLEAR_FN(clear_sse2nt, SSE2_CLEAR("movntdq") "sfence\n\t", "xmm0", "memory",
	 "cc")

CLEAR_FN(clear_avx2,
	 "vpxor %%ymm0, %%ymm0, %%ymm0\n\t"
	 "1:\n\t"
	 "vmovdqa %%ymm0, 0(%[d])\n\tvmovdqa %%ymm0, 32(%[d])\n\t"
	 ASM_LOOP_END(64)
	 "vzeroupper\n\t",
	 "xmm0", "memory", "cc")

CLEAR_FN(clear_avx512,
	 "vpxorq %%zmm16, %%zmm16, %%zmm16\n\t"
	 "1:\n\t"
	 "vmovdqa64 %%zmm16, 0(%[d])\n\t"
	 ASM_LOOP_END(64)
	 "vzeroupper\n\t",
	 "memory", "cc")

#define CP(name, cpu, fn, what) { name, MEMFAM_COPY, cpu, fn, NULL, what }
#define CL(name, cpu, fn, what) { name, MEMFAM_CLEAR, cpu, NULL, fn, what }

static const struct memfam_routine routines[] = {
	CP("libc", MEMFAM_CPU_ANY, copy_libc, "the C library's memcpy"),
	CP("movsb", MEMFAM_CPU_ANY, copy_movsb, "rep movsb"),
	CP("movsq", MEMFAM_CPU_ANY, copy_movsq, "rep movsq"),
	CP("movq", MEMFAM_CPU_ANY, copy_movq, "8 x movq load, 8 x movq store per line"),
	CP("sse2", MEMFAM_CPU_ANY, copy_sse2, "4 x movdqa load, 4 x movdqa store"),
	CP("sse2nt", MEMFAM_CPU_ANY, copy_sse2nt, "movdqa loads, movntdq stores, sfence"),
	CP("movnti", MEMFAM_CPU_ANY, copy_movnti, "movq loads, 8-byte movnti stores, sfence"),
	CP("avx2", MEMFAM_CPU_AVX2, copy_avx2, "2 x 32-byte vmovdqa load and store"),
	CP("avx512", MEMFAM_CPU_AVX512, copy_avx512, "64-byte vmovdqa64 load and store"),
	CL("libc", MEMFAM_CPU_ANY, clear_libc, "the C library's memset"),
	CL("stosb", MEMFAM_CPU_ANY, clear_stosb, "rep stosb"),
	CL("stosq", MEMFAM_CPU_ANY, clear_stosq, "rep stosq"),
	CL("movq", MEMFAM_CPU_ANY, clear_movq, "8 x movq store per line"),
	CL("sse2", MEMFAM_CPU_ANY, clear_sse2, "4 x movdqa store"),
	CL("sse2nt", MEMFAM_CPU_ANY, clear_sse2nt, "4 x movntdq store, sfence"),
	CL("movnti", MEMFAM_CPU_ANY, clear_movnti, "8 x 8-byte movnti store, sfence"),
	CL("avx2", MEMFAM_CPU_AVX2, clear_avx2, "2 x 32-byte vmovdqa store"),
	CL("avx512", MEMFAM_CPU_AVX512, clear_avx512, "64-byte vmovdqa64 store"),
};

/* XCR0: which register states the kernel saves (so a program may use). */
static unsigned long long
xcr0(void)
{
	unsigned a, b, c, d;
	unsigned lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return 0;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (unsigned long long)hi << 32 | lo;
}

const char *
memfam_cpu_missing(const struct memfam_routine *r)
{
	unsigned a = 0, b = 0, c = 0, d = 0;
	unsigned long long x = xcr0();

	if (r->cpu == MEMFAM_CPU_ANY)
		return NULL;
	(void)__get_cpuid_count(7, 0, &a, &b, &c, &d);	/* b stays 0 */
	if (r->cpu == MEMFAM_CPU_AVX2)
		return (b & bit_AVX2) && (x & 0x6) == 0x6 ? NULL :
			"AVX2 not reported by CPUID or not enabled by the kernel";
	return (b & bit_AVX512F) && (x & 0xe6) == 0xe6 ? NULL :
		"AVX-512F not reported by CPUID or not enabled by the kernel";
}

int
memfam_flushopt(void)
{
	unsigned a = 0, b = 0, c = 0, d = 0;

	(void)__get_cpuid_count(7, 0, &a, &b, &c, &d);
	return (b & bit_CLFLUSHOPT) != 0;
}

void
memfam_flush(const void *p, size_t n, int opt)
{
	const char *q = p, *end = q + n;

	if (opt) {
		for (; q < end; q += 64)
			__asm__ volatile("clflushopt %0" : "+m"(*(volatile char *)q));
	} else {
		for (; q < end; q += 64)
			__asm__ volatile("clflush %0" : "+m"(*(volatile char *)q));
	}
	__asm__ volatile("mfence" : : : "memory");
}

const struct memfam_routine *
memfam_routine(enum memfam_op op, const char *name)
{
	for (size_t i = 0; i < sizeof(routines) / sizeof(routines[0]); i++)
		if (routines[i].op == op && strcmp(routines[i].name, name) == 0)
			return &routines[i];
	return NULL;
}

#else	/* not x86-64: the family skips */

const struct memfam_routine *
memfam_routine(enum memfam_op op, const char *name)
{
	(void)op;
	(void)name;
	return NULL;
}

const char *
memfam_cpu_missing(const struct memfam_routine *r)
{
	(void)r;
	return "x86-64 only";
}

int
memfam_flushopt(void)
{
	return 0;
}

void
memfam_flush(const void *p, size_t n, int opt)
{
	(void)p;
	(void)n;
	(void)opt;
}

#endif
