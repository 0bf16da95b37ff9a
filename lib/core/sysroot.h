/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where /proc and /sys are read: below "" for the running system, or
 * below $AIM_CHECK_ROOT, a made-up tree in which aimkit's tests plant
 * what the kernel would say (aimrun --check, the zero-page memcmp).
 */
#ifndef AIM_SYSROOT_H
#define AIM_SYSROOT_H

/* $AIM_CHECK_ROOT, else "" (the running system). */
const char *sysroot(void);

#endif
