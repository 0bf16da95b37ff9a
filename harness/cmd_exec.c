// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One run of a command.  The end of the run is seen through a pidfd, so
 * the clock is read the moment the process exits, not at the next tick
 * of a polling loop; without pidfd_open() (before Linux 5.3) the wait
 * polls every 200 us instead.
 */
#include "config.h"

#include "cmd_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "executor.h"
#include "meter_rusage.h"
#include "meter_set.h"
#include "monitor.h"
#include "xalloc.h"

/* Wake at least this often, to notice an interrupt. */
#define POLL_MS 100
/* A gap in the watcher's own running longer than this was a stop. */
#define RAN_CAP_NS 250000000LL

static int
executable_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

char *
cmd_resolve(const char *prog, char *err, size_t errlen)
{
	const char *path = getenv("PATH"), *p;

	if (prog[0] == '\0') {
		snprintf(err, errlen, "the program name is empty");
		return NULL;
	}
	if (strchr(prog, '/') != NULL)
		return xstrdup(prog);	/* execv() says why it cannot */
	if (path == NULL || path[0] == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path;; p++) {
		size_t len = strcspn(p, ":");
		/* An empty element is the working directory, as for execvp. */
		char *cand = len == 0 ? xasprintf("./%s", prog) :
			xasprintf("%.*s/%s", (int)len, p, prog);

		if (executable_file(cand))
			return cand;
		free(cand);
		p += len;
		if (*p == '\0')
			break;
	}
	snprintf(err, errlen, "not found in $PATH");
	return NULL;
}

/*
 * The child: its own group, quiet stdin, stdout joined to stderr; then it
 * waits for the word on GOFD, so that the clock starts after fork() (whose
 * cost grows with the parent's page tables, not the program's) and right
 * before exec, as perf stat starts its workload.
 */
static void __attribute__((noreturn))
child(const struct cmd_exec_cfg *cfg, int errfd, int gofd)
{
	sigset_t none;
	char go;
	int fd, e;

	(void)setpgid(0, 0);
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	(void)signal(SIGPIPE, SIG_DFL);
	if (sigemptyset(&none) == 0)
		(void)sigprocmask(SIG_SETMASK, &none, NULL);
	/* aimrun's stdout is the report: the program's output goes beside. */
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || dup2(fd, 0) < 0 || dup2(2, 1) < 0) {
		e = errno;
		(void)!write(errfd, &e, sizeof(e));
		_exit(127);
	}
	/* Nothing read: the parent could not start the clock; do not run. */
	if (read(gofd, &go, 1) != 1)
		_exit(127);
	execv(cfg->path, cfg->argv);
	e = errno;
	(void)!write(errfd, &e, sizeof(e));	/* the parent reads why */
	_exit(127);
}

/* 1 once PID has exited (not reaped), waiting at most MS (-1: poll). */
static int
wait_exit(int pidfd, pid_t pid, int ms)
{
	siginfo_t si;

	if (pidfd >= 0) {
		struct pollfd p = { .fd = pidfd, .events = POLLIN };

		return poll(&p, 1, ms) > 0;
	}
	for (int64_t end = clock_mono_ns() + (int64_t)ms * 1000000;;) {
		struct timespec ts = { 0, 200000 };

		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT | WNOHANG) == 0 &&
		    si.si_pid == pid)
			return 1;
		if (clock_mono_ns() >= end)
			return 0;
		(void)nanosleep(&ts, NULL);
	}
}

/* Until exit, the deadline or an interrupt: 0, 1 timed out, 2 interrupted. */
static int
watch(const struct cmd_exec_cfg *cfg, int pidfd, pid_t pid)
{
	struct clock_ran ran;

	clock_ran_init(&ran, RAN_CAP_NS);
	for (;;) {
		int64_t left = cfg->deadline_ns - clock_ran_ns(&ran);

		if (cfg->interrupted != NULL && cfg->interrupted())
			return 2;
		if (left <= 0)
			return wait_exit(pidfd, pid, 0) ? 0 : 1;
		if (wait_exit(pidfd, pid, left > POLL_MS * 1000000LL ? POLL_MS :
			      (int)(left / 1000000) + 1))
			return 0;
	}
}

/* End the group (after a grace period when it is still running), reap. */
static int
reap(const struct cmd_exec_cfg *cfg, int pidfd, pid_t pid, int stop,
     struct rusage *ru)
{
	int status = 0;

	if (stop) {
		(void)kill(-pid, SIGTERM);
		if (!wait_exit(pidfd, pid, (int)(cfg->kill_grace_ns / 1000000)))
			(void)kill(-pid, SIGKILL);
	}
	/* The leader is a zombie at most: its group id is still reserved. */
	(void)kill(-pid, SIGKILL);
	while (wait4(pid, &status, 0, ru) < 0 && errno == EINTR)
		;
	return status;
}

