// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a guest boots with (plan/initramfs*.c, plan/plan_image.c): the
 * modules for 9p on virtio found in a fake modules.dep in load order,
 * the built-in ones left out; the cpio archive read back entry by entry;
 * and the release read from a kernel image's setup header.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "initramfs.h"
#include "plan_image.h"
#include "storefx.h"
#include "tap.h"

static const char deps[] =
	"kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko kernel/fs/fscache/fscache.ko"
	" kernel/fs/netfs/netfs.ko\n"
	"kernel/drivers/virtio/virtio_pci.ko: kernel/drivers/virtio/virtio.ko"
	" kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/net/9p/9pnet_virtio.ko.xz: kernel/net/9p/9pnet.ko"
	" kernel/drivers/virtio/virtio.ko kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/net/9p/9pnet.ko:\n"
	"kernel/fs/netfs/netfs.ko:\n"
	"kernel/fs/fscache/fscache.ko: kernel/fs/netfs/netfs.ko\n"
	"kernel/drivers/virtio/virtio.ko: kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/drivers/virtio/virtio_ring.ko:\n";

static const char *const order[] = {
	"kernel/drivers/virtio/virtio_ring.ko",
	"kernel/drivers/virtio/virtio.ko",
	"kernel/drivers/virtio/virtio_pci.ko",
	"kernel/net/9p/9pnet.ko",
	"kernel/net/9p/9pnet_virtio.ko.xz",
	"kernel/fs/netfs/netfs.ko",
	"kernel/fs/fscache/fscache.ko",
	"kernel/fs/9p/9p.ko",
};

static void
put(const struct storefx *fx, const char *name, const char *text)
{
	char path[4096];

	storefx_path(fx, name, path, sizeof(path));
	if (storefx_write(path, text, strlen(text)) < 0)
		bail("cannot write %s", path);
}

/* The fake tree: modules.dep, each module file holding its own path. */
static void
tree(const struct storefx *fx)
{
	static const char *const dirs[] = {
		"mods", "mods/9.9.9", "mods/9.9.9/kernel",
		"mods/9.9.9/kernel/fs", "mods/9.9.9/kernel/fs/9p",
		"mods/9.9.9/kernel/fs/netfs", "mods/9.9.9/kernel/fs/fscache",
		"mods/9.9.9/kernel/net", "mods/9.9.9/kernel/net/9p",
		"mods/9.9.9/kernel/drivers", "mods/9.9.9/kernel/drivers/virtio",
	};
	char path[4096], name[512];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (mkdir(storefx_path(fx, dirs[i], path, sizeof(path)),
			  0755) < 0)
			bail("cannot make %s", path);
	put(fx, "mods/9.9.9/modules.dep", deps);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		snprintf(name, sizeof(name), "mods/9.9.9/%s", order[i]);
		put(fx, name, order[i]);
	}
	put(fx, "init", "#!init\n");
}

static void
test_modules(const struct storefx *fx)
{
	char dir[4096], err[512], **mods = NULL;
	size_t n = 0;
	int same = 1;

	storefx_path(fx, "mods", dir, sizeof(dir));
	ok(initramfs_modules(dir, "9.9.9", &mods, &n, err, sizeof(err)) == 0,
	   "the modules of 9p on virtio are found");
	for (size_t i = 0; i < n && i < 8; i++)
		same &= strcmp(mods[i], order[i]) == 0;
	ok(n == 8 && same, "each after what it needs, once, compression kept");
	for (size_t i = 0; i < n; i++)
		free(mods[i]);
	free(mods);
	put(fx, "mods/9.9.9/modules.builtin",
	    "kernel/fs/9p/9p.ko\nkernel/drivers/virtio/virtio_pci.ko\n");
	put(fx, "mods/9.9.9/modules.dep",
	    "kernel/net/9p/9pnet_virtio.ko.xz: kernel/net/9p/9pnet.ko\n"
	    "kernel/net/9p/9pnet.ko:\n");
	ok(initramfs_modules(dir, "9.9.9", &mods, &n, err, sizeof(err)) == 0 &&
	   n == 2, "built-in modules need no file");
	for (size_t i = 0; i < n; i++)
		free(mods[i]);
	free(mods);
	put(fx, "mods/9.9.9/modules.builtin", "");
	ok(initramfs_modules(dir, "9.9.9", &mods, &n, err, sizeof(err)) < 0 &&
	   strstr(err, "virtio_pci") != NULL, "a module neither there nor "
	   "built in is refused: %s", err);
	ok(initramfs_modules(dir, "8.8.8", &mods, &n, err, sizeof(err)) == 0 &&
	   n == 0, "a release without modules: all built in");
	put(fx, "mods/9.9.9/modules.dep", deps);
}

