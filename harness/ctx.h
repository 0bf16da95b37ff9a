/*
 * The harness side of struct aim_ctx: what a test sees through the
 * aim_ctx_* services of aim_test.h.
 */
#ifndef AIM_CTX_H
#define AIM_CTX_H

#include "aim_test.h"

#define AIM_REASON_MAX 256

struct aim_ctx {
	const char *dir;	/* scratch directory or NULL */
	unsigned long filesize_k;
	const char *datadir;
	void *data;
	char reason[AIM_REASON_MAX];	/* set by aim_skip/aim_fail* */
};

/* Fill CTX; strings are borrowed and must outlive it. */
void ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	      const char *datadir);

#endif
