// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The release a kernel image says it is: an x86 bzImage carries its
 * version string in its setup header (the field kernel_version, an
 * offset from 0x200, behind the "HdrS" magic), whose first word is what
 * uname -r will say.  A plan reads it instead of trusting a name.
 */
#include "config.h"

#include "plan_image.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "infile.h"
#include "xalloc.h"

/* A bzImage is megabytes; 1 GiB is not one. */
#define IMAGE_MAX ((size_t)1 << 30)

/* Characters of a release (uname -r): nothing a line could hide. */
static int
release_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("._+-~", c) != NULL;
}

char *
plan_image_release(const char *path, char *err, size_t errlen)
{
	unsigned char hdr[0x210], ver[128];
	int fd = infile_open_fd(path, IMAGE_MAX, err, errlen);
	size_t n = 0;
	ssize_t got;
	long off;

	if (fd < 0)
		return NULL;
	got = pread(fd, hdr, sizeof(hdr), 0);
	if (got != (ssize_t)sizeof(hdr) || memcmp(hdr + 0x202, "HdrS", 4) != 0) {
		(void)close(fd);	/* read only: nothing to flush */
		snprintf(err, errlen, "not an x86 kernel image (no setup "
			 "header)");
		return NULL;
	}
	off = 0x200 + (long)(hdr[0x20e] | (uint16_t)hdr[0x20f] << 8);
	got = hdr[0x20e] == 0 && hdr[0x20f] == 0 ? -1 :
	      pread(fd, ver, sizeof(ver) - 1, off);
	(void)close(fd);	/* read only: nothing to flush */
	while (got > 0 && n < (size_t)got && release_char(ver[n]))
		n++;
	/* A release names a directory of /lib/modules: never "." or "..". */
	if (got <= 0 || n == 0 || (n < (size_t)got && ver[n] != ' ') ||
	    ver[0] == '.') {
		snprintf(err, errlen, "its setup header names no version");
		return NULL;
	}
	ver[n] = '\0';
	return xstrdup((const char *)ver);
}
