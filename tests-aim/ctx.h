/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The inside of struct aim_ctx: what a test sees through the aim_ctx_*
 * services of aim_test.h (ctx.c), filled by the test process
 * (harness/child/).  The parent makes and empties the IPC table
 * (harness/ctx_ipc.h).
 */
#ifndef AIM_CTX_H
#define AIM_CTX_H

#include <stdint.h>
#include <time.h>

#include "aim_test.h"

#define AIM_REASON_MAX 256

struct aim_ctx {
	const char *dir;	/* scratch directory or NULL */
	const char *dir_held;	/* DIR through the held descriptor */
	unsigned long filesize_k;
	const char *datadir;
	struct ctx_ipc *ipc;	/* shared with the parent, or NULL */
	uint64_t key_next;	/* the state of aim_ctx_ipc_key() */
	void *data;
	uintptr_t param;	/* the descriptor's */
	unsigned long memsize;	/* bytes; 0: the family's default */
	unsigned long zerosize;	/* bytes; 0: the default 2 GiB */
	const char *root;	/* /proc and /sys below it: sysroot() */
	char reason[AIM_REASON_MAX];	/* set by aim_skip/aim_fail* */
};

/* Fill CTX; strings are borrowed and must outlive it. */
void ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	      const char *datadir);

/*
 * The IPC keys a test process holds (aim_ctx_ipc_key()), in memory shared
 * with the parent, which removes their objects after the process died.
 * Plain memory, not records on the pipe: a record sent after the object
 * exists is lost to a kill on the way back from the system call, and a
 * test that makes objects in every timed call takes keys without a
 * system call or a wake-up of the parent.  A slot is 0, or
 * kind << 32 | key, written in one store.
 */
struct ctx_ipc {
	uint64_t held[AIM_IPC_MAX];
};

/* In a test process: the table behind FD, checked for size; NULL, errno. */
struct ctx_ipc *ctx_ipc_attach(int fd);
/* Unmap IPC (NULL: nothing) and close FD (-1: none); errno kept. */
void ctx_ipc_free(struct ctx_ipc *ipc, int fd);

#endif
