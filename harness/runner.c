// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The parent side of a test run.  The parent owns the deadline because a
 * hung or crashed child cannot be trusted to report anything; whatever
 * records reached the pipe before that are kept.
 */
#include "config.h"

#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child_exec.h"
#include "clock.h"
#include "ctx_ipc.h"
#include "dontfork.h"
#include "proto.h"
#include "scratch.h"
#include "store_code.h"
#include "xalloc.h"

struct watch {
	pid_t pid;
	int fd;
	int got_status;
	int timed_out;
	int interrupted;
	int32_t status;
	size_t cap;
	struct ctx_ipc *ipc;	/* SysV IPC keys the test holds */
	int ipc_fd;		/* its memfd, for a test program to map */
	time_t since;		/* before the test started */
};

const char *
runner_status_name(enum runner_status st)
{
	static const char *const names[] = {
		[RUNNER_OK] = "ok", [RUNNER_SKIP] = "skip",
		[RUNNER_FAIL] = "fail", [RUNNER_TIMEOUT] = "timeout",
		[RUNNER_CRASH] = "crash", [RUNNER_INTERRUPTED] = "interrupted",
	};

	return names[st];
}

int64_t
runner_default_deadline(const struct timing_cfg *t)
{
	/* Generous: a slow call may overshoot; a hang must still end. */
	return 30000000000LL + 4 * (t->warmup_ns + t->duration_ns);
}

static void
add_sample(struct watch *w, struct runner_outcome *out,
	   const struct proto_rec *rec)
{
	struct measure_sample *s;

	if (out->n_samples == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		out->samples = xrealloc(out->samples,
					w->cap * sizeof(*out->samples));
	}
	s = &out->samples[out->n_samples++];
	/* The test's process wrote it: keep only what a record may hold. */
	*s = rec->sample;
	s->seq = (int32_t)out->n_samples;
	s->printed_ops = -1;
	measure_sanitize(&s->m);
	s->hist = NULL;
	if (rec->hist.n > 0 && measure_hist_valid(&rec->hist)) {
		s->hist = xmalloc(sizeof(*s->hist));
		*s->hist = rec->hist;
	}
}

/*
 * A piece of the monitors' changes: each value kept whose name is one a
 * reading makes, up to MONITOR_VALUES_MAX; runner_run() sorts them and
 * keeps each name once.
 */
static void
add_monitors(struct runner_outcome *out, const struct proto_rec *rec)
{
	size_t n = rec->mon.n < PROTO_MONITORS ? rec->mon.n : PROTO_MONITORS;

	out->monitors = xrealloc(out->monitors, (out->n_monitors + n) *
				 sizeof(*out->monitors));
	for (size_t i = 0; i < n && out->n_monitors < MONITOR_VALUES_MAX; i++) {
		const struct monitor_val *v = &rec->mon.v[i];

		if (monitor_name_valid(v->name, strnlen(v->name,
							sizeof(v->name))))
			out->monitors[out->n_monitors++] = *v;
	}
}

static void
take(struct watch *w, struct runner_outcome *out, const struct proto_rec *rec)
{
	switch (rec->type) {
	case PROTO_WARMUP:
		out->warmup_calls = rec->sample.calls;
		out->warmup_ns = rec->sample.elapsed_ns;
		break;
	case PROTO_SAMPLE:
		add_sample(w, out, rec);
		break;
	case PROTO_MONITOR:
		add_monitors(out, rec);
		break;
	case PROTO_STATUS:
		w->got_status = 1;
		w->status = rec->status;
		snprintf(out->reason, sizeof(out->reason), "%s", rec->reason);
		break;
	default:
		break;
	}
}

/* Has PID exited (not yet reaped)? */
static int
child_gone(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT | WNOHANG) == 0 &&
	       si.si_pid == pid;
}

/* Wake at least this often, to notice an interrupt and to read the clock. */
#define POLL_MS 100
/*
 * A gap between two readings of the clock longer than this was a stop
 * (SIGSTOP, Ctrl-Z, a frozen cgroup), not watching: it counts this much.
 */
#define RAN_CAP_NS 250000000LL
/* More records than a pipe buffer holds: all a stopped watcher missed. */
#define DRAIN_MAX 4096

/*
 * Read up to MAX records already in the pipe (bounded: a child that
 * keeps writing must not keep the watcher here).  1 at end of file.
 */
