/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Virtual machines as boots (plan_vm.c, plan_qemu.c): each boot of a
 * plan via vm is a fresh qemu guest of its kernel image, with aimkit
 * inside from the host's installed files (a read-only 9p root and an
 * initramfs aimkit builds), its results coming back as one export file
 * per boot, which the host imports with the guest's facts.
 */
#ifndef AIM_PLAN_VM_H
#define AIM_PLAN_VM_H

#include <stddef.h>

#include "plan.h"

struct store;

/*
 * Every boot the open plan of ST (via vm) still needs, one guest after
 * the other, until it ends or pauses.  DB_PATH names the database in
 * messages.  As plan_step() for what it returns.
 */
enum plan_step_result plan_vm_run(struct store *st, const char *db_path,
				  const struct plan_driver *d, char *err,
				  size_t errlen);

/* What the boots of one aimplan run share. */
struct plan_vm_env {
	const char *qemu;	/* qemu-system-x86_64 */
	const char *work;	/* a private directory for the boots */
	char **initrds;		/* aimkit's initramfs, per kernel */
	const char *db_path;	/* the database, for messages */
};

/*
 * Boot I of P as a fresh guest, then check and import its run (or pause
 * P saying why).  As plan_step() for what it returns.
 */
enum plan_step_result plan_vm_boot(struct store *st, struct plan *p,
				   size_t i, const struct plan_vm_env *env,
				   const struct plan_driver *d, char *err,
				   size_t errlen);

/* One guest to boot. */
struct plan_guest {
	const char *qemu;	/* qemu-system-x86_64 */
	const char *accel;	/* "kvm" or "tcg" */
	const char *image;
	const char *initrd;	/* aimkit's initramfs */
	char *append;		/* the kernel's command line */
	const char *out;	/* the boot's host directory, or NULL */
	int memory_mib;
	int cpus;
	double timeout_s;	/* killed after this long */
	const char *console;	/* where its console goes, a new file */
};

/*
 * Boot G and wait for it to power off.  0 when it did; -1 with why in
 * ERR.  *UP is set when the guest's init said it was up.
 */
int plan_qemu_boot(const struct plan_guest *g, int *up, char *err,
		   size_t errlen);

/*
 * "kvm" when /dev/kvm opens and a guest of IMAGE with INITRD comes up
 * under it within a short time, else "tcg" (software emulation), with
 * why in WHY.  WORK is a private directory for the probe's console.
 */
const char *plan_qemu_accel(const char *qemu, const char *image,
			    const char *initrd, const char *work, char *why,
			    size_t whylen);

#endif
