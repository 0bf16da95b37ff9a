// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Faults inside tests, through the whole run loop: test-only tests that
 * litter their scratch directory and then crash, abort, exit, fail, hang,
 * or leave children behind (in their process group or escaped from it).
 * Each is stored with its status and reason, the run goes on, and no
 * child, zombie, descriptor or scratch entry remains; links planted in
 * the scratch directory are removed as links, never followed.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run.h"
#include "storefx.h"
#include "tap.h"

/* Files, a directory tree, a fifo and two links to outside victims. */
static enum aim_status
litter(struct aim_ctx *ctx)
{
	const char *dir = aim_ctx_dir(ctx);
	const char *victims = getenv("ROBUST_VICTIMS");
	char p[4096], q[4096];
	struct stat sb;
	int fd;

	if (dir == NULL || victims == NULL || stat(dir, &sb) != 0)
		return aim_fail(ctx, "no scratch directory");
	if ((sb.st_mode & 07777) != 0700)
		return aim_fail(ctx, "scratch mode %o", sb.st_mode & 07777);
	snprintf(p, sizeof(p), "%s/d", dir);
	if (mkdir(p, 0700) != 0)
		return aim_fail_errno(ctx, "mkdir");
	snprintf(p, sizeof(p), "%s/d/e", dir);
	if (mkdir(p, 0700) != 0)
		return aim_fail_errno(ctx, "mkdir");
	snprintf(p, sizeof(p), "%s/d/e/file", dir);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || write(fd, "x", 1) != 1)
		return aim_fail_errno(ctx, "create");
	/* Kept open on purpose: a dying test leaves open files behind. */
	snprintf(p, sizeof(p), "%s/fifo", dir);
	if (mkfifo(p, 0600) != 0)
		return aim_fail_errno(ctx, "mkfifo");
	snprintf(p, sizeof(p), "%s/file-link", dir);
	snprintf(q, sizeof(q), "%s/file", victims);
	if (symlink(q, p) != 0)
		return aim_fail_errno(ctx, "symlink");
	snprintf(p, sizeof(p), "%s/dir-link", dir);
	snprintf(q, sizeof(q), "%s/dir", victims);
	if (symlink(q, p) != 0)
		return aim_fail_errno(ctx, "symlink");
	return AIM_OK;
}

static enum aim_status
run_ok(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static enum aim_status
run_segv(struct aim_ctx *ctx)
{
	(void)raise(SIGSEGV);
	return AIM_OK;
}

static enum aim_status
run_abort(struct aim_ctx *ctx)
{
	abort();
}

static enum aim_status
run_exit(struct aim_ctx *ctx)
{
	_exit(7);
}

static enum aim_status
run_errno(struct aim_ctx *ctx)
{
	errno = EIO;
	return aim_fail_errno(ctx, "write");
}

static enum aim_status
run_hang(struct aim_ctx *ctx)
{
	while (pause() != 1)
		;
	return AIM_OK;
}

/* A child that stays in the group, holding a scratch file open. */
static enum aim_status
setup_stay(struct aim_ctx *ctx)
{
	enum aim_status st = litter(ctx);
	pid_t pid;

	if (st != AIM_OK)
		return st;
	pid = fork();
	if (pid < 0)
		return aim_fail_errno(ctx, "fork");
	if (pid == 0) {
		(void)sleep(60);
		_exit(0);
	}
	return AIM_OK;
}

/* A grandchild that leaves the process group, as a daemon would. */
static enum aim_status
setup_escape(struct aim_ctx *ctx)
{
	enum aim_status st = litter(ctx);
	pid_t pid;

	if (st != AIM_OK)
		return st;
	pid = fork();
	if (pid < 0)
		return aim_fail_errno(ctx, "fork");
	if (pid == 0) {
		if (fork() == 0) {
			(void)setsid();
			(void)sleep(60);
		}
		_exit(0);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return AIM_OK;
}

#define T(num, nm, su, ru) { .info = &(const struct catalog_test){ \
		.number = num, .name = nm, .units = "Fakes/second", \
		.factor = 1 }, \
	.needs = AIM_NEEDS_SCRATCH, .setup = su, .run = ru }

static const struct aim_test fakes[] = {
	T(91, "scr-ok", litter, run_ok),
	T(92, "scr-segv", litter, run_segv),
	T(93, "scr-abort", litter, run_abort),
	T(94, "scr-exit", litter, run_exit),
	T(95, "scr-errno", litter, run_errno),
	T(96, "scr-hang", litter, run_hang),
	T(97, "scr-stay", setup_stay, run_ok),
	T(98, "scr-escape", setup_escape, run_ok),
};

