/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The initramfs aimkit builds for a guest (plan/initramfs.c): its own
 * init (plan/aimplan-init.c), a console, and the modules a kernel needs
 * to mount the host's files over 9p on virtio, in the order they load.
 */
#ifndef AIM_INITRAMFS_H
#define AIM_INITRAMFS_H

#include <stddef.h>

/* The modules the guest loads, by name (their dependencies come along). */
#define INITRAMFS_MODULES { "virtio_pci", "9pnet_virtio", "9p" }

/*
 * The module files RELEASE needs for INITRAMFS_MODULES, dependencies
 * first, as paths relative to MODDIR/RELEASE, from its modules.dep; a
 * module in modules.builtin needs no file.  *N is 0 when MODDIR/RELEASE
 * does not exist (a kernel built with all of it inside).  *OUT and its
 * strings are malloc'd.  0, or -1 with ERR (a module neither built in
 * nor listed).
 */
int initramfs_modules(const char *moddir, const char *release, char ***out,
		      size_t *n, char *err, size_t errlen);

/*
 * Write the archive (cpio "newc", uncompressed) to PATH, a new file:
 * /init from the file INIT, /dev/console, /proc, /sys, /dev, /root,
 * the N module files MODS under MODDIR/RELEASE as /modules/NN-name.ko
 * (their names keep a compression suffix), and /modules/order naming
 * them in order.  0, or -1 with ERR.
 */
int initramfs_write(const char *path, const char *init, const char *moddir,
		    const char *release, char *const *mods, size_t n,
		    char *err, size_t errlen);

#endif
