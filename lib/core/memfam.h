/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The mem family as one table: function x implementation x size x cache
 * state.  lib/core/catalog.c makes a catalog row of every entry and
 * tests-aim/cpu/memfam.c a descriptor, both by expanding MEMFAM_ROWS(X) with
 * X(function, implementation, size, state), so a routine is one line in
 * an implementation list here plus its function in
 * tests-aim/cpu/memfam_impl.c.  Names are stored data: never rename one.
 */
#ifndef AIM_MEMFAM_H
#define AIM_MEMFAM_H

/* Number of the family's first row: after the classic 60 and the extras. */
#define MEMFAM_FIRST_NUMBER 201

#define MEMFAM_STATES(X, f, i, s) X(f, i, s, hot) X(f, i, s, cold)
/* 4 KiB (a page), 1 MiB, 2 MiB (a huge page), above the last-level cache. */
#define MEMFAM_SIZES(X, f, i) \
	MEMFAM_STATES(X, f, i, 4k) MEMFAM_STATES(X, f, i, 1m) \
	MEMFAM_STATES(X, f, i, 2m) MEMFAM_STATES(X, f, i, llc)
/* Use after write: the sizes at which the kernel writes pages it uses. */
#define MEMFAM_USE_SIZES(X, f, i) \
	MEMFAM_STATES(X, f, i, 4k) MEMFAM_STATES(X, f, i, 2m)

#define MEMFAM_COPY_IMPLS(X, f, S) \
	S(X, f, libc) S(X, f, movsb) S(X, f, movsq) S(X, f, movq) \
	S(X, f, sse2) S(X, f, sse2nt) S(X, f, movnti) S(X, f, avx2) \
	S(X, f, avx512)
#define MEMFAM_CLEAR_IMPLS(X, f, S) \
	S(X, f, libc) S(X, f, stosb) S(X, f, stosq) S(X, f, movq) \
	S(X, f, sse2) S(X, f, sse2nt) S(X, f, movnti) S(X, f, avx2) \
	S(X, f, avx512)

#define MEMFAM_ROWS(X) \
	MEMFAM_COPY_IMPLS(X, copy, MEMFAM_SIZES) \
	MEMFAM_CLEAR_IMPLS(X, clear, MEMFAM_SIZES) \
	MEMFAM_COPY_IMPLS(X, copyuse, MEMFAM_USE_SIZES) \
	MEMFAM_CLEAR_IMPLS(X, clearuse, MEMFAM_USE_SIZES) \
	MEMFAM_STATES(X, zerocmp, libc, 2g) \
	MEMFAM_STATES(X, zerocmpthp, libc, 2g)

/* "mem_copy_movsb_4k_cold" */
#define MEMFAM_NAME(f, i, s, c) "mem_" #f "_" #i "_" #s "_" #c
/* The catalog id of one entry. */
#define MEMFAM_ID(f, i, s, c) CATALOG_MEM_##f##_##i##_##s##_##c

/* Bytes one call writes at each fixed size; llc is the run's size. */
#define MEMFAM_BYTES_4k 4096UL
#define MEMFAM_BYTES_1m (1024UL * 1024)
#define MEMFAM_BYTES_2m (2048UL * 1024)
#define MEMFAM_BYTES_llc 0UL
/*
 * zerocmp: memcmp of the two untouched halves of 2 GiB, all of it read;
 * zerocmpthp the same asking for huge pages (the huge zero page).
 */
#define MEMFAM_BYTES_2g (2048UL * 1024 * 1024)

/* How a size's factor follows the run: llc --memsize, 2g --zerosize. */
#define MEMFAM_SCALE_4k CATALOG_SCALE_FIXED
#define MEMFAM_SCALE_1m CATALOG_SCALE_FIXED
#define MEMFAM_SCALE_2m CATALOG_SCALE_FIXED
#define MEMFAM_SCALE_llc CATALOG_SCALE_MEMSIZE
#define MEMFAM_SCALE_2g CATALOG_SCALE_ZEROSIZE

#endif
