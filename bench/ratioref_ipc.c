// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * References of the message tests: open a channel, send the next sizes of
 * the classic cycle through it, each written and then read back in this
 * one process, close it (pipe_cpy, fifo_test, stream_pipe, dgram_pipe,
 * udp_test, tcp_test; doc/tests.md).
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aimmsg.h"
#include "ratioref.h"

/* LEN bytes of BUF through FD, whatever each call moves. */
static void
full(ssize_t (*io)(int, void *, size_t), int fd, char *buf, size_t len)
{
	ssize_t n;

	for (size_t done = 0; done < len; done += (size_t)n)
		if ((n = io(fd, buf + done, len - done)) <= 0)
			ratioref_die("write/read");
}

static ssize_t
write_buf(int fd, void *buf, size_t len)
{
	return write(fd, buf, len);
}

/* COUNT messages from WR to RD, then both closed. */
static void
exchange(struct refenv *env, int rd, int wr, int count)
{
	for (int i = 0; i < count; i++) {
		size_t size = aimmsg_sizes[env->pos];

		env->pos = (env->pos + 1) % AIMUTIL_MSG_SIZES;
		full(write_buf, wr, env->buf, size);
		full(read, rd, env->buf, size);
		__asm__ volatile("" : : "r"(env->buf[0]) : "memory");
	}
	if (close(rd) != 0 || close(wr) != 0)
		ratioref_die("close");
}

static void
pipe_call(struct refenv *env)
{
	int fds[2];

	if (pipe(fds) != 0)
		ratioref_die("pipe");
	exchange(env, fds[0], fds[1], 100);
}

static void
pair_call(struct refenv *env, int type)
{
	int sv[2];

	if (socketpair(AF_UNIX, type, 0, sv) != 0)
		ratioref_die("socketpair");
	exchange(env, sv[0], sv[1], 100);
}

static void
stream_call(struct refenv *env)
{
	pair_call(env, SOCK_STREAM);
}

static void
dgram_call(struct refenv *env)
{
	pair_call(env, SOCK_DGRAM);
}

static void
fifo_setup(struct refenv *env)
{
	strcpy(env->path, "fifo");	/* in the working directory, DIR */
	if (mkfifo(env->path, 0600) != 0)
		ratioref_die("mkfifo");
}

static void
fifo_call(struct refenv *env)
{
	int rd = open(env->path, O_RDONLY | O_NONBLOCK), wr;

	if (rd < 0 || (wr = open(env->path, O_WRONLY)) < 0)
		ratioref_die("open the FIFO");
	exchange(env, rd, wr, 100);
}

/* A socket of TYPE bound to 127.0.0.1 on a port of the kernel's. */
static int
bound(int type, struct sockaddr_in *sin)
{
	socklen_t len = sizeof(*sin);
	int fd = socket(AF_INET, type, 0);

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)sin, sizeof(*sin)) != 0 ||
	    getsockname(fd, (struct sockaddr *)sin, &len) != 0)
		ratioref_die("socket on 127.0.0.1");
	return fd;
}

static void
udp_call(struct refenv *env)
{
	struct sockaddr_in wsin, rsin;
	int wr = bound(SOCK_DGRAM, &wsin), rd = bound(SOCK_DGRAM, &rsin);

	if (connect(wr, (struct sockaddr *)&rsin, sizeof(rsin)) != 0)
		ratioref_die("connect");
	exchange(env, rd, wr, 100);
}

/* tcp_test's set-up: listen, connect, accept; 90 messages; close. */
static void
tcp_call(struct refenv *env)
{
	struct sockaddr_in sin, peer;
	socklen_t len = sizeof(int);
	int one = 1, got = 0, rd, wr, lst = bound(SOCK_STREAM, &sin);

	if (setsockopt(lst, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) ||
	    getsockopt(lst, IPPROTO_TCP, TCP_NODELAY, &got, &len) ||
	    listen(lst, 5) != 0)
		ratioref_die("listen");
	rd = socket(AF_INET, SOCK_STREAM, 0);
	if (rd < 0 || connect(rd, (struct sockaddr *)&sin, sizeof(sin)) != 0)
		ratioref_die("connect");
	while ((wr = accept(lst, NULL, NULL)) < 0)
		if (errno != EINTR)
			ratioref_die("accept");
	len = sizeof(peer);
	if (getsockname(rd, (struct sockaddr *)&peer, &len) != 0)
		ratioref_die("getsockname");
	exchange(env, rd, wr, 90);
	if (close(lst) != 0)
		ratioref_die("close");
}

const struct ratioref ratioref_ipc[] = {
	{ "tcp_test", 0, NULL, tcp_call },
	{ "udp_test", 0, NULL, udp_call },
	{ "fifo_test", 1, fifo_setup, fifo_call },
	{ "stream_pipe", 0, NULL, stream_call },
	{ "dgram_pipe", 0, NULL, dgram_call },
	{ "pipe_cpy", 0, NULL, pipe_call },
	{ NULL, 0, NULL, NULL },
};
