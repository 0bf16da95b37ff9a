/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Readers for /proc and /sys text files, used by env.c.  PATH is absolute
 * ("/proc/cpuinfo") and read below ROOT ("" for the running system).
 */
#ifndef AIM_ENV_SYS_H
#define AIM_ENV_SYS_H

#include <stddef.h>

/* First line, without trailing blanks, into BUF.  0, or -1 if unreadable. */
int envsys_line(const char *root, const char *path, char *buf, size_t len);

/*
 * Value of the first "NAME : value" line (as in /proc/cpuinfo and
 * /proc/meminfo), trimmed, into BUF.  0, or -1 if absent.
 */
int envsys_field(const char *root, const char *path, const char *name,
		 char *buf, size_t len);

/* The [bracketed] word of "always [madvise] never" into BUF.  0 or -1. */
int envsys_choice(const char *root, const char *path, char *buf, size_t len);

/*
 * "name: first line; ..." for every file of directory DIR in name order,
 * malloc'd; NULL if DIR cannot be read or is empty.
 */
char *envsys_dir_summary(const char *root, const char *dir);

/*
 * Name of a statfs(2) f_type ("ext2/3/4", "tmpfs", "xfs", "overlay",
 * ...) or, when unknown, its value in hex ("0x1234abcd"); written into BUF,
 * which is returned.
 */
const char *envsys_fstype(unsigned long f_type, char *buf, size_t len);

#endif