/* The next entry of the archive at *P: name, mode, rdev, data. */
static int
entry(const char **p, const char *end, char *name, unsigned *mode,
      unsigned *rmajor, const char **data, unsigned *size)
{
	unsigned f[13];
	char hex[9] = { 0 };

	if (end - *p < 110 || memcmp(*p, "070701", 6) != 0)
		return -1;
	for (int i = 0; i < 13; i++) {
		memcpy(hex, *p + 6 + 8 * i, 8);
		f[i] = (unsigned)strtoul(hex, NULL, 16);
	}
	*mode = f[1];
	*size = f[6];
	*rmajor = f[9];
	snprintf(name, 256, "%s", *p + 110);
	*data = *p + ((110 + f[11] + 3) & ~3u);
	*p = *data + ((*size + 3) & ~3u);
	return 0;
}

static void
test_archive(const struct storefx *fx)
{
	char dir[4096], init[4096], out[4096], err[512], name[256];
	char *mods[8], *buf;
	const char *p, *data;
	unsigned mode, rmajor, size;
	size_t len;
	int names = 0, console = 0, mod_ok = 0, order_ok = 0, trailer = 0;

	for (size_t i = 0; i < 8; i++)
		mods[i] = (char *)order[i];
	storefx_path(fx, "mods", dir, sizeof(dir));
	storefx_path(fx, "init", init, sizeof(init));
	storefx_path(fx, "initrd.cpio", out, sizeof(out));
	ok(initramfs_write(out, init, dir, "9.9.9", mods, 8, err,
			   sizeof(err)) == 0, "the archive is written");
	ok(initramfs_write(out, init, dir, "9.9.9", mods, 8, err,
			   sizeof(err)) < 0, "never over an existing file");
	buf = storefx_slurp(out, &len);
	for (p = buf; p != NULL && entry(&p, buf + len, name, &mode, &rmajor,
					 &data, &size) == 0; names++) {
		console |= strcmp(name, "dev/console") == 0 &&
			   S_ISCHR(mode) && rmajor == 5;
		mod_ok |= strcmp(name, "modules/04-9pnet_virtio.ko.xz") == 0 &&
			  size == strlen(order[4]) &&
			  memcmp(data, order[4], size) == 0;
		order_ok |= strcmp(name, "modules/order") == 0 &&
			    strncmp(data, "00-virtio_ring.ko\n01-virtio.ko\n",
				    31) == 0;
		trailer |= strcmp(name, "TRAILER!!!") == 0;
		if (strcmp(name, "init") == 0)
			ok((mode & 0777) == 0755 && size == 7, "init, executable");
	}
	ok(console, "a console for init before any mount");
	ok(mod_ok, "each module as a file of its own, whole");
	ok(order_ok, "and their order");
	ok(trailer && names == 5 + 1 + 1 + 8 + 1 + 1, "every entry read back, "
	   "to the trailer (%d)", names);
	free(buf);
}

static void
test_image(const struct storefx *fx)
{
	char path[4096], err[256], *rel;
	static char img[0x600];

	memcpy(img + 0x202, "HdrS", 4);
	img[0x20e] = 0x00;
	img[0x20f] = 0x02;	/* the string at 0x200 + 0x200 */
	memcpy(img + 0x400, "6.9.0-test+ (me@here) #1 SMP", 28);
	storefx_path(fx, "bzImage", path, sizeof(path));
	if (storefx_write(path, img, sizeof(img)) < 0)
		bail("cannot write %s", path);
	rel = plan_image_release(path, err, sizeof(err));
	is_string(rel, "6.9.0-test+", "the release from the setup header");
	free(rel);
	memcpy(img + 0x400, "6.9\n0 evil", 10);
	(void)storefx_write(path, img, sizeof(img));
	ok(plan_image_release(path, err, sizeof(err)) == NULL,
	   "a version that is not a release is refused: %s", err);
	storefx_path(fx, "init", path, sizeof(path));
	ok(plan_image_release(path, err, sizeof(err)) == NULL,
	   "not a kernel image: %s", err);
}

int
main(void)
{
	struct storefx fx;

	plan_lazy();
	storefx_init(&fx, "initramfs-t");
	tree(&fx);
	test_modules(&fx);
	test_archive(&fx);
	test_image(&fx);
	return storefx_finish(&fx, done_testing());
}
