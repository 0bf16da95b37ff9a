// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the system tests' utilities (tests-aim/sys/aimutil.c): waiting
 * and wait statuses, the message cycle, the generator, full I/O, the
 * message exchange and the working-directory check.  Tree removal is
 * tested with the scratch directories of t/sys-t.c.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aimutil.h"
#include "tap.h"

static void
check_msg_cycle(void)
{
	unsigned pos = 0;
	size_t sum = 0, max = 0, s;

	for (unsigned i = 0; i < AIMUTIL_MSG_SIZES; i++) {
		s = aimutil_msg_next(&pos);
		sum += s;
		max = s > max ? s : max;
	}
	is_int(pos, 0, "message cycle wraps after %u sizes",
	       AIMUTIL_MSG_SIZES);
	is_int((int64_t)sum, 10176, "message cycle sums to 10176 bytes");
	is_int((int64_t)max, AIMUTIL_MSG_MAX, "largest message is 2048");
	is_int((int64_t)aimutil_msg_next(&pos), 1, "cycle restarts at 1");
}

static void
check_rand(void)
{
	struct aimutil_rand a, b;
	int same = 1, in_range = 1;
	long high = 0, bucket[8] = { 0 };
	const long draws = 80000;

	aimutil_rand_seed(&a, 1);
	aimutil_rand_seed(&b, 1);
	for (long i = 0; i < draws; i++) {
		uint32_t x = aimutil_rand_next(&a);

		same &= x == aimutil_rand_next(&b);
		in_range &= x <= AIMUTIL_RAND_MAX;
		/* Blocks of a 40 MiB file that a 15-bit generator missed. */
		high += x % 40960 >= 32768;
		bucket[x % 8]++;
	}
	ok(same, "generator is deterministic from its seed");
	ok(in_range, "generator stays within 31 bits");
	ok(high > draws / 8, "offsets reach past block 32768 (%ld times)",
	   high);
	for (int i = 0; i < 8; i++)
		if (bucket[i] < draws / 8 * 9 / 10)
			in_range = 0;
	ok(in_range, "low bits are balanced (value %% 8)");
}

/* A writer child pushes more than a pipe holds; the reader loops. */
static void
check_full_io(void)
{
	static const size_t len = 200000;
	char *buf = malloc(len + 1);
	int fds[2], status, good = 1;
	pid_t pid;

	if (buf == NULL || pipe(fds) < 0 || (pid = fork()) < 0)
		bail("malloc/pipe/fork: %s", strerror(errno));
	if (pid == 0) {
		for (size_t i = 0; i < len; i++)
			buf[i] = (char)(i % 251);
		_exit(aimutil_write_full(fds[1], buf, len) ==
		      (ssize_t)len ? 0 : 1);
	}
	(void)close(fds[1]);	/* the writer's end */
	is_int(aimutil_read_full(fds[0], buf, len), (int64_t)len,
	       "read_full gathers %zu bytes through a pipe", len);
	for (size_t i = 0; i < len; i++)
		good &= buf[i] == (char)(i % 251);
	ok(good, "bytes arrive in order");
	is_int(aimutil_read_full(fds[0], buf, 1), 0, "read_full sees EOF");
	ok(aimutil_wait(pid, &status) == 0 && WIFEXITED(status) &&
	   WEXITSTATUS(status) == 0, "write_full wrote it all");
	(void)close(fds[0]);	/* drained */
	free(buf);
}

static void
check_exchange(void)
{
	char buf[AIMUTIL_MSG_MAX];
	int a[2], b[2];
	unsigned pos = 0;
	uint64_t sum = 0;

	if (pipe(a) < 0 || pipe(b) < 0)
		bail("pipe: %s", strerror(errno));
	memset(buf, 'x', sizeof(buf));
	is_int(aimutil_msg_exchange(a[0], a[1], buf, &pos, 100, &sum), 0,
	       "100 messages through a pipe");
	is_int(pos, 100 % AIMUTIL_MSG_SIZES, "cycle advanced by 100");
	is_int((int64_t)sum, 100 * 'x', "every message read back");
	(void)close(b[1]);	/* so that reading b meets end of file */
	errno = 0;
	ok(aimutil_msg_exchange(b[0], a[1], buf, &pos, 1, &sum) < 0 &&
	   errno == EPIPE, "a channel that ends early is EPIPE");
	/* Pipes of this check only; nothing was written that matters. */
	(void)close(a[0]);
	(void)close(a[1]);
	(void)close(b[0]);
}

/* "." against names for it and for other directories. */
static void
check_cwd_is(void)
{
	char held[64];
	int fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	ok(aimutil_cwd_is("."), "the working directory is itself");
	snprintf(held, sizeof(held), "/proc/self/fd/%d", fd);
	if (fd >= 0 && access("/proc/self/fd", F_OK) == 0)
		ok(aimutil_cwd_is(held), "and the directory held open on it");
	else
		ok(1, "# SKIP no /proc/self/fd");
	char other[] = "/tmp/aimcwd-t.XXXXXX";

	if (mkdtemp(other) == NULL)
		bail("mkdtemp: %s", strerror(errno));
	ok(!aimutil_cwd_is(other), "another directory is not");
	(void)rmdir(other);	/* empty; nothing to lose */
	ok(!aimutil_cwd_is("/nonexistent/aimkit"), "nor a missing one");
	ok(!aimutil_cwd_is(NULL), "nor none");
	if (fd >= 0)
		(void)close(fd);	/* read only */
}

static void
check_wait(void)
{
	char text[64];
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	ok(pid > 0 && aimutil_wait(pid, &status) == 0, "aimutil_wait reaps");
	aimutil_status_text(status, text, sizeof(text));
	is_string(text, "exited with status 3", "wait status described");
}

int
main(void)
{
	plan_lazy();
	check_wait();
	check_msg_cycle();
	check_rand();
	check_full_io();
	check_exchange();
	check_cwd_is();
	return done_testing();
}
