// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The parent's side of the IPC table of a test process: made before the
 * process, emptied after it, whatever killed it (tests-aim/ctx.h).
 */
#include "config.h"

#include "ctx_ipc.h"

#include <errno.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>

/*
 * In a memfd, not anonymous memory: the table must reach a test process
 * across execve (harness/child/aimrun-test.c maps the descriptor).
 */
struct ctx_ipc *
ctx_ipc_new(int *fd)
{
	void *p;

	*fd = memfd_create("aim-ipc", MFD_CLOEXEC);
	if (*fd < 0)
		return NULL;
	if (ftruncate(*fd, sizeof(struct ctx_ipc)) == 0) {
		p = mmap(NULL, sizeof(struct ctx_ipc), PROT_READ | PROT_WRITE,
			 MAP_SHARED, *fd, 0);
		if (p != MAP_FAILED)
			return p;	/* a new file reads as zeroes */
	}
	ctx_ipc_free(NULL, *fd);
	*fd = -1;
	return NULL;
}

/*
 * The table lived in a process that may have been killed anywhere, so it
 * is data, and a key may name an object another program made after the
 * test's was removed: check who made it.  Errors are ignored: what is
 * gone already stays gone.
 */
void
ctx_ipc_remove(struct ctx_ipc *ipc, pid_t pid, time_t since)
{
	uid_t me = geteuid();

	for (unsigned i = 0; i < AIM_IPC_MAX; i++) {
		uint64_t v = __atomic_load_n(&ipc->held[i], __ATOMIC_ACQUIRE);
		key_t key = (key_t)(uint32_t)v;
		struct shmid_ds shm;
		struct semid_ds sem;
		int id;

		ipc->held[i] = 0;
		if (v >> 32 == AIM_IPC_SHM && (id = shmget(key, 0, 0)) >= 0 &&
		    shmctl(id, IPC_STAT, &shm) == 0 &&
		    shm.shm_perm.cuid == me && shm.shm_cpid == pid)
			(void)shmctl(id, IPC_RMID, NULL);
		if (v >> 32 == AIM_IPC_SEM && (id = semget(key, 0, 0)) >= 0 &&
		    semctl(id, 0, IPC_STAT, &sem) == 0 &&
		    sem.sem_perm.cuid == me && sem.sem_ctime >= since)
			(void)semctl(id, 0, IPC_RMID);
	}
}
