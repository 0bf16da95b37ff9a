/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where things are inside a plan's guest: what the host writes into the
 * boot's directory (plan/plan_vm.c) and the guest's init finds there
 * (plan/aimplan-init.c).  The guest's root is the host's, read-only; its
 * own writable files live in a tmpfs at GUEST_DIR, so that a build tree
 * or an install under the host's /tmp stays visible.
 */
#ifndef AIM_GUEST_H
#define AIM_GUEST_H

/* The guest's own directory (a tmpfs): its database and scratch files. */
#define GUEST_DIR "/run/aimplan"
/* The boot's directory of the host, mounted there. */
#define GUEST_OUT GUEST_DIR "/out"
#define GUEST_DB GUEST_DIR "/aim.db"
/* In GUEST_OUT: the commands, their statuses, the export. */
#define GUEST_JOB "job"
#define GUEST_STATUS "status"
#define GUEST_EXPORT "boot.json"

#endif
