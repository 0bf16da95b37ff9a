// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Local message tests: fifo_test, stream_pipe, dgram_pipe and pipe_cpy.
 * Each call opens a channel, sends 100 messages of the classic size cycle
 * through it, writing and then reading in one process, and closes it;
 * opening and closing are part of the timed call, as in AIM.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"

/* AIM sent one message fewer than it counted; this sends them all. */
#define IPC_MESSAGES 100

struct ipc_state {
	char *fifo;		/* fifo_test: <scratch>/fifo, else NULL */
	unsigned pos;		/* message-size cycle, persists across calls */
	char buf[AIMUTIL_MSG_MAX];
};

static void
ipc_teardown(struct aim_ctx *ctx)
{
	struct ipc_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	if (st->fifo != NULL)
		(void)unlink(st->fifo);	/* teardown cannot report */
	free(st->fifo);
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

static enum aim_status
ipc_setup(struct aim_ctx *ctx)
{
	struct ipc_state *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

/* Exchange the messages over RD/WR, then close both, as AIM did. */
static enum aim_status
exchange(struct aim_ctx *ctx, int rd, int wr)
{
	struct ipc_state *st = aim_ctx_data(ctx);
	enum aim_status rc = AIM_OK;
	uint64_t sum = 0;

	if (aimutil_msg_exchange(rd, wr, st->buf, &st->pos, IPC_MESSAGES,
				 &sum) < 0)
		rc = aim_fail_errno(ctx, "message write/read");
	if (close(rd) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close");
	if (close(wr) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close");
	aim_sink_u64(sum);
	return rc;
}

static enum aim_status
pipe_cpy_run(struct aim_ctx *ctx)
{
	int fds[2];

	if (pipe(fds) < 0)
		return aim_fail_errno(ctx, "pipe");
	return exchange(ctx, fds[0], fds[1]);
}

/* Skip when the kernel lacks AF_UNIX sockets of TYPE, else set up. */
static enum aim_status
socketpair_setup(struct aim_ctx *ctx, int type, const char *what)
{
	int sv[2];

	if (socketpair(AF_UNIX, type, 0, sv) < 0) {
		if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT ||
		    errno == ESOCKTNOSUPPORT || errno == EPERM ||
		    errno == EACCES)
			return aim_skip(ctx, "%s not available: socketpair: %s",
					what, strerror(errno));
		return aim_fail_errno(ctx, "socketpair");
	}
	/* Probe descriptors, never used. */
	(void)close(sv[0]);
	(void)close(sv[1]);
	return ipc_setup(ctx);
}

static enum aim_status
stream_pipe_setup(struct aim_ctx *ctx)
{
	return socketpair_setup(ctx, SOCK_STREAM, "AF_UNIX stream sockets");
}

static enum aim_status
dgram_pipe_setup(struct aim_ctx *ctx)
{
	return socketpair_setup(ctx, SOCK_DGRAM, "AF_UNIX datagram sockets");
}

static enum aim_status
socketpair_run(struct aim_ctx *ctx, int type)
{
	int sv[2];

	if (socketpair(AF_UNIX, type, 0, sv) < 0)
		return aim_fail_errno(ctx, "socketpair");
	return exchange(ctx, sv[0], sv[1]);
}

static enum aim_status
stream_pipe_run(struct aim_ctx *ctx)
{
	return socketpair_run(ctx, SOCK_STREAM);
}

static enum aim_status
dgram_pipe_run(struct aim_ctx *ctx)
{
	return socketpair_run(ctx, SOCK_DGRAM);
}

/* Make <scratch>/fifo; the path is kept only once the FIFO exists. */
static enum aim_status
make_fifo(struct aim_ctx *ctx, struct ipc_state *st)
{
	const char *dir = aim_ctx_dir(ctx);
	char *path;
	int e;

	if (dir == NULL)
		return aim_skip(ctx, "no scratch directory for the FIFO");
	path = aimutil_path(dir, "fifo");
	if (path == NULL)
		return aim_fail_errno(ctx, "malloc");
	if (mkfifo(path, 0600) == 0) {
		st->fifo = path;
		return AIM_OK;
	}
	e = errno;
	free(path);
	errno = e;
	if (e == EPERM || e == EOPNOTSUPP)
		return aim_skip(ctx, "scratch file system has no FIFOs: "
				"mkfifo: %s", strerror(e));
	return aim_fail_errno(ctx, "mkfifo");
}

static enum aim_status
fifo_setup(struct aim_ctx *ctx)
{
	enum aim_status rc = ipc_setup(ctx);

	if (rc != AIM_OK)
		return rc;
	rc = make_fifo(ctx, aim_ctx_data(ctx));
	if (rc != AIM_OK)
		ipc_teardown(ctx);
	return rc;
}

/*
 * Open both ends of the FIFO made in setup.  The read end is opened
 * non-blocking so that the open does not wait for a writer, and a read
 * that found nothing fails (EAGAIN) instead of hanging.
 */
static enum aim_status
fifo_run(struct aim_ctx *ctx)
{
	struct ipc_state *st = aim_ctx_data(ctx);
	int rd, wr;

	rd = open(st->fifo, O_RDONLY | O_NONBLOCK);
	if (rd < 0)
		return aim_fail_errno(ctx, "open FIFO for reading");
	wr = open(st->fifo, O_WRONLY);
	if (wr < 0) {
		enum aim_status rc = aim_fail_errno(ctx,
						    "open FIFO for writing");

		(void)close(rd);	/* failing already */
		return rc;
	}
	return exchange(ctx, rd, wr);
}

const struct aim_test aim_test_fifo_test = {
	.info = &catalog_tests[CATALOG_FIFO_TEST],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = fifo_setup,
	.run = fifo_run,
	.teardown = ipc_teardown,
};

const struct aim_test aim_test_stream_pipe = {
	.info = &catalog_tests[CATALOG_STREAM_PIPE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = stream_pipe_setup,
	.run = stream_pipe_run,
	.teardown = ipc_teardown,
};

const struct aim_test aim_test_dgram_pipe = {
	.info = &catalog_tests[CATALOG_DGRAM_PIPE],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = dgram_pipe_setup,
	.run = dgram_pipe_run,
	.teardown = ipc_teardown,
};

const struct aim_test aim_test_pipe_cpy = {
	.info = &catalog_tests[CATALOG_PIPE_CPY],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = ipc_setup,
	.run = pipe_cpy_run,
	.teardown = ipc_teardown,
};
