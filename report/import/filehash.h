/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The content hash by which aimdb import knows a file it stored before:
 * SHA-256 (Nettle) of the very bytes the importer read and parsed, so a
 * file changed or swapped after the parse cannot be recorded under
 * another content, and standard input is known again too.
 */
#ifndef AIM_FILEHASH_H
#define AIM_FILEHASH_H

#include <stddef.h>

#include <nettle/sha2.h>

#define FILEHASH_HEX_LEN (2 * SHA256_DIGEST_SIZE)

struct filehash {
	struct sha256_ctx ctx;
};

void filehash_init(struct filehash *h);
void filehash_update(struct filehash *h, const void *buf, size_t len);
/* The digest as lowercase hex into HEX (FILEHASH_HEX_LEN + 1 bytes). */
void filehash_hex(struct filehash *h, char *hex);

#endif
