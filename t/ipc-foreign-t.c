// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shared_memory removes only the SysV objects it made: other programs'
 * segments and semaphore sets survive a run, whatever their keys.  Keys
 * of ftok(path, 'A') are the likeliest to collide with anything derived
 * from the test's pid, so objects are planted under such keys for the
 * next pids to come (the test process is surely among them).  Runs in a
 * private IPC namespace so that nothing else disturbs the count.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>

#include "runner.h"
#include "tap.h"

/* Pids to plant for: more than a busy machine starts during the run. */
#define PLANT_PIDS 1000

struct planted {
	int shm[PLANT_PIDS + 1];
	int sem[PLANT_PIDS + 1];
	int n;
};

static long
last_pid(void)
{
	FILE *f = fopen("/proc/sys/kernel/ns_last_pid", "re");
	long pid = (long)getpid();

	if (f != NULL) {
		if (fscanf(f, "%ld", &pid) != 1)
			pid = (long)getpid();
		(void)fclose(f);	/* read only */
	}
	return pid;
}

static void
plant_one(struct planted *p, key_t key)
{
	p->shm[p->n] = shmget(key, 1, IPC_CREAT | IPC_EXCL | 0600);
	p->sem[p->n] = semget(key, 1, IPC_CREAT | IPC_EXCL | 0600);
	if (p->shm[p->n] < 0 || p->sem[p->n] < 0)
		bail("plant key %#x: %s", (unsigned)key, strerror(errno));
	p->n++;
}

/*
 * One pair under ftok(PATH, 'A'), and one under 'A', pid, a slot for
 * every pid to come: what a key made from the test's pid would hit.
 */
static void
plant(struct planted *p, const char *path)
{
	key_t ftok_key = ftok(path, 'A');
	long base = last_pid();

	if (ftok_key == (key_t)-1)
		bail("ftok %s: %s", path, strerror(errno));
	p->n = 0;
	plant_one(p, ftok_key);
	for (long pid = base + 1; pid <= base + PLANT_PIDS; pid++) {
		key_t key = (key_t)(0x41000000u |
				    ((unsigned)pid & 0x3fffffu) << 2 | 3u);

		/* ftok's key is one of these for some inode: planted once. */
		if (key != ftok_key)
			plant_one(p, key);
	}
}

static int
survivors(const struct planted *p)
{
	struct shmid_ds shm;
	struct semid_ds sem;
	int n = 0;

	for (int i = 0; i < p->n; i++)
		n += shmctl(p->shm[i], IPC_STAT, &shm) == 0 &&
		     semctl(p->sem[i], 0, IPC_STAT, &sem) == 0;
	return n;
}

/* Segments plus semaphore sets in this namespace. */
static int
objects(void)
{
	static const char *const files[] = {
		"/proc/sysvipc/shm", "/proc/sysvipc/sem",
	};
	int n = 0;

	for (size_t i = 0; i < 2; i++) {
		FILE *f = fopen(files[i], "re");
		int c;

		if (f == NULL)
			bail("%s: %s", files[i], strerror(errno));
		while ((c = getc(f)) != EOF)
			n += c == '\n';
		(void)fclose(f);	/* read only */
		n--;	/* the header */
	}
	return n;
}

static enum aim_status
run_nothing(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

/*
 * Leaves a segment and a semaphore set under held keys, and a segment
 * under a key it dropped: only the held ones are the harness's to remove.
 */
static enum aim_status
setup_leave(struct aim_ctx *ctx)
{
	key_t shm = aim_ctx_ipc_key(ctx, AIM_IPC_SHM);
	key_t sem = aim_ctx_ipc_key(ctx, AIM_IPC_SEM);
	key_t mine = aim_ctx_ipc_key(ctx, AIM_IPC_SHM);

	if (shm == (key_t)-1 || sem == (key_t)-1 || mine == (key_t)-1)
		return aim_fail_errno(ctx, "aim_ctx_ipc_key");
	if (shmget(shm, 1, IPC_CREAT | IPC_EXCL | 0600) < 0 ||
	    semget(sem, 1, IPC_CREAT | IPC_EXCL | 0600) < 0 ||
	    shmget(mine, 1, IPC_CREAT | IPC_EXCL | 0600) < 0)
		return aim_fail_errno(ctx, "create");
	aim_ctx_ipc_drop(ctx, mine);
	return AIM_OK;
}

static const struct aim_test t_leave = {
	.info = &(const struct catalog_test){
		.number = 92, .name = "leave", .units = "Fakes/second",
		.factor = 1,
	},
	.setup = setup_leave, .run = run_nothing,
};

static void
check_leave(const struct runner_cfg *cfg, int before)
{
	struct runner_outcome out;

	is_int(runner_run(&t_leave, cfg, &out), 0, "leave: harness works");
	is_string(runner_status_name(out.status), "ok",
		  "leave: ran (reason '%s')", out.reason);
	runner_outcome_free(&out);
	is_int(objects(), before + 1, "objects under held keys are removed, "
	       "the one under a dropped key is not");
}

int
main(int argc, char **argv)
{
	const struct aim_test *t = aim_test_find("shared_memory");
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	static struct planted p;
	struct runner_outcome out;

	(void)argc;
	if (unshare(CLONE_NEWIPC) != 0)
		skip_all("needs a private IPC namespace (root): %s",
			 strerror(errno));
	if (t == NULL)
		bail("no test shared_memory");
	plan(7);
	plant(&p, argv[0]);
	timing_cfg_default(&cfg.child.timing, 10000000);
	cfg.deadline_ns = 20000000000LL;
	is_int(runner_run(t, &cfg, &out), 0, "harness works");
	is_string(runner_status_name(out.status), "ok",
		  "shared_memory ran (reason '%s')", out.reason);
	runner_outcome_free(&out);
	is_int(survivors(&p), p.n, "every planted segment and semaphore "
	       "set survives, ftok(path, 'A') keys included");
	is_int(objects(), 2 * p.n, "and the test left nothing of its own");
	check_leave(&cfg, 2 * p.n);
	return done_testing();
}
