/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private scratch directories for test runs: created with mkdtemp (mode
 * 0700) under the user's --dir, held by descriptor while a test uses
 * them, and removed with everything in them, never following a symbolic
 * link.
 */
#ifndef AIM_SCRATCH_H
#define AIM_SCRATCH_H

/*
 * 0 when DIR may hold scratch directories: owned by us or root, and not
 * writable by other users unless sticky.  -1 with the reason in *WHY.
 * A DIR that cannot be looked at passes (creating in it then fails).
 */
int scratch_parent_check(const char *dir, const char **why);

/* scratch_parent_check(), or exit 2 with one line naming DIR and why. */
void scratch_parent_require(const char *dir);

/*
 * A new directory PARENT/aimrun.XXXXXX; NULL with errno on failure (EPERM
 * when PARENT fails scratch_parent_check()).
 */
char *scratch_create(const char *parent);

/*
 * Open PATH (not through a link at its end) as a directory that is ours
 * with mode 0700: a close-on-exec descriptor, or -1 with errno (EPERM
 * when it is someone else's or not private).
 */
int scratch_open(const char *path);

/* Remove everything in the directory open as FD (kept open).  0/-1. */
int scratch_empty(int fd);

/*
 * Remove PATH and its contents (links are removed, not followed): only a
 * directory of ours with mode 0700, and only while PATH still names the
 * directory that was emptied (else -1, errno EPERM or ESTALE).  0/-1.
 */
int scratch_remove(const char *path);

#endif
