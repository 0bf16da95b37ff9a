/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Input files read whole (import files, suite files): opened without ever
 * blocking and only when they are regular files, and read line by line
 * within fixed bounds, so no input can make a reader wait forever or grow
 * until the kernel kills it.
 */
#ifndef AIM_INFILE_H
#define AIM_INFILE_H

#include <stddef.h>
#include <stdio.h>

/* Longest line and largest file any reader accepts. */
#define INFILE_LINE_MAX ((size_t)1 << 20)
#define INFILE_SIZE_MAX ((size_t)256 << 20)

/*
 * Open PATH for reading when it is a regular file of at most MAX bytes:
 * a blocking, close-on-exec descriptor, or -1 with a one-line reason (no
 * path, no newline) in WHY.  The open itself never waits: a FIFO or a
 * device is refused without blocking.
 */
int infile_open_fd(const char *path, size_t max, char *why, size_t whylen);

/*
 * Open PATH for reading.  A FIFO, device, socket or directory is refused
 * without waiting on it, as is a regular file larger than
 * INFILE_SIZE_MAX.  Returns the stream, or NULL with a one-line reason
 * (no path, no newline) in WHY.
 */
FILE *infile_open(const char *path, char *why, size_t whylen);

/*
 * Whether standard input may be read as a file: a regular file (within
 * INFILE_SIZE_MAX), a pipe, a socket or a terminal, whose reads are then
 * bounded by infile_getline.  0, or -1 with the reason in WHY.
 */
int infile_check_stdin(char *why, size_t whylen);

/* Reading state: bytes so far; zero-initialise before the first line. */
struct infile_reader {
	FILE *in;
	size_t total;
};

enum infile_status {
	INFILE_LINE = 1,	/* a line is in *BUF */
	INFILE_EOF = 0,
	INFILE_ERROR = -1,	/* read error: errno is set */
	INFILE_LONG = -2,	/* line over INFILE_LINE_MAX: *BUF has a part */
	INFILE_BIG = -3,	/* file over INFILE_SIZE_MAX */
};

/*
 * Next line of R into *BUF (grown as needed, *CAP its size), NUL
 * terminated, with its '\n' when it has one; its length, which counts
 * any NUL bytes in it, in *LEN.
 */
enum infile_status infile_getline(struct infile_reader *r, char **buf,
				  size_t *cap, size_t *len);

/* One-line reason for a negative status, naming the bound. */
const char *infile_strerror(enum infile_status st);

#endif