static void
classify(const struct cmd_exec_cfg *cfg, int how, int status, int exec_err,
	 struct runner_outcome *out)
{
	out->status = RUNNER_OK;
	if (how == 2) {
		out->status = RUNNER_INTERRUPTED;
		snprintf(out->reason, sizeof(out->reason), "interrupted");
	} else if (how == 1) {
		out->status = RUNNER_TIMEOUT;
		snprintf(out->reason, sizeof(out->reason),
			 "no end within %.1f s, process group killed",
			 (double)cfg->deadline_ns / 1e9);
	} else if (exec_err != 0) {
		out->status = RUNNER_FAIL;
		snprintf(out->reason, sizeof(out->reason),
			 "cannot execute: %s", strerror(exec_err));
	} else if (WIFSIGNALED(status)) {
		out->status = RUNNER_CRASH;
		snprintf(out->reason, sizeof(out->reason),
			 "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		out->status = RUNNER_FAIL;
		snprintf(out->reason, sizeof(out->reason),
			 "exited with status %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
}

/* Fork the child, stopped before exec.  Its pid, or -1. */
static pid_t
spawn(const struct cmd_exec_cfg *cfg, int errfds[2], int gofds[2])
{
	pid_t pid;

	if (pipe2(errfds, O_CLOEXEC | O_NONBLOCK) != 0)
		return -1;
	if (pipe2(gofds, O_CLOEXEC) != 0) {
		(void)close(errfds[0]);
		(void)close(errfds[1]);
		return -1;
	}
	fflush(NULL);	/* no buffered output may be written twice */
	pid = fork();
	if (pid == 0) {
		(void)close(gofds[1]);
		child(cfg, errfds[1], gofds[0]);
	}
	(void)close(errfds[1]);
	(void)close(gofds[0]);
	if (pid < 0) {
		(void)close(errfds[0]);
		(void)close(gofds[1]);
		return -1;
	}
	(void)setpgid(pid, pid);	/* races the child's own call; both agree */
	return pid;
}

/*
 * Open the meters on the held child PID: 0, or -1 with errno (the child
 * is then not released, and the run fails).
 */
static int
meters_open(const struct cmd_exec_cfg *cfg, pid_t pid,
	    struct meter_rusage *ru, struct meter_set *set)
{
	const struct meter_target on = {
		.on = METER_ON_COMMAND, .counters = cfg->counters, .pid = pid,
		.rusage = ru,
	};

	set->n = 0;
	return cfg->metered ? meter_set_open(set, &on) : 0;
}

int
cmd_exec(const struct cmd_exec_cfg *cfg, struct runner_outcome *out)
{
	struct meter_rusage ru = { .have = 0 };
	struct meter_set meters;
	struct measure_sample *s;
	int errfds[2], gofds[2], pidfd, how, status, exec_err = 0;
	int64_t t0, t1;
	pid_t pid;

	memset(out, 0, sizeof(*out));
	s = out->samples = xcalloc(1, sizeof(*s));
	out->n_samples = 1;
	measure_init(s, 1);
	pid = spawn(cfg, errfds, gofds);
	if (pid < 0) {
		runner_outcome_free(out);
		return -1;
	}
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (meters_open(cfg, pid, &ru, &meters) != 0)
		exec_err = errno;	/* the child ends unrun: a failed run */
	if (cfg->monitor != NULL)
		monitor_begin(cfg->monitor);
	meter_set_start(&meters);
	t0 = clock_mono_ns();
	if (exec_err == 0 && write(gofds[1], "x", 1) != 1)
		exec_err = errno;	/* the child ends unrun: a failed run */
	(void)close(gofds[1]);
	how = watch(cfg, pidfd, pid);
	t1 = clock_mono_ns();
	status = reap(cfg, pidfd, pid, how != 0, &ru.ru);
	ru.have = how == 0;
	meter_set_stop(&meters, s);
	if (cfg->monitor != NULL)
		monitor_end(cfg->monitor);
	meter_set_close(&meters);
	if (exec_err == 0 &&
	    read(errfds[0], &exec_err, sizeof(exec_err)) != (ssize_t)sizeof(exec_err))
		exec_err = 0;	/* exec closed the pipe: it ran */
	(void)close(errfds[0]);
	if (pidfd >= 0)
		(void)close(pidfd);
	runner_reap_orphans();
	s->calls = 1;
	s->elapsed_ns = t1 - t0;
	classify(cfg, how, status, exec_err, out);
	return 0;
}

static int
takes_command(const struct exec_unit *u, const struct exec_cfg *c)
{
	return u->test == NULL;
}

static int
run_command(const struct exec_unit *u, const struct exec_cfg *c,
	    struct runner_outcome *out, char *err, size_t errlen)
{
	const struct cmd_exec_cfg cfg = {
		.path = u->path, .argv = u->argv,
		.deadline_ns = c->runner.deadline_ns,
		.kill_grace_ns = c->runner.kill_grace_ns,
		.interrupted = c->runner.interrupted,
		.metered = u->metered, .counters = c->runner.child.counters,
		.monitor = u->monitor,
	};

	if (cmd_exec(&cfg, out) == 0)
		return 0;
	snprintf(err, errlen, "%s: cannot start the program: %s", u->name,
		 strerror(errno));
	return -1;
}

const struct executor exec_command = {
	.name = "command", .takes = takes_command, .run = run_command,
};
