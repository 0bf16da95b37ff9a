/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Values hidden from the optimiser at no run-time cost.  An empty asm that
 * claims to change its operand stops the compiler from folding a chain of
 * arithmetic, deleting a division by a known 1 or hoisting work out of a
 * loop, so each operation of a classic test stays a real instruction.
 * Floating point stays in its own register class, so the barrier is free.
 */
#ifndef AIM_HIDE_H
#define AIM_HIDE_H

#if defined(__x86_64__)
#define FP_OPERAND "+x"
#elif defined(__aarch64__)
#define FP_OPERAND "+w"
#else
#define FP_OPERAND "+m"
#endif

static inline double
keep_d(double v)
{
	__asm__ volatile("" : FP_OPERAND(v));
	return v;
}

static inline float
keep_f(float v)
{
	__asm__ volatile("" : FP_OPERAND(v));
	return v;
}

static inline long
keep_l(long v)
{
	__asm__ volatile("" : "+r"(v));
	return v;
}

static inline int
keep_i(int v)
{
	__asm__ volatile("" : "+r"(v));
	return v;
}

static inline short
keep_s(short v)
{
	__asm__ volatile("" : "+r"(v));
	return v;
}

#endif