static int
drain(struct watch *w, struct runner_outcome *out, int max)
{
	for (int i = 0; i < max; i++) {
		struct pollfd pfd = { .fd = w->fd, .events = POLLIN };
		struct proto_rec rec;
		int n = poll(&pfd, 1, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		if (proto_read(w->fd, &rec) <= 0)
			return 1;	/* EOF or a torn record: the child is gone */
		take(w, out, &rec);
	}
	return 0;
}

/*
 * Read records until EOF, the deadline, or an interrupt.  The deadline
 * counts the time this process ran, and a test that ended while it was
 * stopped is judged on what it sent, not on the clock.
 */
static void
collect(struct watch *w, const struct runner_cfg *cfg,
	struct runner_outcome *out)
{
	struct clock_ran ran;

	clock_ran_init(&ran, RAN_CAP_NS);
	for (;;) {
		struct pollfd pfd = { .fd = w->fd, .events = POLLIN };
		int64_t left = cfg->deadline_ns - clock_ran_ns(&ran);
		int n;

		if (cfg->interrupted != NULL && cfg->interrupted()) {
			w->interrupted = 1;
			return;
		}
		if (left <= 0) {
			if (!drain(w, out, DRAIN_MAX) && !child_gone(w->pid))
				w->timed_out = 1;
			return;
		}
		n = poll(&pfd, 1, left > POLL_MS * 1000000LL ? POLL_MS :
			 (int)(left / 1000000) + 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0 && cfg->idle != NULL)
			cfg->idle();
		/*
		 * Gone: a leftover grandchild may hold the pipe open, so no
		 * EOF may come.  What the child wrote after the poll (this
		 * process may have been late to look) is in the pipe.
		 */
		if (n == 0 && child_gone(w->pid)) {
			(void)drain(w, out, DRAIN_MAX);
			return;
		}
		if (n > 0 && drain(w, out, 1))
			return;
	}
}

/*
 * Wait until PID has exited, without reaping it: a zombie leader keeps
 * its process group id reserved, so killing the group stays safe.
 * GRACE_NS < 0 waits forever.  1 when it has exited.
 */
static int
exited_within(pid_t pid, int64_t grace_ns)
{
	int64_t end = clock_mono_ns() + grace_ns;
	struct timespec ts = { 0, 10000000 };
	siginfo_t si;

	for (;;) {
		int flags = WEXITED | WNOWAIT | (grace_ns < 0 ? 0 : WNOHANG);

		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, (id_t)pid, &si, flags) == 0) {
			if (si.si_pid == pid)
				return 1;
		} else if (errno != EINTR) {
			return 0;
		}
		if (grace_ns >= 0 && clock_mono_ns() >= end)
			return 0;
		if (grace_ns >= 0)
			(void)nanosleep(&ts, NULL);
	}
}

/*
 * SIGKILL every child we still have.  Between tests the only children of
 * a subreaper are what the last test left: descendants that moved out of
 * its process group (setsid, setpgid) and so escaped the group kill.
 * Without /proc/PID/task/TID/children this finds nothing.
 */
static void
kill_children(void)
{
	char path[64];
	FILE *f;
	long pid;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/children",
		 (long)getpid());
	f = fopen(path, "re");
	if (f == NULL)
		return;
	while (fscanf(f, "%ld", &pid) == 1)
		if (pid > 1)
			(void)kill((pid_t)pid, SIGKILL);	/* may be gone */
	(void)fclose(f);	/* read only */
}

/*
 * Orphans of the test were reparented to us (aimrun is a child subreaper)
 * and were just sent SIGKILL with its group; kill those that left the
 * group, give them a moment to die, then reap them.
 */
void
runner_reap_orphans(void)
{
	int64_t end = clock_mono_ns() + 1000000000LL;
	struct timespec ts = { 0, 2000000 };

	while (clock_mono_ns() < end) {
		pid_t r = waitpid(-1, NULL, WNOHANG);

		if (r < 0 && errno != EINTR)
			return;	/* ECHILD: nothing left */
		if (r == 0) {
			kill_children();
			(void)nanosleep(&ts, NULL);
		}
	}
}

/* End the child and everything it started; returns the wait status. */
static int
finish(struct watch *w, const struct runner_cfg *cfg)
{
	int status = 0;

	if (w->timed_out || w->interrupted) {
		(void)kill(-w->pid, SIGTERM);
		(void)exited_within(w->pid, cfg->kill_grace_ns);
	} else {
		(void)exited_within(w->pid, -1);
	}
	/* Whatever the test left behind in its group dies with it. */
	(void)kill(-w->pid, SIGKILL);
	/* Dead, not reaped: nothing of its group can still make objects. */
	(void)exited_within(w->pid, -1);
	ctx_ipc_remove(w->ipc, w->pid, w->since);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	runner_reap_orphans();
	return status;
}

