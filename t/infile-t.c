// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/infile: what may be opened as an input file, and the bounds of the
 * line reader exactly at their edges.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "infile.h"
#include "tap.h"

static void
test_open(const char *dir)
{
	char path[512], why[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/fifo", dir);
	if (mkfifo(path, 0600) < 0)
		bail("mkfifo: %s", strerror(errno));
	/* Without O_NONBLOCK this open would wait for a writer forever. */
	ok(infile_open(path, why, sizeof(why)) == NULL, "FIFO refused");
	is_string(why, "not a regular file (a FIFO)", "... saying why");
	ok(infile_open(dir, why, sizeof(why)) == NULL, "directory refused");
	is_string(why, "not a regular file (a directory)", "... saying why");
	ok(infile_open("/dev/null", why, sizeof(why)) == NULL,
	   "character device refused");
	is_string(why, "not a regular file (a character device)",
		  "... saying why");
	snprintf(path, sizeof(path), "%s/none", dir);
	ok(infile_open(path, why, sizeof(why)) == NULL, "missing file refused");
	is_string(why, strerror(ENOENT), "... with the system's reason");
	snprintf(path, sizeof(path), "%s/big", dir);
	f = fopen(path, "w");
	if (f == NULL || ftruncate(fileno(f), (off_t)INFILE_SIZE_MAX + 1) < 0 ||
	    fclose(f) != 0)
		bail("cannot make a sparse file");
	ok(infile_open(path, why, sizeof(why)) == NULL,
	   "file one byte over the size bound refused");
	is_string(why, "larger than 256 MiB", "... saying why");
	if (truncate(path, (off_t)INFILE_SIZE_MAX) < 0)
		bail("truncate: %s", strerror(errno));
	f = infile_open(path, why, sizeof(why));
	ok(f != NULL, "file exactly at the size bound opens");
	ok(f != NULL && !(fcntl(fileno(f), F_GETFL) & O_NONBLOCK),
	   "... in blocking mode");
	if (f != NULL)
		fclose(f);
	(void)unlink(path);
}

/* Lines of LEN bytes ('x' then '\n' unless NONL) through the reader. */
static enum infile_status
read_one(size_t len, int nonl, size_t *got)
{
	FILE *f = tmpfile();
	struct infile_reader r = { 0 };
	char *buf = NULL;
	size_t cap = 0;
	enum infile_status st;

	if (f == NULL)
		bail("tmpfile: %s", strerror(errno));
	for (size_t i = 0; i + 1 < len; i++)
		putc('x', f);
	putc(nonl ? 'x' : '\n', f);
	rewind(f);
	r.in = f;
	st = infile_getline(&r, &buf, &cap, got);
	free(buf);
	fclose(f);
	return st;
}

static void
test_lines(void)
{
	size_t got;

	is_int(read_one(INFILE_LINE_MAX, 0, &got), INFILE_LINE,
	       "line of exactly the bound (with its newline) is read");
	is_int((int64_t)got, (int64_t)INFILE_LINE_MAX, "... whole");
	is_int(read_one(INFILE_LINE_MAX + 1, 0, &got), INFILE_LONG,
	       "one byte more is too long");
	is_int((int64_t)got, (int64_t)INFILE_LINE_MAX,
	       "... and no more than the bound was read");
	is_int(read_one(10, 1, &got), INFILE_LINE,
	       "last line without a newline is a line");
	is_string(infile_strerror(INFILE_LONG), "line longer than 1 MiB",
		  "reason names the line bound");
}

/* An endless stream of 4096-byte lines, stored nowhere. */
static ssize_t
endless(void *cookie, char *buf, size_t size)
{
	size_t *pos = cookie;

	for (size_t i = 0; i < size; i++, (*pos)++)
		buf[i] = *pos % 4096 == 4095 ? '\n' : 'x';
	return (ssize_t)size;
}

static void
test_stream_bound(void)
{
	static const cookie_io_functions_t io = { .read = endless };
	size_t pos = 0;
	FILE *f = fopencookie(&pos, "r", io);
	struct infile_reader r = { 0 };
	char *buf = NULL;
	size_t cap = 0, len, lines = 0;
	enum infile_status st;

	if (f == NULL)
		bail("fopencookie: %s", strerror(errno));
	/* A pipe has no size to check up front: the reader counts. */
	r.in = f;
	while ((st = infile_getline(&r, &buf, &cap, &len)) == INFILE_LINE)
		lines++;
	is_int(st, INFILE_BIG, "a stream past the size bound stops the reader");
	is_int((int64_t)lines, (int64_t)(INFILE_SIZE_MAX / 4096),
	       "... after the lines within it");
	free(buf);
	fclose(f);
}

int
main(void)
{
	char dir[] = "/tmp/infile-t.XXXXXX";
	char path[600];

	plan_lazy();
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp: %s", strerror(errno));
	test_open(dir);
	test_lines();
	test_stream_bound();
	snprintf(path, sizeof(path), "%s/fifo", dir);
	(void)unlink(path);
	(void)rmdir(dir);
	return done_testing();
}
