/*
 * SHA-256 of an import file, read again on its own after it parsed: one
 * bounded read through Nettle, never blocking on what is not a file.
 */
#include "config.h"

#include "filehash.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>

/* Feed FD to CTX to its end; 0, or -1 with errno. */
static int
hash_fd(int fd, struct sha256_ctx *ctx)
{
	uint8_t buf[65536];
	long long total = 0;
	ssize_t got;

	while ((got = read(fd, buf, sizeof(buf))) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		total += got;
		if (total > FILEHASH_MAX_BYTES) {
			errno = EFBIG;
			return -1;
		}
		sha256_update(ctx, (size_t)got, buf);
	}
	return 0;
}

int
filehash_sha256(const char *path, char *hex)
{
	uint8_t digest[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;
	struct stat sb;
	int fd, rc, saved;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = fstat(fd, &sb) < 0 ? -1 : S_ISREG(sb.st_mode) ? 1 : 0;
	if (rc == 1) {
		sha256_init(&ctx);
		rc = hash_fd(fd, &ctx) < 0 ? -1 : 1;
	}
	saved = errno;
	(void)close(fd);	/* read only: nothing to lose */
	errno = saved;
	if (rc <= 0)
		return rc;
	sha256_digest(&ctx, sizeof(digest), digest);
	for (size_t i = 0; i < sizeof(digest); i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
	return 1;
}
