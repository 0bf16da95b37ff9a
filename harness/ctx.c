/*
 * The services a test may call.  Reasons are kept in the context and sent to
 * the parent by the child runner after the test returns.
 */
#include "config.h"

#include "ctx.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	 const char *datadir)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dir = dir;
	ctx->filesize_k = filesize_k;
	ctx->datadir = datadir;
}

const char *
aim_ctx_dir(const struct aim_ctx *ctx)
{
	return ctx->dir;
}

unsigned long
aim_ctx_filesize_k(const struct aim_ctx *ctx)
{
	return ctx->filesize_k;
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
