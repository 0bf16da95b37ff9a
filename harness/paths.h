/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where aimrun finds its suites and the helper files the tests ship
 * (aim_1.sh.., true): under the configured package data directory, or in
 * the source tree when aimrun runs from the build tree it was made in.
 */
#ifndef AIM_PATHS_H
#define AIM_PATHS_H

#include <stddef.h>

/* Directory of suite files ($AIM_SUITEDIR overrides).  Caller frees. */
char *paths_suitedir(void);

/* Directory of test helper files ($AIM_DATADIR overrides).  Caller frees. */
char *paths_datadir(void);

/*
 * The file for --suite ARG: ARG itself when it names a file (contains a
 * slash or ends in ".suite"), else <suitedir>/ARG.suite.  Caller frees.
 */
char *paths_suite_file(const char *arg);

/* NAME in the directory of the running program, or NULL.  Caller frees. */
char *paths_beside_exe(const char *name);

/* NAME in the configured $(pkglibexecdir).  Caller frees. */
char *paths_pkglibexec(const char *name);

#endif
