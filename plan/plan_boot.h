/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The drivers of real machines (plan_boot.c: this one; plan_vm.c: qemu
 * guests) and what they share: the boot unit's name and aimrun's
 * argument vector for a block.
 */
#ifndef AIM_PLAN_BOOT_H
#define AIM_PLAN_BOOT_H

#include <stddef.h>

#include "plan.h"

/* The systemd unit that runs the next step at boot (plan/aimplan.service). */
#define PLAN_UNIT "aimplan.service"

/* Room for aimrun's argument vector of a block, NULL included. */
#define PLAN_BLOCK_ARGV 20

/* The machine aimplan runs on. */
struct plan_machine {
	const char *db;		/* the database, as aimrun is to be told */
	int at_boot;		/* run by the boot unit: disable it at the end */
};

/* A driver of machine M (which must outlive it). */
void plan_machine_driver(struct plan_machine *m, struct plan_driver *d);

/*
 * aimrun's words for block B of P: AIMRUN --db DB --tag TAG, the plan's
 * run options, and --dir DIR unless NULL; *N of them in ARGV (room for
 * PLAN_BLOCK_ARGV, NULL-terminated, each malloc'd).
 */
void plan_block_argv(const struct plan *p, const struct plan_boot *b,
		     const char *aimrun, const char *db, const char *dir,
		     char **argv, size_t *n);

#endif
