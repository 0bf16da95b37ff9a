// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun --threads in the test process (child_threads()): every copy is
 * a thread of this process with a context and scratch directory of its
 * own, none is timed before all are set up, the samples handed on are
 * the sums over the threads with the slowest and fastest thread's calls,
 * a thread that fails or skips decides the status, and the pure choice
 * of what may run as threads is checked against the descriptors.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child.h"
#include "copies.h"
#include "ctx.h"
#include "tap.h"

#define THREADS 3

/* What the fake test's threads share, through the descriptor's param. */
struct shared {
	pthread_mutex_t mu;
	int set_up;		/* setups done */
	int early;		/* calls made before every setup was done */
	int64_t calls;		/* every call */
	pthread_t who[THREADS];	/* the threads that called run() */
	int n_who;
	char dirs[THREADS][4200];
	int n_dirs;
	pid_t pid;
	int foreign;		/* calls from another process */
	int fail_one;		/* the second setup fails */
};

static struct shared *
shared_of(const struct aim_ctx *ctx)
{
	return (struct shared *)aim_ctx_param(ctx);
}

static enum aim_status
fake_setup(struct aim_ctx *ctx)
{
	struct shared *sh = shared_of(ctx);
	struct stat st;
	int n;

	(void)pthread_mutex_lock(&sh->mu);
	n = sh->set_up++;
	if (aim_ctx_dir(ctx) != NULL && sh->n_dirs < THREADS &&
	    stat(aim_ctx_dir(ctx), &st) == 0 && S_ISDIR(st.st_mode))
		snprintf(sh->dirs[sh->n_dirs++], sizeof(sh->dirs[0]), "%s",
			 aim_ctx_dir(ctx));
	(void)pthread_mutex_unlock(&sh->mu);
	/* The first is slow: without the barrier the others would run. */
	if (n == 0)
		(void)usleep(100000);
	if (sh->fail_one && n == 1)
		return aim_fail(ctx, "setup %d refused", n);
	return AIM_OK;
}

static enum aim_status
fake_run(struct aim_ctx *ctx)
{
	struct shared *sh = shared_of(ctx);
	pthread_t me = pthread_self();
	int seen = 0;

	(void)pthread_mutex_lock(&sh->mu);
	sh->calls++;
	sh->early += sh->set_up < THREADS;
	sh->foreign += getpid() != sh->pid;
	for (int i = 0; i < sh->n_who; i++)
		seen |= pthread_equal(sh->who[i], me);
	if (!seen && sh->n_who < THREADS)
		sh->who[sh->n_who++] = me;
	(void)pthread_mutex_unlock(&sh->mu);
	return AIM_OK;
}

static const struct catalog_test fake_info = {
	.number = 999, .name = "fake", .units = "Calls/second", .factor = 1,
};

struct got {
	int64_t calls, warmups, min_max_ok, samples;
};

static int
take(void *arg, const struct measure_sample *s)
{
	struct got *g = arg;
	int64_t lo, hi;

	g->calls += s->calls;
	if (s->seq == 0) {
		g->warmups++;
		return 0;
	}
	g->samples++;
	if (measure_get(&s->m, MEASURE_COPY_MIN_CALLS, &lo) == 1 &&
	    measure_get(&s->m, MEASURE_COPY_MAX_CALLS, &hi) == 1 &&
	    lo <= hi && lo + hi <= s->calls)
		g->min_max_ok++;
	return 0;
}

static enum aim_status
run_fake(struct shared *sh, const char *scratch, int fail_one, struct got *g,
	 struct aim_ctx *base)
{
	struct aim_test t = { .info = &fake_info, .needs = AIM_NEEDS_SCRATCH,
			      .setup = fake_setup, .run = fake_run,
			      .thread_safe = 1, .param = (uintptr_t)sh };
	struct child_cfg cfg = { .scratch = scratch, .threads = THREADS };
	enum aim_status st;

