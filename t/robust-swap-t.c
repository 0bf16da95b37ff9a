// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A scratch directory swapped under a running test cannot make root run
 * another user's script.  The scratch directory sits in a directory
 * anyone may write (no sticky bit; aimrun refuses such a --dir, so this
 * calls the runner directly), and a process running as nobody exchanges
 * it, in a loop, with its own directory holding an aim_1.sh and a true
 * that would create a marker only root can create.  shell_rtns_1 runs
 * meanwhile, then exec_test, which runs ./true from the held directory.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "aimutil.h"
#include "rmtree.h"
#include "runner.h"
#include "tap.h"

extern const struct aim_test aim_test_shell_rtns_1;
extern const struct aim_test aim_test_exec_test;

struct env {
	char work[64];		/* root's, 0711 */
	char shared[128];	/* work/shared, 0777, not sticky */
	char scratch[160];	/* shared/aimrun.XXXXXX, root's 0700 */
	char evil[160];		/* shared/evil, nobody's */
	char marker[200];	/* work/root-only/marker */
};

static void
nap_us(long us)
{
	struct timespec ts = { 0, us * 1000 };

	(void)nanosleep(&ts, NULL);
}

/* Send the verdict C on FD and end. */
static void __attribute__((noreturn))
tell(int fd, char c)
{
	_exit(write(fd, &c, 1) == 1 ? 0 : 2);
}

/*
 * Become nobody, plant the script, swap until STOP closes, then say on
 * REPORT whether any exchange worked.
 */
static void __attribute__((noreturn))
swapper(const struct env *e, const struct passwd *pw, int stop, int report)
{
	static const char *const names[] = { "aim_1.sh", "true" };
	long swaps = 0;

	if (setgroups(0, NULL) != 0 || setgid(pw->pw_gid) != 0 ||
	    setuid(pw->pw_uid) != 0 || mkdir(e->evil, 0755) != 0)
		tell(report, 'e');
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char script[256];
		FILE *f;

		snprintf(script, sizeof(script), "%s/%s", e->evil, names[i]);
		f = fopen(script, "w");
		if (f == NULL ||
		    fprintf(f, "#!/bin/sh\n: >'%s'\n", e->marker) < 0 ||
		    fclose(f) != 0 || chmod(script, 0755) != 0)
			tell(report, 'e');
	}
	/* With pauses, so each name is the other directory half the time. */
	for (;;) {
		struct pollfd pfd = { .fd = stop, .events = POLLIN };
		swaps += renameat2(AT_FDCWD, e->evil, AT_FDCWD, e->scratch,
				   RENAME_EXCHANGE) == 0;
		nap_us(200);
		if (poll(&pfd, 1, 0) != 0)
			break;
	}
	tell(report, swaps > 0 ? 'y' : 'n');
}

static void
make_env(struct env *e)
{
	char dir[100];

	snprintf(e->work, sizeof(e->work), "%s/robust-swap.XXXXXX",
		 getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(e->work) == NULL || chmod(e->work, 0711) != 0)
		bail("mkdtemp: %s", strerror(errno));
	snprintf(e->shared, sizeof(e->shared), "%s/shared", e->work);
	snprintf(dir, sizeof(dir), "%s/root-only", e->work);
	snprintf(e->marker, sizeof(e->marker), "%s/marker", dir);
	snprintf(e->evil, sizeof(e->evil), "%s/evil", e->shared);
	snprintf(e->scratch, sizeof(e->scratch), "%s/aimrun.XXXXXX",
		 e->shared);
	if (mkdir(e->shared, 0777) != 0 || chmod(e->shared, 0777) != 0 ||
	    mkdir(dir, 0755) != 0 || mkdtemp(e->scratch) == NULL)
		bail("cannot make the directories: %s", strerror(errno));
}

/*
 * Run TEST until it has passed OKS times (a run that finds the other
 * directory under the name is refused at once), at most TRIES runs.
 * Returns the passes.
 */
static int
run_test(const struct aim_test *test, const struct env *e, int oks,
	 int tries)
{
	char data[4096];
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	int passed = 0, refused = 0;

	snprintf(data, sizeof(data), "%s/tests-aim/data", tap_srcdir());
	timing_cfg_default(&cfg.child.timing, 30000000);
	cfg.deadline_ns = 10000000000LL;
	cfg.child.datadir = data;
	cfg.child.scratch = e->scratch;
	for (int i = 0; i < tries && passed < oks; i++) {
		struct runner_outcome out;

		if (runner_run(test, &cfg, &out) != 0)
			bail("runner_run: %s", strerror(errno));
		if (out.status == RUNNER_OK)
			passed++;
		else if (refused++ == 0 || access(e->marker, F_OK) == 0)
			diag("run %d: %s %s", i, runner_status_name(out.status),
			     out.reason);
		runner_outcome_free(&out);
		if (access(e->marker, F_OK) == 0)
			break;
		if (out.status != RUNNER_OK)
			nap_us(1000);
	}
	return passed;
}

/*
 * A grandchild, not ours: the runner kills and reaps every child of its
 * caller after each run.  Returns the pipe whose closing stops it; its
 * verdict comes on *REPORT.
 */
static int
start_swapper(const struct env *e, const struct passwd *pw, int *report)
{
	int stop[2], rep[2];
	pid_t pid;

	if (pipe2(stop, O_CLOEXEC) != 0 || pipe2(rep, O_CLOEXEC) != 0)
		bail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		bail("fork: %s", strerror(errno));
	if (pid == 0) {
		if (fork() != 0)
			_exit(0);
		(void)close(stop[1]);
		(void)close(rep[0]);
		swapper(e, pw, stop[0], rep[1]);
	}
	if (waitpid(pid, NULL, 0) != pid)
		bail("waitpid: %s", strerror(errno));
	(void)close(stop[0]);
	(void)close(rep[1]);
	*report = rep[0];
	return stop[1];
}

int
main(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct env e;
	char verdict = '?';
	int stop, report, oks, exec_oks;

	if (geteuid() != 0)
		skip_all("needs root (a swapper runs as another user)");
	if (pw == NULL || pw->pw_uid == 0)
		skip_all("no user nobody to run the swapper as");
	plan(5);
	make_env(&e);
	stop = start_swapper(&e, pw, &report);
	oks = run_test(&aim_test_shell_rtns_1, &e, 5, 400);
	exec_oks = access(e.marker, F_OK) == 0 ? 0 :
		   run_test(&aim_test_exec_test, &e, 5, 400);
	(void)close(stop);
	if (read(report, &verdict, 1) != 1)
		verdict = '?';
	(void)close(report);
	ok(verdict == 'y', "the swapper exchanged the directories (%c)",
	   verdict);
	ok(access(e.marker, F_OK) != 0, "no planted script ever ran");
	is_int(oks, 5, "shell_rtns_1 still ran, five times, while swapped");
	is_int(exec_oks, 5, "exec_test's ./true too");
	ok(rmtree_at(AT_FDCWD, e.work) == 0, "cleaned up");
	return done_testing();
}
