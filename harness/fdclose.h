/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Descriptors kept from what a process executes: all of them from one
 * number up, whoever opened them.
 */
#ifndef AIM_FDCLOSE_H
#define AIM_FDCLOSE_H

/*
 * Mark every open descriptor from LOWEST up close-on-exec: by
 * close_range() (Linux 5.11), else (or when BY_PROC, for tests) each one
 * /proc/self/fd lists.  0, or -1 when some may stay open across exec.
 */
int fd_cloexec_from(int lowest, int by_proc);

/*
 * How many more descriptors this process may open: the soft
 * RLIMIT_NOFILE less those below it that /proc/self/fd lists (less 3,
 * stdio, when it cannot be listed), into *FREE_FDS, and the limit into
 * *LIMIT.  0, or -1 when the limit cannot be read.
 */
int fd_free(long *free_fds, long *limit);

#endif