#define N_FAKES (sizeof(fakes) / sizeof(fakes[0]))

static const char *const want[N_FAKES] = {
	"ok: ",
	"crash: killed by signal 11",
	"crash: killed by signal 6",
	"fail: test process exited with status 7",
	"fail: write: Input/output error",
	"timeout: no end within 1.0 s, process group killed",
	"ok: ",
	"ok: ",
};

static int
count_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	(void)closedir(d);
	return n;
}

static void
make_victims(struct storefx *fx, char *victims, size_t len)
{
	char p[4200];

	storefx_path(fx, "victims", victims, len);
	snprintf(p, sizeof(p), "%s/dir", victims);
	if (mkdir(victims, 0700) != 0 || mkdir(p, 0700) != 0)
		bail("cannot make %s", p);
	snprintf(p, sizeof(p), "%s/dir/kept", victims);
	if (storefx_write(p, "kept", 4) != 0)
		bail("cannot write %s", p);
	snprintf(p, sizeof(p), "%s/file", victims);
	if (storefx_write(p, "kept", 4) != 0)
		bail("cannot write %s", p);
	if (setenv("ROBUST_VICTIMS", victims, 1) != 0)
		bail("setenv");
}

static void
check_results(const char *db_path)
{
	sqlite3 *db = NULL;
	char all[4096], key[256];

	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
		bail("cannot open %s", db_path);
	is_string(storefx_text(db, "SELECT status FROM run", all, sizeof(all)),
		  "complete", "the run went on to the end and is complete");
	/* "|name=status: reason|..." of every result, in classic order. */
	storefx_text(db, "SELECT '|' || group_concat(test || '=' || status"
		     " || ': ' || coalesce(reason, ''), '|') || '|' FROM"
		     " (SELECT * FROM result ORDER BY number)", all, sizeof(all));
	for (size_t i = 0; i < N_FAKES; i++) {
		snprintf(key, sizeof(key), "|%s=%s", fakes[i].info->name, want[i]);
		ok(strstr(all, key) != NULL, "%s stored as '%s...'",
		   fakes[i].info->name, want[i]);
	}
	is_int(storefx_int(db, "SELECT count(*) FROM result r WHERE"
			   " (status = 'ok') != EXISTS (SELECT 1 FROM sample s"
			   " WHERE s.result_id = r.id)"), 0,
	       "samples exactly for the ok results");
	(void)sqlite3_close(db);	/* read only */
}

int
main(void)
{
	struct storefx fx;
	struct suite s = { .name = (char *)"faults", .n_tests = N_FAKES };
	const struct aim_test *list[N_FAKES];
	char scratch[4096], db[4096], victims[4096], p[4200];
	struct run_opts o = {
		.tag = "faults", .suite = &s, .duration_ns = 20000000,
		.runs = 1, .filesize_k = 64, .datadir = ".",
		.timeout_ns = 1000000000, .quiet = 1,
		.in_process = 1,	/* the fakes are not in aimrun-test */
	};
	int fds;

	plan_lazy();
	/* Grandchildren orphaned by a test come to us, as in aimrun. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
		bail("cannot become a child subreaper");
	storefx_init(&fx, "robust-run");
	for (size_t i = 0; i < N_FAKES; i++)
		list[i] = &fakes[i];
	s.tests = list;
	o.dir = storefx_path(&fx, "scratch", scratch, sizeof(scratch));
	o.db_path = storefx_path(&fx, "a.db", db, sizeof(db));
	if (mkdir(scratch, 0755) != 0)
		bail("cannot make %s", scratch);
	make_victims(&fx, victims, sizeof(victims));
	fds = count_entries("/proc/self/fd");
	is_int(run_suite(&o), 0, "a run of faulty tests ends normally");
	check_results(db);
	is_int(count_entries(scratch), 0, "nothing left in the scratch parent");
	ok(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD,
	   "no child or zombie left, not even one that left the group");
	is_int(count_entries("/proc/self/fd"), fds, "no descriptor leaked");
	snprintf(p, sizeof(p), "%s/file", victims);
	ok(access(p, F_OK) == 0, "a linked file outside is kept");
	snprintf(p, sizeof(p), "%s/dir/kept", victims);
	ok(access(p, F_OK) == 0, "a linked directory outside is not emptied");
	return storefx_finish(&fx, done_testing());
}
