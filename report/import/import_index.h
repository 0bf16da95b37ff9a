/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A hash index over an array the caller keeps: it stores only hashes and
 * positions, and asks the caller whether the element at a position is the
 * one sought, so the array keeps its order and its owner.  Keys come from
 * files and are hostile: hashes are SipHash-2-4 under a key drawn at
 * random for each index, so no file can be made to collide on purpose.
 * Private to the import module.
 */
#ifndef AIM_IMPORT_INDEX_H
#define AIM_IMPORT_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define IMPORT_INDEX_NONE SIZE_MAX

struct import_index {
	uint64_t key[2];	/* SipHash key */
	uint64_t *hash;		/* of the element at pos[i] - 1 */
	size_t *pos;		/* position + 1; 0 is a free slot */
	size_t cap;		/* slots: 0 or a power of two */
	size_t n;
};

/* Whether the element at POS is the one KEY describes. */
typedef int import_index_same(size_t pos, const void *key);

/* An empty index with a fresh random key. */
void import_index_init(struct import_index *x);
void import_index_free(struct import_index *x);

/* The hash, in X, of the LEN bytes at S followed by the numbers A and B. */
uint64_t import_index_hash(const struct import_index *x, const char *s,
			   size_t len, int64_t a, int64_t b);

/* The position of the element of hash H for which SAME is true, or NONE. */
size_t import_index_find(const struct import_index *x, uint64_t h,
			 import_index_same *same, const void *key);
/* Record that the element at POS has hash H (it is not there yet). */
void import_index_add(struct import_index *x, uint64_t h, size_t pos);

#endif
