// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SHA-256 through Nettle, fed line by line as the importer reads.
 */
#include "config.h"

#include "filehash.h"

#include <stdint.h>
#include <stdio.h>

void
filehash_init(struct filehash *h)
{
	sha256_init(&h->ctx);
}

void
filehash_update(struct filehash *h, const void *buf, size_t len)
{
	sha256_update(&h->ctx, len, buf);
}

void
filehash_hex(struct filehash *h, char *hex)
{
	uint8_t digest[SHA256_DIGEST_SIZE];

	sha256_digest(&h->ctx, sizeof(digest), digest);
	for (size_t i = 0; i < sizeof(digest); i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}
