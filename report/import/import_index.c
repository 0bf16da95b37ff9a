// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Open addressing with linear probing, at most half full.  Nothing is
 * ever removed, so a probe ends at the first free slot.
 */
#include "config.h"

#include "import_index.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "xalloc.h"

/* SipHash-2-4 state and the bytes of the message not yet compressed. */
struct sip {
	uint64_t v[4];
	uint64_t word;
	size_t len;
};

static uint64_t
rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

static void
sip_round(uint64_t *v)
{
	v[0] += v[1];
	v[1] = rotl(v[1], 13) ^ v[0];
	v[0] = rotl(v[0], 32);
	v[2] += v[3];
	v[3] = rotl(v[3], 16) ^ v[2];
	v[0] += v[3];
	v[3] = rotl(v[3], 21) ^ v[0];
	v[2] += v[1];
	v[1] = rotl(v[1], 17) ^ v[2];
	v[2] = rotl(v[2], 32);
}

static void
sip_compress(struct sip *s, uint64_t m)
{
	s->v[3] ^= m;
	sip_round(s->v);
	sip_round(s->v);
	s->v[0] ^= m;
}

static void
sip_init(struct sip *s, const uint64_t *key)
{
	s->v[0] = key[0] ^ 0x736f6d6570736575ULL;
	s->v[1] = key[1] ^ 0x646f72616e646f6dULL;
	s->v[2] = key[0] ^ 0x6c7967656e657261ULL;
	s->v[3] = key[1] ^ 0x7465646279746573ULL;
	s->word = 0;
	s->len = 0;
}

/* Bytes in little-endian words, as the reference reads them. */
static void
sip_feed(struct sip *s, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		s->word |= (uint64_t)p[i] << (8 * (s->len % 8));
		if (++s->len % 8 == 0) {
			sip_compress(s, s->word);
			s->word = 0;
		}
	}
}

static uint64_t
sip_final(struct sip *s)
{
	sip_compress(s, s->word | (uint64_t)(s->len & 0xff) << 56);
	s->v[2] ^= 0xff;
	for (int i = 0; i < 4; i++)
		sip_round(s->v);
	return s->v[0] ^ s->v[1] ^ s->v[2] ^ s->v[3];
}

void
import_index_init(struct import_index *x)
{
	memset(x, 0, sizeof(*x));
	/*
	 * Without randomness the index still works, only with a key a file
	 * could be made against: the time bound is lost, not correctness.
	 */
	if (getrandom(x->key, sizeof(x->key), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(x->key)) {
		x->key[0] = 0x0706050403020100ULL;
		x->key[1] = 0x0f0e0d0c0b0a0908ULL;
	}
}

void
import_index_free(struct import_index *x)
{
	free(x->hash);
	free(x->pos);
	memset(x, 0, sizeof(*x));
}

uint64_t
import_index_hash(const struct import_index *x, const char *s, size_t len,
		  int64_t a, int64_t b)
{
	unsigned char num[16];
	struct sip st;

	for (int i = 0; i < 8; i++) {
		num[i] = (unsigned char)((uint64_t)a >> (8 * i));
		num[8 + i] = (unsigned char)((uint64_t)b >> (8 * i));
	}
	sip_init(&st, x->key);
	sip_feed(&st, (const unsigned char *)s, len);
	sip_feed(&st, num, sizeof(num));
	return sip_final(&st);
}

size_t
import_index_find(const struct import_index *x, uint64_t h,
		  import_index_same *same, const void *key)
{
	size_t mask = x->cap - 1;

	for (size_t i = h & mask; x->cap > 0 && x->pos[i] != 0;
	     i = (i + 1) & mask)
		if (x->hash[i] == h && same(x->pos[i] - 1, key))
			return x->pos[i] - 1;
	return IMPORT_INDEX_NONE;
}

static void
put(uint64_t *hash, size_t *pos, size_t cap, uint64_t h, size_t p)
{
	size_t i = h & (cap - 1);

	while (pos[i] != 0)
		i = (i + 1) & (cap - 1);
	hash[i] = h;
	pos[i] = p;
}

void
import_index_add(struct import_index *x, uint64_t h, size_t pos)
{
	if (2 * (x->n + 1) > x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 64;
		uint64_t *hash = xcalloc(cap, sizeof(*hash));
		size_t *p = xcalloc(cap, sizeof(*p));

		for (size_t i = 0; i < x->cap; i++)
			if (x->pos[i] != 0)
				put(hash, p, cap, x->hash[i], x->pos[i]);
		free(x->hash);
		free(x->pos);
		x->hash = hash;
		x->pos = p;
		x->cap = cap;
	}
	put(x->hash, x->pos, x->cap, h, pos + 1);
	x->n++;
}
