// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shared_memory: System V shared memory guarded by a System V semaphore.
 * Each call creates a 2 KiB segment and a semaphore, then passes 100
 * messages through the segment (P, copy in, V, P, copy out, V) in one
 * process, then removes both, as AIM did.  Both live under random keys
 * the harness holds from before creation to removal, so what a killed
 * test leaves is removed, and no other program's object is touched; the
 * segment is marked for removal as soon as it is attached.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>

#include "aim_test.h"
#include "aimutil.h"

#define SHM_MESSAGES 100
/* The caller defines semctl()'s fourth argument on Linux. */
union shm_semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

struct shm_state {
	int shmid;		/* -1 when none is live */
	int semid;		/* -1 when none is live */
	key_t shmkey;		/* held key, or IPC_PRIVATE */
	key_t semkey;		/* held key, or IPC_PRIVATE */
	void *addr;		/* attached segment or NULL */
	unsigned pos;		/* message-size cycle, persists across calls */
	char buf[AIMUTIL_MSG_MAX];
};

/*
 * Detach and remove whatever this process still holds: SysV objects
 * outlive the process, so a failed call must not leave them behind.
 * Return 0, or -1 with errno of the first failure.
 */
static int
release(struct aim_ctx *ctx, struct shm_state *st)
{
	int saved = 0;

	if (st->addr != NULL && shmdt(st->addr) < 0)
		saved = errno;
	st->addr = NULL;
	if (st->shmid >= 0 && shmctl(st->shmid, IPC_RMID, NULL) < 0 &&
	    saved == 0)
		saved = errno;
	st->shmid = -1;
	if (st->semid >= 0 && semctl(st->semid, 0, IPC_RMID) < 0 &&
	    saved == 0)
		saved = errno;
	st->semid = -1;
	aim_ctx_ipc_drop(ctx, st->shmkey);
	aim_ctx_ipc_drop(ctx, st->semkey);
	st->shmkey = st->semkey = IPC_PRIVATE;
	errno = saved;
	return saved == 0 ? 0 : -1;
}

/* Fresh keys until one is free: another program may hold a key. */
#define SHM_KEY_TRIES 8

/* A new segment or set of one semaphore under a held key *KEY; -1, errno. */
static int
new_ipc(struct aim_ctx *ctx, enum aim_ipc_kind kind, key_t *key)
{
	for (int i = 0; i < SHM_KEY_TRIES; i++) {
		int id, flags = IPC_CREAT | IPC_EXCL | 0600;

		*key = aim_ctx_ipc_key(ctx, kind);
		if (*key == (key_t)-1)
			return -1;
		id = kind == AIM_IPC_SHM ? shmget(*key, AIMUTIL_MSG_MAX, flags) :
			semget(*key, 1, flags);
		if (id >= 0 || errno != EEXIST)
			return id;
		aim_ctx_ipc_drop(ctx, *key);
	}
	return -1;
}

/* Is errno one a kernel without SysV IPC, or a sandbox, gives? */
static int
absent_errno(int e)
{
	return e == ENOSYS || e == EPERM || e == EACCES || e == ENOSPC;
}

static void
shm_teardown(struct aim_ctx *ctx)
{
	struct shm_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	(void)release(ctx, st);	/* teardown cannot report; nothing is left */
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

/* Create and remove one segment and one semaphore, untimed. */
static enum aim_status
probe(struct aim_ctx *ctx, struct shm_state *st)
{
	st->shmid = new_ipc(ctx, AIM_IPC_SHM, &st->shmkey);
	if (st->shmid < 0)
		return absent_errno(errno) ?
			aim_skip(ctx, "SysV IPC not available: shmget: %s",
				 strerror(errno)) :
			aim_fail_errno(ctx, "shmget");
	st->semid = new_ipc(ctx, AIM_IPC_SEM, &st->semkey);
	if (st->semid < 0)
		return absent_errno(errno) ?
			aim_skip(ctx, "SysV IPC not available: semget: %s",
				 strerror(errno)) :
			aim_fail_errno(ctx, "semget");
	if (release(ctx, st) < 0)
		return aim_fail_errno(ctx, "remove probe IPC objects");
	return AIM_OK;
}

static enum aim_status
shm_setup(struct aim_ctx *ctx)
{
	struct shm_state *st = calloc(1, sizeof(*st));
	enum aim_status rc;

	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	st->shmid = st->semid = -1;
	aim_ctx_set_data(ctx, st);
	/* A missing facility found here is a skip, not a timed failure. */
	rc = probe(ctx, st);
	if (rc != AIM_OK)
		shm_teardown(ctx);
	return rc;
}

static int
sem_step(int semid, short op)
{
	struct sembuf sb = { .sem_num = 0, .sem_op = op, .sem_flg = 0 };

	return semop(semid, &sb, 1);
}

/* P; copy in; V; P; copy out; V -- SHM_MESSAGES times. */
static int
exchange(struct shm_state *st, uint64_t *sum)
{
	for (int n = 0; n < SHM_MESSAGES; n++) {
		size_t size = aimutil_msg_next(&st->pos);

		if (sem_step(st->semid, -1) < 0)
			return -1;
		memcpy(st->addr, st->buf, size);
		if (sem_step(st->semid, 1) < 0 || sem_step(st->semid, -1) < 0)
			return -1;
		memcpy(st->buf, st->addr, size);
		if (sem_step(st->semid, 1) < 0)
			return -1;
		*sum += (unsigned char)st->buf[0];
	}
	return 0;
}

static enum aim_status
shm_fail(struct aim_ctx *ctx, struct shm_state *st, const char *what)
{
	enum aim_status rc = aim_fail_errno(ctx, what);

	(void)release(ctx, st);	/* the failure is recorded already */
	return rc;
}

static enum aim_status
shm_run(struct aim_ctx *ctx)
{
	struct shm_state *st = aim_ctx_data(ctx);
	union shm_semun arg = { .val = 1 };
	uint64_t sum = 0;
	void *addr;

	st->shmid = new_ipc(ctx, AIM_IPC_SHM, &st->shmkey);
	if (st->shmid < 0)
		return shm_fail(ctx, st, "shmget");
	addr = shmat(st->shmid, NULL, 0);
	if (addr == (void *)-1)
		return shm_fail(ctx, st, "shmat");
	st->addr = addr;
	/* Attached: the segment now goes when this process does. */
	if (shmctl(st->shmid, IPC_RMID, NULL) < 0)
		return shm_fail(ctx, st, "shmctl(IPC_RMID)");
	aim_ctx_ipc_drop(ctx, st->shmkey);
	st->shmid = -1;
	st->semid = new_ipc(ctx, AIM_IPC_SEM, &st->semkey);
	if (st->semid < 0)
		return shm_fail(ctx, st, "semget");
	if (semctl(st->semid, 0, SETVAL, arg) < 0)
		return shm_fail(ctx, st, "semctl(SETVAL)");
	if (exchange(st, &sum) < 0)
		return shm_fail(ctx, st, "semop");
	if (release(ctx, st) < 0)
		return aim_fail_errno(ctx, "shmdt/IPC_RMID");
	aim_sink_u64(sum);
	return AIM_OK;
}

const struct aim_test aim_test_shared_memory = {
	.info = &catalog_tests[CATALOG_SHARED_MEMORY],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "its System V IPC keys are held in one table per process",
	.setup = shm_setup,
	.run = shm_run,
	.teardown = shm_teardown,
};
