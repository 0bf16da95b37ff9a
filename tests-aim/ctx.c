// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The services a test may call (the body of aim_test.h), in the test
 * process.  Reasons are kept in the context and sent to the parent by the
 * child runner after the test returns.
 */
#include "config.h"

#include "ctx.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysroot.h"

void
ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	 const char *datadir)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dir = dir;
	ctx->dir_held = dir;	/* the child runner sets the held path */
	ctx->filesize_k = filesize_k;
	ctx->datadir = datadir;
	ctx->root = sysroot();
	if (getrandom(&ctx->key_next, sizeof(ctx->key_next), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(ctx->key_next))
		ctx->key_next = (uint64_t)getpid() << 32 ^ (uint64_t)time(NULL);
}

struct ctx_ipc *
ctx_ipc_attach(int fd)
{
	struct stat st;
	void *p;

	if (fstat(fd, &st) != 0)
		return NULL;
	if (!S_ISREG(st.st_mode) || st.st_size != (off_t)sizeof(struct ctx_ipc)) {
		errno = EINVAL;
		return NULL;
	}
	p = mmap(NULL, sizeof(struct ctx_ipc), PROT_READ | PROT_WRITE,
		 MAP_SHARED, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

void
ctx_ipc_free(struct ctx_ipc *ipc, int fd)
{
	int err = errno;

	if (ipc != NULL)
		(void)munmap(ipc, sizeof(*ipc));	/* our own mapping */
	if (fd >= 0)
		(void)close(fd);	/* nothing written through it */
	errno = err;
}

/* splitmix64: every step a fresh 32 bits, no system call. */
static key_t
random_key(struct aim_ctx *ctx)
{
	for (;;) {
		uint64_t z = (ctx->key_next += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
		if ((key_t)(uint32_t)z != IPC_PRIVATE &&
		    (key_t)(uint32_t)z != (key_t)-1)
			return (key_t)(uint32_t)z;
	}
}

key_t
aim_ctx_ipc_key(struct aim_ctx *ctx, enum aim_ipc_kind kind)
{
	key_t key = random_key(ctx);

	if (ctx->ipc == NULL)
		return key;
	for (unsigned i = 0; i < AIM_IPC_MAX; i++)
		if (ctx->ipc->held[i] == 0) {
			__atomic_store_n(&ctx->ipc->held[i], (uint64_t)kind << 32 |
					 (uint32_t)key, __ATOMIC_RELEASE);
			return key;
		}
	errno = ENOSPC;
	return (key_t)-1;
}

void
aim_ctx_ipc_drop(struct aim_ctx *ctx, key_t key)
{
	if (ctx->ipc == NULL)
		return;
	for (unsigned i = 0; i < AIM_IPC_MAX; i++)
		if ((uint32_t)ctx->ipc->held[i] == (uint32_t)key)
			__atomic_store_n(&ctx->ipc->held[i], 0,
					 __ATOMIC_RELEASE);
}

const char *
aim_ctx_dir(const struct aim_ctx *ctx)
{
	return ctx->dir;
}

const char *
aim_ctx_dir_held(const struct aim_ctx *ctx)
{
	return ctx->dir_held;
}

unsigned long
aim_ctx_filesize_k(const struct aim_ctx *ctx)
{
	return ctx->filesize_k;
}

uintptr_t
aim_ctx_param(const struct aim_ctx *ctx)
{
	return ctx->param;
}

unsigned long
aim_ctx_memsize(const struct aim_ctx *ctx)
{
	return ctx->memsize;
}

unsigned long
aim_ctx_zerosize(const struct aim_ctx *ctx)
{
	return ctx->zerosize;
}

const char *
aim_ctx_root(const struct aim_ctx *ctx)
{
	return ctx->root;
}

const char *
aim_ctx_datadir(const struct aim_ctx *ctx)
{
	return ctx->datadir;
}

void *
aim_ctx_data(const struct aim_ctx *ctx)
{
	return ctx->data;
}

void
aim_ctx_set_data(struct aim_ctx *ctx, void *data)
{
	ctx->data = data;
}

enum aim_status
aim_skip(struct aim_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return AIM_SKIP;
}

void
aim_note(struct aim_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
}

enum aim_status
aim_fail_errno(struct aim_ctx *ctx, const char *what)
{
	snprintf(ctx->reason, sizeof(ctx->reason), "%s: %s", what,
		 strerror(errno));
	return AIM_FAIL;
}

enum aim_status
aim_fail(struct aim_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return AIM_FAIL;
}
