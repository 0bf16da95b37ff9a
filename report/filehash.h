/*
 * The content hash by which aimdb import knows a file it stored before.
 */
#ifndef AIM_FILEHASH_H
#define AIM_FILEHASH_H

#include <stddef.h>

#define FILEHASH_HEX_LEN 64

/* Larger files are not hashed: an import is never this big. */
#define FILEHASH_MAX_BYTES (1LL << 30)

/*
 * SHA-256 of the regular file PATH as lowercase hex into HEX (at least
 * FILEHASH_HEX_LEN + 1 bytes).  1 when hashed; 0 when PATH is not a
 * regular file (standard input, a pipe: read once, already consumed);
 * -1 with errno on a read error, or EFBIG past FILEHASH_MAX_BYTES.
 * Opened without blocking, so a FIFO put in its place cannot hang.
 */
int filehash_sha256(const char *path, char *hex);

#endif
