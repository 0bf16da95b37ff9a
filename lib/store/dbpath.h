/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the results database lives when the user names none: one rule for
 * every command, so aimrun writes where aimcmp and aimdb read.
 */
#ifndef AIM_DBPATH_H
#define AIM_DBPATH_H

#include <stddef.h>

/*
 * The default database path, malloc'd (free it): $AIM_DB when set and not
 * empty; else "results/aim.db" when ./results is a directory (not a link)
 * owned by the effective user and not writable by group or others; else
 * $XDG_DATA_HOME/aimkit/aim.db when XDG_DATA_HOME is an absolute path
 * and every directory of $XDG_DATA_HOME/aimkit that exists is ours or
 * root's and writable by nobody else unless sticky (the last, aimkit,
 * ours and private); else $HOME/.local/share/aimkit/aim.db.  NULL when none of these applies (no
 * usable HOME).  An explicit --db always wins and is handled by the caller.
 */
char *dbpath_default(void);

/*
 * 0 when PATH names a plain file, else -1 with a one-line reason in WHY:
 * the empty name, ":memory:" and SQLite URIs ("file:...", any case) are
 * refused, since SQLite would open something other than a file there.
 * Every open of a database goes through it (dbfile.c).
 */
int dbpath_check(const char *path, char *why, size_t len);

/*
 * 0 when replacing PATH (an output file, lib/core/outfile.h) cannot
 * destroy KEEP (the database being read) or one of SQLite's side files of
 * it (-wal, -shm, -journal); -1 when PATH names one of them, whatever the
 * spelling or link.  KEEP may be NULL.
 */
int dbpath_spares(const char *path, const char *keep);

#endif
