// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The copies of one test run.  Each copy has a watcher process of its
 * own that runs it through runner_run(), so every copy gets the whole
 * watchdog regime (deadline, group kill, reaping of orphans, removal of
 * its IPC objects) unchanged, and hands its outcome back over a pipe.
 */
#include "config.h"

#include "copies.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "executor.h"
#include "log.h"
#include "scratch.h"
#include "xalloc.h"

/* More samples than a copy can send: a torn or foreign record. */
#define COPIES_SAMPLES_MAX (1 << 20)

struct copy {
	pid_t pid;
	int fd;			/* its outcome, read end */
	int ready;		/* past setup, or ended */
	char *scratch;
};

/* All LEN bytes through FD, in whatever pieces the pipe takes. */
static int
move_all(int fd, void *buf, size_t len, int out)
{
	char *p = buf;

	while (len > 0) {
		ssize_t n = out ? write(fd, p, len) : read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

#define write_all(fd, buf, len) move_all(fd, (void *)(buf), len, 1)
#define read_all(fd, buf, len) move_all(fd, buf, len, 0)

/*
 * A sample's per-call histogram crosses the pipe by value after the
 * samples, a byte saying whether there is one: its pointer means
 * nothing in the parent.  0 or -1.
 */
static int
send_hists(int fd, const struct runner_outcome *out)
{
	for (size_t k = 0; k < out->n_samples; k++) {
		const struct measure_hist *h = out->samples[k].hist;
		unsigned char has = h != NULL;

		if (write_all(fd, &has, 1) != 0 ||
		    (has && write_all(fd, h, sizeof(*h)) != 0))
			return -1;
	}
	return 0;
}

static int
take_hists(int fd, struct runner_outcome *out)
{
	int rc = 0;

	for (size_t k = 0; k < out->n_samples; k++) {
		struct measure_sample *s = &out->samples[k];
		unsigned char has = 0;

		if (rc == 0 && (read_all(fd, &has, 1) != 0 || has > 1))
			rc = -1;
		if (rc == 0 && has) {
			s->hist = xmalloc(sizeof(*s->hist));
			if (read_all(fd, s->hist, sizeof(*s->hist)) != 0 ||
			    !measure_hist_valid(s->hist))
				rc = -1;
		}
	}
	return rc;
}

/* The monitors' changes after the histograms, checked as the runner's. */
static int
take_monitors(int fd, struct runner_outcome *out)
{
	size_t n = out->n_monitors;

	out->n_monitors = 0;
	if (n > MONITOR_VALUES_MAX)
		return -1;
	out->monitors = xcalloc(n + 1, sizeof(*out->monitors));
	if (read_all(fd, out->monitors, n * sizeof(*out->monitors)) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct monitor_val *v = &out->monitors[i];

		if (!monitor_name_valid(v->name, strnlen(v->name,
							 sizeof(v->name))))
			return -1;
	}
	out->n_monitors = monitor_unique(out->monitors, n);
	return 0;
}

/* The watcher of copy I: never returns. */
static void __attribute__((noreturn))
watch_copy(const struct aim_test *t, const struct runner_cfg *cfg,
	   const struct copies_gate *gate, const char *scratch, int fd)
{
	struct runner_cfg c = *cfg;
	struct runner_outcome out;
	int rc;

	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* The orphans of its test come here, to be reaped by the runner. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	c.child.scratch = scratch;
	c.child.gate = gate;
	/* The machine's monitors, read once: by the first copy. */
	c.child.monitors = cfg->child.monitors && gate->copy == 0;
	c.child.timing.samples_fixed = 1;
	rc = runner_run(t, &c, &out);
	if (rc != 0) {
		out.status = RUNNER_FAIL;
		snprintf(out.reason, sizeof(out.reason),
			 "cannot start the test process: %s", strerror(errno));
		out.n_samples = 0;
	}
	if (write_all(fd, &out, sizeof(out)) != 0 ||
	    write_all(fd, out.samples, out.n_samples * sizeof(*out.samples)) != 0 ||
	    send_hists(fd, &out) != 0 ||
	    write_all(fd, out.monitors,
		      out.n_monitors * sizeof(*out.monitors)) != 0)
		_exit(3);
	_exit(0);
}

/* Copy CP's outcome; a watcher that died without one is a failure. */
static void
take_outcome(struct copy *cp, struct runner_outcome *out)
{
	memset(out, 0, sizeof(*out));
	if (read_all(cp->fd, out, sizeof(*out)) == 0 &&
	    out->n_samples <= COPIES_SAMPLES_MAX) {
		int got;

		out->samples = xcalloc(out->n_samples + 1, sizeof(*out->samples));
		got = read_all(cp->fd, out->samples,
			       out->n_samples * sizeof(*out->samples)) == 0;
		for (size_t k = 0; k < out->n_samples; k++)
			out->samples[k].hist = NULL;	/* the watcher's addresses */
		out->monitors = NULL;	/* the watcher's address */
		if (got && take_hists(cp->fd, out) == 0 &&
		    take_monitors(cp->fd, out) == 0)
			return;
		runner_outcome_free(out);
	}
	memset(out, 0, sizeof(*out));
	out->status = RUNNER_FAIL;
	snprintf(out->reason, sizeof(out->reason),
		 "its watcher ended without an outcome");
}

/* Fork the watcher of copy I; the caller keeps the read end of its pipe. */
static int
start_copy(const struct aim_test *t, const struct runner_cfg *cfg,
	   struct copy *cps, int i, const int ready[2], const int go[2])
{
	struct copies_gate gate = { .ready_fd = ready[1], .go_fd = go[0],
				    .copy = i };
	int fds[2];

	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	fflush(NULL);	/* no buffered output may be written twice */
	cps[i].pid = fork();
	if (cps[i].pid < 0) {
		(void)close(fds[0]);
		(void)close(fds[1]);
		return -1;
	}
	if (cps[i].pid == 0) {
		/* Only the parent may hold the barrier's write end. */
		(void)close(go[1]);
		(void)close(ready[0]);
		(void)close(fds[0]);
		for (int k = 0; k < i; k++)
			(void)close(cps[k].fd);
		watch_copy(t, cfg, &gate, cps[i].scratch, fds[1]);
	}
	(void)close(fds[1]);
	cps[i].fd = fds[0];
	return 0;
}

/*
 * Release the barrier once every copy is past its setup or has ended (a
 * copy that ended must not hold the others; its watchdog bounds the
 * wait), or aimrun is told to stop.
 */
static void
barrier(struct copy *cps, int n, int ready_fd, int go_wr,
	const struct runner_cfg *cfg)
{
	struct pollfd *pfd = xcalloc((size_t)n + 1, sizeof(*pfd));
	int left = n;

	while (left > 0 && !(cfg->interrupted != NULL && cfg->interrupted())) {
		int32_t id;

		pfd[0] = (struct pollfd){ .fd = ready_fd, .events = POLLIN };
		for (int i = 0; i < n; i++)
			pfd[i + 1] = (struct pollfd){
				.fd = cps[i].ready ? -1 : cps[i].fd,
				.events = POLLIN };
		if (poll(pfd, (nfds_t)n + 1, 100) < 0 && errno != EINTR)
			break;
		if ((pfd[0].revents & POLLIN) &&
		    read_all(ready_fd, &id, sizeof(id)) == 0 &&
		    id >= 0 && id < n && !cps[id].ready) {
			cps[id].ready = 1;
			left--;
		}
		for (int i = 0; i < n; i++)
			if (!cps[i].ready && pfd[i + 1].revents != 0) {
				cps[i].ready = 1;
				left--;
			}
	}
	free(pfd);
	(void)close(go_wr);	/* the release: every waiting copy reads EOF */
}

/*
 * Wait until every watcher has its outcome ready.  A stop that was sent
 * to aimrun alone (kill PID, not the terminal's group) reaches them too,
 * once: each then stops its copy as the runner does.
 */
static void
await(const struct copy *cps, int n, const struct runner_cfg *cfg)
{
	struct pollfd *pfd = xcalloc((size_t)n + 1, sizeof(*pfd));
	int told = 0, left = n;

	for (int i = 0; i < n; i++)
		pfd[i] = (struct pollfd){ .fd = cps[i].fd, .events = POLLIN };
	while (left > 0) {
		if (!told && cfg->interrupted != NULL && cfg->interrupted()) {
			for (int i = 0; i < n; i++)
				(void)kill(cps[i].pid, SIGTERM);	/* may have ended */
			told = 1;
		}
		if (poll(pfd, (nfds_t)n, 100) < 0 && errno != EINTR)
			break;
		for (int i = 0; i < n; i++)
			if (pfd[i].fd >= 0 && pfd[i].revents != 0) {
				pfd[i].fd = -1;
				left--;
			}
	}
	free(pfd);
}

/* Each copy's own scratch directory, when the test needs one. */
static int
make_scratch(const struct aim_test *t, struct copy *cps, int n,
	     const char *dir)
{
	if (!(t->needs & AIM_NEEDS_SCRATCH))
		return 0;
	for (int i = 0; i < n; i++) {
		cps[i].scratch = scratch_create(dir);
		if (cps[i].scratch == NULL)
			return -1;
	}
	return 0;
}

static void
drop_copies(struct copy *cps, int n)
{
	for (int i = 0; i < n; i++) {
		if (cps[i].scratch != NULL && scratch_remove(cps[i].scratch) != 0)
			aim_warn_errno("%s: cannot remove scratch directory",
				       cps[i].scratch);
		free(cps[i].scratch);
	}
	free(cps);
}

/* Start every copy, release them together, collect and reap them. */
static int
run_all(const struct aim_test *t, const struct runner_cfg *cfg,
	struct copy *cps, int n, struct runner_outcome *each)
{
	int ready[2], go[2], started = 0, rc = 0, err = 0;

	if (pipe2(ready, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(go, O_CLOEXEC) != 0) {
		err = errno;
		(void)close(ready[0]);
		(void)close(ready[1]);
		errno = err;
		return -1;
	}
	while (started < n && start_copy(t, cfg, cps, started, ready, go) == 0)
		started++;
	if (started < n)
		err = errno;
	(void)close(ready[1]);
	(void)close(go[0]);
	barrier(cps, started, ready[0], go[1], cfg);
	(void)close(ready[0]);
	await(cps, started, cfg);
	for (int i = 0; i < started; i++) {
		take_outcome(&cps[i], &each[i]);
		(void)close(cps[i].fd);
		while (waitpid(cps[i].pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (started < n) {
		rc = -1;
		errno = err;
	}
	return rc;
}

int
copies_run(const struct aim_test *t, const struct runner_cfg *cfg, int n,
	   const char *dir, struct runner_outcome *out)
{
	struct copy *cps = xcalloc((size_t)n, sizeof(*cps));
	struct runner_outcome *each = xcalloc((size_t)n, sizeof(*each));
	int rc, err;

	memset(out, 0, sizeof(*out));
	if (copies_refusal(t, n, 0, out->reason, sizeof(out->reason)) != NULL) {
		out->status = RUNNER_SKIP;
		free(each);
		drop_copies(cps, 0);
		return 0;
	}
	rc = make_scratch(t, cps, n, dir);
	if (rc == 0)
		rc = run_all(t, cfg, cps, n, each);
	err = errno;
	if (rc == 0)
		copies_combine(each, n, 0, out);
	for (int i = 0; i < n; i++)
		runner_outcome_free(&each[i]);
	free(each);
	drop_copies(cps, n);
	errno = err;
	return rc;
}

static int
takes_copies(const struct exec_unit *u, const struct exec_cfg *c)
{
	return u->test != NULL && c->copies > 1;
}

static int
run_copies(const struct exec_unit *u, const struct exec_cfg *c,
	   struct runner_outcome *out, char *err, size_t errlen)
{
	int rc = copies_run(u->test, &c->runner, c->copies, c->dir, out);

	if (rc != 0)
		snprintf(err, errlen, "%s: cannot run %d copies: %s",
			 u->test->info->name, c->copies, strerror(errno));
	return rc;
}

const struct executor exec_copies = {
	.name = "copies", .takes = takes_copies, .run = run_copies,
};
