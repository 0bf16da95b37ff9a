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
	const char *dir_held;	/* DIR through the held descriptor */
	unsigned long filesize_k;
	const char *datadir;
	pid_t pid;		/* the test process: its IPC keys */
	void *data;
	char reason[AIM_REASON_MAX];	/* set by aim_skip/aim_fail* */
};

/* Fill CTX; strings are borrowed and must outlive it. */
void ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	      const char *datadir);

/* The IPC key of SLOT for test process PID (aim_ctx_ipc_key()). */
key_t ctx_ipc_key(pid_t pid, unsigned slot);

/*
 * Remove the SysV segments and semaphore sets of our user left under the
 * keys of PID.  Call it while PID cannot be reused: from PID itself, or
 * before reaping it.
 */
void ctx_ipc_remove(pid_t pid);

#endif
