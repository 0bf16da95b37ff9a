// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Compressed inputs: lkp-tests writes matrix.json.gz, mmtests reads its
 * logs gzip'd or xz'd.  A stream starting with gzip's or xz's magic bytes
 * is read through zlib or liblzma, any other passed on as it is.  The
 * reader above sees the decompressed bytes only, so every bound of
 * lib/infile.h applies to them: a small file that inflates past
 * INFILE_SIZE_MAX is refused as a large one is, and stops being inflated
 * there.
 */
#include "config.h"

#include "import_int.h"

#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "xalloc.h"

/* The xz decoder's memory: xz -9 needs 65 MiB, nothing sane more. */
#define XZ_MEMLIMIT ((uint64_t)128 << 20)
#define CHUNK (64 * 1024)

enum unzip_kind { UNZIP_PLAIN, UNZIP_GZIP, UNZIP_XZ };

struct import_unzip {
	FILE *raw;
	enum unzip_kind kind;
	unsigned char in[CHUNK];
	size_t peeked;		/* bytes of IN read before the kind was known */
	int raw_eof;
	int ended;		/* the compressed stream ended */
	z_stream z;
	lzma_stream x;
	char why[160];
};

static const unsigned char gzip_magic[] = { 0x1f, 0x8b };
static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };

/* Fail the read with the reason WHY. */
static ssize_t
failed(struct import_unzip *u, const char *why)
{
	if (u->why[0] == '\0')
		snprintf(u->why, sizeof(u->why), "%s: %s",
			 u->kind == UNZIP_GZIP ? "gzip" : "xz", why);
	errno = EILSEQ;
	return -1;
}

/* More compressed input at *NEXT, *AVAIL: 0, or -1 on a read error. */
static int
refill(struct import_unzip *u, const unsigned char **next, size_t *avail)
{
	size_t n;

	if (*avail > 0 || u->raw_eof)
		return 0;
	if (u->peeked > 0) {
		n = u->peeked;
		u->peeked = 0;
	} else {
		n = fread(u->in, 1, sizeof(u->in), u->raw);
		if (n == 0 && ferror(u->raw))
			return -1;
		u->raw_eof = n == 0;
	}
	*next = u->in;
	*avail = n;
	return 0;
}

static ssize_t
read_gzip(struct import_unzip *u, char *buf, size_t size)
{
	z_stream *z = &u->z;
	size_t avail = z->avail_in;
	const unsigned char *next = z->next_in;
	int rc;

	z->next_out = (unsigned char *)buf;
	z->avail_out = (uInt)(size > CHUNK ? CHUNK : size);
	while (z->avail_out == (uInt)(size > CHUNK ? CHUNK : size)) {
		if (refill(u, &next, &avail) < 0)
			return -1;
		if (avail == 0 && u->raw_eof)
			return u->ended ? 0 : failed(u, "compressed data cut short");
		/* Concatenated members are one file, as gzip -d reads them. */
		if (u->ended) {
			if (inflateReset(z) != Z_OK)
				return failed(u, "cannot restart");
			u->ended = 0;
		}
		z->next_in = (unsigned char *)next;
		z->avail_in = (uInt)avail;
		rc = inflate(z, Z_NO_FLUSH);
		next = z->next_in;
		avail = z->avail_in;
		if (rc == Z_STREAM_END)
			u->ended = 1;
		else if (rc != Z_OK && rc != Z_BUF_ERROR)
			return failed(u, z->msg != NULL ? z->msg : "corrupt data");
	}
	return (ssize_t)((size > CHUNK ? CHUNK : size) - z->avail_out);
}

static const char *
lzma_why(lzma_ret rc)
{
	switch (rc) {
	case LZMA_MEMLIMIT_ERROR:
		return "needs more than 128 MiB to decompress";
	case LZMA_FORMAT_ERROR:
		return "not xz data";
	case LZMA_OPTIONS_ERROR:
		return "unsupported options";
	case LZMA_BUF_ERROR:
		return "compressed data cut short";
	case LZMA_MEM_ERROR:
		return "out of memory";
	default:
		return "corrupt data";
	}
}

