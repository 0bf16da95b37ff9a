/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fakeh tree of disk_src, generated instead of unpacked from AIM's
 * fakeh.tar: 24 directories up to 7 deep, 320 file names of which most are
 * hard links, and fakeh/dirlist naming paths to stat and paths to create.
 */
#ifndef AIM_FAKEH_H
#define AIM_FAKEH_H

#include <stddef.h>

/* Name of the tree under the scratch directory, and of its list file. */
#define FAKEH_NAME "fakeh"
#define FAKEH_DIRLIST "dirlist"

#define FAKEH_DIRS 24		/* fakeh itself and 23 below it */
#define FAKEH_FILES 320		/* file names, dirlist not counted */
#define FAKEH_ORIGINALS 40	/* distinct files; the rest are links */
#define FAKEH_STATS 57		/* "s" lines: existing paths */
#define FAKEH_CREATES 43	/* "c" lines: paths that do not exist */
#define FAKEH_DEPTH 8		/* components of the deepest "s" path */
/* Entries of each list walked by one disk_src call (AIM's MFILES). */
#define FAKEH_SLOTS 75

/*
 * Create DIR/fakeh and everything in it.  Deterministic: the same tree
 * every time.  Return 0 or -1 with errno (the partial tree is left for
 * fakeh_remove()).
 */
int fakeh_create(const char *dir);

/* Remove DIR/fakeh and all it holds.  Return 0 or -1 with errno. */
int fakeh_remove(const char *dir);

/*
 * The lists of one dirlist image.  Slots beyond the names read are NULL,
 * as in AIM, so that shuffling FAKEH_SLOTS entries mixes the gaps in.
 */
struct fakeh_list {
	const char *stat[FAKEH_SLOTS];
	const char *create[FAKEH_SLOTS];
	unsigned nstat;
	unsigned ncreate;
};

/*
 * Parse the dirlist image BUF of LEN bytes (BUF[LEN] must exist, for the
 * NUL ending the last line), splitting it in place: lines
 * "s NAME" go to the stat list, "c NAME" to the create list, others are
 * ignored.  Names point into BUF.  Return 0, or -1 with errno EOVERFLOW
 * when a list holds more than FAKEH_SLOTS names.
 */
int fakeh_parse(char *buf, size_t len, struct fakeh_list *list);

#endif