static void
classify(const struct watch *w, int status, struct runner_outcome *out)
{
	if (w->interrupted) {
		out->status = RUNNER_INTERRUPTED;
		snprintf(out->reason, sizeof(out->reason), "interrupted");
	} else if (w->timed_out) {
		out->status = RUNNER_TIMEOUT;
		out->reason[0] = '\0';	/* filled by the caller */
	} else if (WIFSIGNALED(status)) {
		out->status = RUNNER_CRASH;
		snprintf(out->reason, sizeof(out->reason), "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	} else if (!w->got_status) {
		out->status = RUNNER_FAIL;
		snprintf(out->reason, sizeof(out->reason),
			 "test process exited with status %d before reporting",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	} else if (w->status == AIM_SKIP) {
		out->status = RUNNER_SKIP;
	} else if (w->status != AIM_OK) {
		out->status = RUNNER_FAIL;
	} else if (out->n_samples == 0) {
		out->status = RUNNER_FAIL;
		snprintf(out->reason, sizeof(out->reason), "no samples reported");
	} else {
		out->status = RUNNER_OK;
	}
}

/*
 * Start T in a child, holding the scratch directory open from here to
 * its removal: every use in the test goes through this descriptor, so
 * renaming another directory to its name changes nothing the test sees.
 */
static int
start(const struct aim_test *t, const struct runner_cfg *cfg, struct watch *w,
      int scratch_fd)
{
	struct child_cfg cc = cfg->child;
	int fds[2];

	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	cc.scratch_fd = scratch_fd;
	cc.ipc = w->ipc;
	w->since = time(NULL);
	fflush(NULL);	/* no buffered output may be written twice */
	w->pid = fork();
	if (w->pid < 0) {
		(void)close(fds[0]);
		(void)close(fds[1]);
		return -1;
	}
	if (w->pid == 0) {
		(void)close(fds[0]);
		if (cfg->prog != NULL)
			child_exec(cfg->prog, t, &cc, fds[1], w->ipc_fd);
		/*
		 * Run here: SQLite's code and data, which only aimrun uses,
		 * would be duplicated by each fork of the test and unmapped
		 * by each exit (doc/tests.md).  Failing leaves them to the
		 * children, which costs only time.
		 */
		(void)dontfork_object(store_engine_code(),
				      (const void *)(uintptr_t)runner_run, 0);
		child_main(t, &cc, fds[1]);
	}
	(void)setpgid(w->pid, w->pid);	/* races the child's own call; both agree */
	(void)close(fds[1]);
	w->fd = fds[0];
	return 0;
}

/* The scratch directory is not ours and private (any more): a failure. */
static void
refuse_scratch(const struct runner_cfg *cfg, struct runner_outcome *out)
{
	out->status = RUNNER_FAIL;
	snprintf(out->reason, sizeof(out->reason),
		 "scratch directory %.180s: %s", cfg->child.scratch,
		 strerror(errno));
}

int
runner_run(const struct aim_test *t, const struct runner_cfg *cfg,
	   struct runner_outcome *out)
{
	struct watch w = { 0 };
	int status, sfd = -1;

	memset(out, 0, sizeof(*out));
	if (cfg->child.scratch != NULL) {
		sfd = scratch_open(cfg->child.scratch);
		if (sfd < 0) {
			refuse_scratch(cfg, out);
			return 0;
		}
	}
	w.ipc = ctx_ipc_new(&w.ipc_fd);
	if (w.ipc == NULL || start(t, cfg, &w, sfd) != 0) {
		int err = errno;

		ctx_ipc_free(w.ipc, w.ipc_fd);
		if (sfd >= 0)
			(void)close(sfd);	/* read-only directory */
		errno = err;
		return -1;
	}
	collect(&w, cfg, out);
	status = finish(&w, cfg);
	ctx_ipc_free(w.ipc, w.ipc_fd);
	(void)close(w.fd);
	if (sfd >= 0) {
		/* What the test left goes, even if the name was swapped. */
		(void)scratch_empty(sfd);	/* removal by name retries */
		(void)close(sfd);	/* read-only directory */
	}
	classify(&w, status, out);
	out->n_monitors = monitor_unique(out->monitors, out->n_monitors);
	if (out->status == RUNNER_TIMEOUT)
		snprintf(out->reason, sizeof(out->reason),
			 "no end within %.1f s, process group killed",
			 (double)cfg->deadline_ns / 1e9);
	return 0;
}

void
runner_outcome_free(struct runner_outcome *out)
{
	for (size_t i = 0; i < out->n_samples; i++)
		free(out->samples[i].hist);
	free(out->samples);
	out->samples = NULL;
	out->n_samples = 0;
	free(out->monitors);
	out->monitors = NULL;
	out->n_monitors = 0;
}
