// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing a guest's initramfs (initramfs.h) as a cpio "newc" archive:
 * each entry a header of thirteen 8-digit hex fields after "070701",
 * its name and its data each padded to 4 bytes, the archive ended by
 * the entry "TRAILER!!!".  The kernel unpacks it into its first root.
 */
#include "config.h"

#include "initramfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "infile.h"
#include "xalloc.h"

/* A module or the init program is megabytes at most. */
#define MEMBER_MAX ((size_t)64 << 20)

struct cpio {
	FILE *f;
	unsigned ino;
};

static void
pad(struct cpio *c, size_t len)
{
	static const char zeros[4];

	/* Errors show in ferror() at the end. */
	(void)fwrite(zeros, 1, (4 - len % 4) % 4, c->f);
}

/* One entry: its header and name, then LEN bytes of DATA. */
static void
entry(struct cpio *c, const char *name, unsigned mode, const void *data,
      size_t len, unsigned rmajor, unsigned rminor)
{
	size_t nlen = strlen(name) + 1;

	fprintf(c->f, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X"
		"%08X%08X", ++c->ino, mode, 0u, 0u, S_ISDIR(mode) ? 2u : 1u,
		0u, (unsigned)len, 0u, 0u, rmajor, rminor, (unsigned)nlen, 0u);
	(void)fwrite(name, 1, nlen, c->f);	/* as above */
	pad(c, 110 + nlen);
	if (len > 0) {
		(void)fwrite(data, 1, len, c->f);	/* as above */
		pad(c, len);
	}
}

/* The whole file PATH as a member NAME of mode MODE. */
static int
member(struct cpio *c, const char *path, const char *name, unsigned mode,
       char *err, size_t errlen)
{
	char why[256];
	int fd = infile_open_fd(path, MEMBER_MAX, why, sizeof(why));
	struct stat st;
	char *buf;
	ssize_t got = -1;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		(void)close(fd);	/* read only: nothing to flush */
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	got = pread(fd, buf, (size_t)st.st_size, 0);
	(void)close(fd);	/* read only: nothing to flush */
	if (got != st.st_size) {
		snprintf(err, errlen, "%s: short read", path);
		free(buf);
		return -1;
	}
	entry(c, name, S_IFREG | mode, buf, (size_t)got, 0, 0);
	free(buf);
	return 0;
}

/* The modules as /modules/NN-base, and /modules/order naming them. */
static int
modules(struct cpio *c, const char *moddir, const char *release,
	char *const *mods, size_t n, char *err, size_t errlen)
{
	char *order = xstrdup(""), *next;
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *base = strrchr(mods[i], '/') != NULL ?
				   strrchr(mods[i], '/') + 1 : mods[i];
		char *src = xasprintf("%s/%s/%s", moddir, release, mods[i]);
		char *dst = xasprintf("modules/%02zu-%s", i, base);

		rc = member(c, src, dst, 0644, err, errlen);
		next = xasprintf("%s%s\n", order, dst + 8);
		free(order);
		order = next;
		free(src);
		free(dst);
	}
	if (rc == 0)
		entry(c, "modules/order", S_IFREG | 0644, order, strlen(order),
		      0, 0);
	free(order);
	return rc;
}

int
initramfs_write(const char *path, const char *init, const char *moddir,
		const char *release, char *const *mods, size_t n, char *err,
		size_t errlen)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "root",
					    "modules" };
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		      O_CLOEXEC, 0600);
	struct cpio c = { fd >= 0 ? fdopen(fd, "w") : NULL, 0 };
	int rc;

	if (c.f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			(void)close(fd);	/* empty: nothing to flush */
		return -1;
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		entry(&c, dirs[i], S_IFDIR | 0755, NULL, 0, 0, 0);
	/* The kernel opens it for init's stdio before any mount. */
	entry(&c, "dev/console", S_IFCHR | 0600, NULL, 0, 5, 1);
	rc = member(&c, init, "init", 0755, err, errlen);
	if (rc == 0)
		rc = modules(&c, moddir, release, mods, n, err, errlen);
	if (rc == 0)
		entry(&c, "TRAILER!!!", 0, NULL, 0, 0, 0);
	if (ferror(c.f) && rc == 0) {
		snprintf(err, errlen, "%s: cannot write", path);
		rc = -1;
	}
	if (fclose(c.f) != 0 && rc == 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}