static ssize_t
read_xz(struct import_unzip *u, char *buf, size_t size)
{
	lzma_stream *x = &u->x;
	size_t avail = x->avail_in;
	const unsigned char *next = x->next_in;
	lzma_ret rc;

	x->next_out = (unsigned char *)buf;
	x->avail_out = size;
	while (x->avail_out == size && !u->ended) {
		if (refill(u, &next, &avail) < 0)
			return -1;
		x->next_in = next;
		x->avail_in = avail;
		rc = lzma_code(x, u->raw_eof ? LZMA_FINISH : LZMA_RUN);
		next = x->next_in;
		avail = x->avail_in;
		if (rc == LZMA_STREAM_END)
			u->ended = 1;
		else if (rc != LZMA_OK)
			return failed(u, lzma_why(rc));
	}
	return (ssize_t)(size - x->avail_out);
}

static ssize_t
cookie_read(void *cookie, char *buf, size_t size)
{
	struct import_unzip *u = cookie;
	size_t n;

	if (size == 0 || u->why[0] != '\0')
		return u->why[0] != '\0' ? failed(u, "") : 0;
	if (u->kind == UNZIP_GZIP)
		return read_gzip(u, buf, size);
	if (u->kind == UNZIP_XZ)
		return read_xz(u, buf, size);
	if (u->peeked > 0) {
		n = u->peeked < size ? u->peeked : size;
		memcpy(buf, u->in, n);
		memmove(u->in, u->in + n, u->peeked - n);
		u->peeked -= n;
		return (ssize_t)n;
	}
	n = fread(buf, 1, size, u->raw);
	return n == 0 && ferror(u->raw) ? -1 : (ssize_t)n;
}

static int
cookie_close(void *cookie)
{
	struct import_unzip *u = cookie;

	if (u->kind == UNZIP_GZIP)
		(void)inflateEnd(&u->z);	/* only frees */
	if (u->kind == UNZIP_XZ)
		lzma_end(&u->x);
	free(u);
	return 0;
}

/* The kind the first bytes of U name, with its decoder set up. */
static int
start(struct import_unzip *u)
{
	static const lzma_stream init = LZMA_STREAM_INIT;

	while (u->peeked < sizeof(xz_magic) && !u->raw_eof) {
		size_t n = fread(u->in + u->peeked, 1,
				 sizeof(xz_magic) - u->peeked, u->raw);

		if (n == 0 && ferror(u->raw))
			return -1;
		u->raw_eof = n == 0;
		u->peeked += n;
	}
	u->raw_eof = 0;	/* fread may be asked again at the end */
	if (u->peeked >= sizeof(gzip_magic) &&
	    memcmp(u->in, gzip_magic, sizeof(gzip_magic)) == 0) {
		u->kind = UNZIP_GZIP;
		return inflateInit2(&u->z, 15 + 16) == Z_OK ? 0 : -1;
	}
	if (u->peeked == sizeof(xz_magic) &&
	    memcmp(u->in, xz_magic, sizeof(xz_magic)) == 0) {
		u->kind = UNZIP_XZ;
		u->x = init;
		return lzma_stream_decoder(&u->x, XZ_MEMLIMIT,
					   LZMA_CONCATENATED) == LZMA_OK ? 0 : -1;
	}
	u->kind = UNZIP_PLAIN;
	return 0;
}

FILE *
import_unzip_open(FILE *raw, struct import_unzip **out)
{
	static const cookie_io_functions_t io = {
		.read = cookie_read,
		.close = cookie_close,
	};
	struct import_unzip *u = xcalloc(1, sizeof(*u));
	FILE *f;

	u->raw = raw;
	if (start(u) < 0) {
		free(u);
		return NULL;
	}
	f = fopencookie(u, "r", io);
	if (f == NULL) {
		(void)cookie_close(u);
		return NULL;
	}
	*out = u;
	return f;
}

const char *
import_unzip_error(const struct import_unzip *u)
{
	return u->why[0] != '\0' ? u->why : NULL;
}
