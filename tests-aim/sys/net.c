// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loopback network tests: tcp_test and udp_test.  Each call sets up a
 * connected pair of sockets on 127.0.0.1 in one process, sends the classic
 * message-size cycle through it (write, then read back), and closes it; the
 * set-up and close are part of the timed call, as in AIM.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"

/* AIM counted 90 and 100 but sent one message fewer; these send them all. */
#define TCP_MESSAGES 90
#define UDP_MESSAGES 100
#define TCP_BACKLOG 5

struct net_state {
	unsigned pos;		/* message-size cycle, persists across calls */
	char buf[AIMUTIL_MSG_MAX];
};

/* One call's sockets: read end, write end, and TCP's listener. */
struct chan {
	int rd;
	int wr;
	int lst;
};

static void
chan_close(struct chan *c)
{
	int saved = errno;

	/* Failure paths and the untimed probe: nothing useful to report. */
	if (c->rd >= 0)
		(void)close(c->rd);
	if (c->wr >= 0)
		(void)close(c->wr);
	if (c->lst >= 0)
		(void)close(c->lst);
	errno = saved;
}

/* Bind FD to 127.0.0.1 on a port the kernel picks; store the address. */
static int
bind_loopback(int fd, struct sockaddr_in *sin)
{
	socklen_t len = sizeof(*sin);

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin->sin_port = 0;
	if (bind(fd, (struct sockaddr *)sin, sizeof(*sin)) < 0)
		return -1;
	return getsockname(fd, (struct sockaddr *)sin, &len);
}

/*
 * AIM's TCP set-up: a listener with TCP_NODELAY (inherited by the accepted
 * socket, which writes), a client that connects and reads.  Return 0 or -1
 * with errno; on failure nothing stays open.
 */
static int
tcp_open(struct chan *c)
{
	struct sockaddr_in sin, peer;
	socklen_t len = sizeof(int);
	int one = 1, got = 0;

	c->rd = c->wr = -1;
	c->lst = socket(AF_INET, SOCK_STREAM, 0);
	if (c->lst < 0 || bind_loopback(c->lst, &sin) < 0 ||
	    setsockopt(c->lst, IPPROTO_TCP, TCP_NODELAY, &one,
		       sizeof(one)) < 0 ||
	    getsockopt(c->lst, IPPROTO_TCP, TCP_NODELAY, &got, &len) < 0 ||
	    listen(c->lst, TCP_BACKLOG) < 0)
		goto fail;
	c->rd = socket(AF_INET, SOCK_STREAM, 0);
	if (c->rd < 0 ||
	    connect(c->rd, (struct sockaddr *)&sin, sizeof(sin)) < 0)
		goto fail;
	do
		c->wr = accept(c->lst, NULL, NULL);
	while (c->wr < 0 && errno == EINTR);
	len = sizeof(peer);
	if (c->wr < 0 || getsockname(c->rd, (struct sockaddr *)&peer,
				     &len) < 0)
		goto fail;
	return 0;
fail:
	chan_close(c);
	return -1;
}

/* AIM's UDP set-up: two bound sockets, the writer connected to the reader. */
static int
udp_open(struct chan *c)
{
	struct sockaddr_in wsin, rsin;

	c->lst = c->rd = -1;
	c->wr = socket(AF_INET, SOCK_DGRAM, 0);
	if (c->wr < 0 || bind_loopback(c->wr, &wsin) < 0)
		goto fail;
	c->rd = socket(AF_INET, SOCK_DGRAM, 0);
	if (c->rd < 0 || bind_loopback(c->rd, &rsin) < 0 ||
	    connect(c->wr, (struct sockaddr *)&rsin, sizeof(rsin)) < 0)
		goto fail;
	return 0;
fail:
	chan_close(c);
	return -1;
}

/* Errors of a host without IPv4 loopback, or of a sandbox. */
static int
absent_errno(int e)
{
	return e == EAFNOSUPPORT || e == EPROTONOSUPPORT ||
	       e == ESOCKTNOSUPPORT || e == EADDRNOTAVAIL ||
	       e == ENETUNREACH || e == ENETDOWN || e == EPERM || e == EACCES;
}

/* Allocate the state after one untimed trial of OPEN. */
static enum aim_status
net_setup(struct aim_ctx *ctx, int (*open_chan)(struct chan *),
	  const char *what)
{
	struct net_state *st;
	struct chan c;

	if (open_chan(&c) < 0)
		return absent_errno(errno) ?
			aim_skip(ctx, "%s on 127.0.0.1 not available: %s",
				 what, strerror(errno)) :
			aim_fail_errno(ctx, what);
	chan_close(&c);
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

static enum aim_status
tcp_setup(struct aim_ctx *ctx)
{
	return net_setup(ctx, tcp_open, "TCP");
}

static enum aim_status
udp_setup(struct aim_ctx *ctx)
{
	return net_setup(ctx, udp_open, "UDP");
}

static enum aim_status
net_run(struct aim_ctx *ctx, int (*open_chan)(struct chan *),
	unsigned messages)
{
	struct net_state *st = aim_ctx_data(ctx);
	enum aim_status rc = AIM_OK;
	uint64_t sum = 0;
	struct chan c;

	if (open_chan(&c) < 0)
		return aim_fail_errno(ctx, "socket set-up");
	if (aimutil_msg_exchange(c.rd, c.wr, st->buf, &st->pos, messages,
				 &sum) < 0)
		rc = aim_fail_errno(ctx, "message write/read");
	/* AIM's order: reader, writer, then the listener. */
	if (close(c.rd) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close");
	if (close(c.wr) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close");
	if (c.lst >= 0 && close(c.lst) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close");
	aim_sink_u64(sum);
	return rc;
}

static enum aim_status
tcp_run(struct aim_ctx *ctx)
{
	return net_run(ctx, tcp_open, TCP_MESSAGES);
}

static enum aim_status
udp_run(struct aim_ctx *ctx)
{
	return net_run(ctx, udp_open, UDP_MESSAGES);
}

static void
net_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_tcp_test = {
	.info = &catalog_tests[CATALOG_TCP_TEST],
	.needs = AIM_NEEDS_NET,
	.thread_safe = 1,
	.setup = tcp_setup,
	.run = tcp_run,
	.teardown = net_teardown,
};

const struct aim_test aim_test_udp_test = {
	.info = &catalog_tests[CATALOG_UDP_TEST],
	.needs = AIM_NEEDS_NET,
	.thread_safe = 1,
	.setup = udp_setup,
	.run = udp_run,
	.teardown = net_teardown,
};
