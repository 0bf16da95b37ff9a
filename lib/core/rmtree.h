/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Removing a tree through directory descriptors: links are removed as
 * links, never followed.
 */
#ifndef AIM_RMTREE_H
#define AIM_RMTREE_H

/*
 * Remove NAME, relative to the directory descriptor AT (or AT_FDCWD), and
 * when it is a directory, everything it holds.
 * Symbolic links are removed, never followed.  Return 0 or -1 with errno;
 * a missing NAME is not an error.
 */
int rmtree_at(int at, const char *name);

/*
 * Remove everything in the directory open as FD, links as links.  FD is
 * consumed (closed).  Return 0 or -1 with errno.
 */
int rmtree_empty(int fd);

#endif
