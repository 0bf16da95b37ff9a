/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IPC table of a test process (struct ctx_ipc, tests-aim/ctx.h) as
 * the parent makes and empties it.
 */
#ifndef AIM_CTX_IPC_H
#define AIM_CTX_IPC_H

#include <sys/types.h>
#include <time.h>

#include "ctx.h"

/*
 * A zeroed table shared with children forked later, and with the programs
 * they execute through *FD (close-on-exec; -1 on failure); NULL, errno set.
 */
struct ctx_ipc *ctx_ipc_new(int *fd);
/*
 * Remove the objects under the keys still held in IPC, and empty it: only
 * those our user created, segments only if PID created them, semaphore
 * sets only if made or set at SINCE (seconds, CLOCK_REALTIME) or later.
 * Call it once PID, the holder, and what it started are dead, before PID
 * is reaped (so that it cannot be reused).
 */
void ctx_ipc_remove(struct ctx_ipc *ipc, pid_t pid, time_t since);

#endif
