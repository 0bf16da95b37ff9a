/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output files that appear whole or not at all: the data go to a new
 * temporary file beside the final name and are renamed over it once
 * they are on disk.  A link planted at the final name is replaced, never
 * followed; a full disk or a file size limit leaves the old file as it
 * was and no temporary file behind.
 */
#ifndef AIM_OUTFILE_H
#define AIM_OUTFILE_H

#include <stdio.h>

struct outfile {
	char *path;	/* the final name, as given */
	char *dir;	/* its directory: "." when PATH has no '/' */
	char *tmp;	/* the temporary file, in DIR */
	int fd;		/* open on TMP for writing */
	FILE *f;	/* the stream on FD once outfile_stream() made it */
};

/*
 * Create the temporary file for PATH: a random name in PATH's directory,
 * opened O_EXCL|O_NOFOLLOW|O_CLOEXEC with mode 0666 less the umask.
 * Also ignores SIGXFSZ, so that a file size limit fails a write with
 * EFBIG rather than killing the program with the temporary file left.
 * 0, or -1 with errno set and nothing created.
 */
int outfile_open(struct outfile *o, const char *path);

/* A stream writing to the temporary file.  NULL with errno set. */
FILE *outfile_stream(struct outfile *o);

/*
 * The base name of the temporary file, for a program started in O->dir
 * that writes it by name.  Borrowed.
 */
const char *outfile_tmp_name(const struct outfile *o);

/*
 * Flush and fsync the temporary file, check that it is still the file
 * created (ESTALE when something else took its name), close it and
 * rename it over the final name.  0, or -1 with errno set, the
 * temporary file removed and the final name untouched.  Frees O either
 * way.
 */
int outfile_commit(struct outfile *o);

/* Remove the temporary file and free O; errno is kept. */
void outfile_discard(struct outfile *o);

#endif
