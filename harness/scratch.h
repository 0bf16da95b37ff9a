/*
 * Private scratch directories for test runs: created with mkdtemp (mode
 * 0700) under the user's --dir and removed with everything in them,
 * never following a symbolic link.
 */
#ifndef AIM_SCRATCH_H
#define AIM_SCRATCH_H

/* A new directory PARENT/aimrun.XXXXXX; NULL with errno on failure. */
char *scratch_create(const char *parent);

/* Remove PATH and its contents (links are removed, not followed). 0/-1. */
int scratch_remove(const char *path);

#endif
