/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Files beside the running program: a program of the same build or
 * install, and the one-line files by which a program run from its build
 * tree finds that tree (made by make, believed only when they are the
 * program's owner's and nobody else may write them).
 */
#ifndef AIM_BESIDE_H
#define AIM_BESIDE_H

/* NAME in the directory of the running program, or NULL.  Malloc'd. */
char *beside_exe(const char *name);

/*
 * Whether the open file FD is a regular file of the running program's
 * owner that neither group nor others may write: 1 or 0.
 */
int beside_trusted(int fd);

/*
 * The absolute directory that the file NAME beside the running program
 * holds (one line), when that file is trusted (beside_trusted) and the
 * line is a whole absolute path; else NULL.  Malloc'd.
 */
char *beside_read_dir(const char *name);

#endif
