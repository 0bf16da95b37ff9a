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
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>

void
ctx_init(struct aim_ctx *ctx, const char *dir, unsigned long filesize_k,
	 const char *datadir)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dir = dir;
	ctx->dir_held = dir;	/* the child runner sets the held path */
	ctx->filesize_k = filesize_k;
	ctx->datadir = datadir;
	ctx->pid = getpid();
}

/*
 * 'A', then the pid (below 2^22, the kernel's PID_MAX_LIMIT), then the
 * slot: distinct for every live test process and slot.
 */
key_t
ctx_ipc_key(pid_t pid, unsigned slot)
{
	return (key_t)(0x41000000u | ((unsigned)pid & 0x3fffffu) << 2 |
		       (slot % AIM_IPC_SLOTS));
}

key_t
aim_ctx_ipc_key(const struct aim_ctx *ctx, unsigned slot)
{
	return ctx_ipc_key(ctx->pid, slot);
}

/* Errors are ignored: what is gone or not ours stays as it is. */
void
ctx_ipc_remove(pid_t pid)
{
	uid_t me = geteuid();

	for (unsigned slot = 0; slot < AIM_IPC_SLOTS; slot++) {
		key_t key = ctx_ipc_key(pid, slot);
		struct shmid_ds shm;
		struct semid_ds sem;
		int id = shmget(key, 0, 0);

		if (id >= 0 && shmctl(id, IPC_STAT, &shm) == 0 &&
		    shm.shm_perm.cuid == me)
			(void)shmctl(id, IPC_RMID, NULL);
		id = semget(key, 0, 0);
		if (id >= 0 && semctl(id, 0, IPC_STAT, &sem) == 0 &&
		    sem.sem_perm.cuid == me)
			(void)semctl(id, 0, IPC_RMID);
	}
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