	cfg.scratch_fd = open(scratch, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	timing_cfg_default(&cfg.timing, 20000000LL);
	cfg.timing.warmup_ns = 1000000LL;
	cfg.timing.samples = 4;
	cfg.timing.samples_fixed = 1;
	memset(g, 0, sizeof(*g));
	memset(sh, 0, sizeof(*sh));
	(void)pthread_mutex_init(&sh->mu, NULL);
	sh->pid = getpid();
	sh->fail_one = fail_one;
	ctx_init(base, scratch, 0, NULL);
	base->param = t.param;
	st = child_threads(&t, &cfg, base, take, g, NULL);
	(void)close(cfg.scratch_fd);
	(void)pthread_mutex_destroy(&sh->mu);
	return st;
}

static void
test_threads(const char *scratch)
{
	struct shared sh;
	struct got g;
	struct aim_ctx base;
	enum aim_status st = run_fake(&sh, scratch, 0, &g, &base);
	int distinct = 1;

	is_int(st, AIM_OK, "%d threads of a thread-safe test end ok", THREADS);
	is_int(sh.n_who, THREADS, "... run() is called from %d threads", THREADS);
	is_int(sh.foreign, 0, "... all of this process");
	is_int(sh.early, 0, "... none before every setup was done");
	is_int(g.warmups, 1, "... one warm-up is handed on");
	is_int(g.samples, 4, "... and the fixed count of samples");
	is_int(g.min_max_ok, g.samples,
	       "... each with the slowest and fastest thread's calls");
	is_int(g.calls, sh.calls, "... which add up to every call made");
	is_int(sh.n_dirs, THREADS, "each thread had a scratch directory");
	for (int i = 0; i < sh.n_dirs; i++)
		for (int j = 0; j < i; j++)
			distinct &= strcmp(sh.dirs[i], sh.dirs[j]) != 0;
	ok(distinct, "... of its own");
	ok(access(sh.dirs[0], F_OK) != 0 && errno == ENOENT,
	   "... removed once it ended");
}

static void
test_failure(const char *scratch)
{
	struct shared sh;
	struct got g;
	struct aim_ctx base;
	enum aim_status st = run_fake(&sh, scratch, 1, &g, &base);

	is_int(st, AIM_FAIL, "a thread whose setup fails fails the run");
	ok(strstr(base.reason, "setup 1 refused") != NULL,
	   "... with its reason: %s", base.reason);
	is_int(g.samples, 0, "... and nothing is handed on");
	is_int(sh.set_up, THREADS, "... though every thread was set up");
}

/* Every test is thread-safe or says why not; the skip says it. */
static void
test_descriptors(const struct aim_test *const *list, const char *what)
{
	char buf[AIM_REASON_MAX];
	int bad = 0, safe = 0, refused_right = 1;

	for (size_t i = 0; list[i] != NULL; i++) {
		const struct aim_test *t = list[i];
		const char *r = copies_refusal(t, 2, 1, buf, sizeof(buf));

		bad += !t->thread_safe && t->no_threads == NULL;
		bad += t->thread_safe && t->no_threads != NULL;
		safe += t->thread_safe;
		if (t->thread_safe && t->no_copies == NULL)
			refused_right &= r == NULL;
		else if (!t->thread_safe && t->no_copies == NULL)
			refused_right &= r != NULL &&
				strncmp(r, "cannot run as threads: ", 23) == 0 &&
				strstr(r, t->no_threads) != NULL;
		refused_right &= copies_refusal(t, 2, 0, buf, sizeof(buf)) ==
				 NULL || t->no_copies != NULL;
	}
	is_int(bad, 0, "%s: each thread-safe or giving why not", what);
	ok(refused_right, "%s: --threads skips exactly the others, with the reason",
	   what);
	diag("%s: %d thread-safe", what, safe);
}

static void
test_refusal(void)
{
	struct aim_test t = { .no_copies = "port 80" };
	char buf[128];

	is_string(copies_refusal(&t, 2, 1, buf, sizeof(buf)),
		  "cannot run as copies: port 80",
		  "a test that cannot run as copies cannot as threads either");
	is_string(copies_refusal(&t, 1, 1, buf, sizeof(buf)),
		  "cannot run as threads: not marked thread-safe",
		  "a test not marked is refused as threads, even alone");
	t.no_copies = NULL;
	t.thread_safe = 1;
	ok(copies_refusal(&t, 8, 1, buf, sizeof(buf)) == NULL,
	   "a thread-safe test runs as 8 threads");
	t.thread_safe = 0;
	ok(copies_refusal(&t, 8, 0, buf, sizeof(buf)) == NULL,
	   "... and any test as 8 processes");
}

int
main(void)
{
	char scratch[] = "/tmp/threads-t.XXXXXX";

	plan_lazy();
	if (mkdtemp(scratch) == NULL)
		bail("mkdtemp: %s", strerror(errno));
	test_threads(scratch);
	test_failure(scratch);
	ok(rmdir(scratch) == 0, "no thread left anything in the scratch directory");
	test_refusal();
	test_descriptors(aim_tests, "classic tests");
	test_descriptors(aim_extra_tests, "extra tests");
	test_descriptors(aim_family_tests, "family tests");
	return done_testing();
}
