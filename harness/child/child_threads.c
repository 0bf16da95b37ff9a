// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The timed part of a test in the test process, with the meters of the
 * table around each sample: in the calling thread (child_timed), or, for
 * aimrun --threads, the copies of one test as threads, as will-it-scale's
 * threads mode runs them.  Each thread has a context of its own, sets up,
 * waits at a barrier for the others, runs the timing loop with its own
 * meters and tears down; the samples are summed over the threads once
 * all have ended, as copies' are.
 */
#include "config.h"

#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "copies_sum.h"
#include "ctx.h"
#include "meter_set.h"
#include "monitor.h"
#include "perf.h"
#include "xalloc.h"

static void
span_begin(void *state)
{
	monitor_begin(state);
}

static void
span_end(void *state)
{
	monitor_end(state);
	monitor_keep(state);
}

/*
 * The meters are the calling thread's own: context switches of the
 * thread, its run delay, counters opened on it (the table of
 * meter_set.c, in its order).
 */
enum aim_status
child_timed(const struct aim_test *t, const struct child_cfg *cfg,
	    struct aim_ctx *ctx, timing_emit_fn emit, void *arg,
	    struct monitor *mon)
{
	const struct timing_span span = { span_begin, span_end, mon };
	const struct meter_target on = {
		.on = METER_ON_THREAD, .counters = cfg->counters,
	};
	struct timing_cfg timing = cfg->timing;
	struct meter_set meters;
	struct meter_cycles cycles;
	struct timing_result res;
	struct aim_clock clk;
	enum aim_status st;

	timing.per_call = cfg->per_call;
	timing.span = mon != NULL ? &span : NULL;
	if (meter_set_open(&meters, &on) != 0) {
		st = aim_fail_errno(ctx, "open the meters");
		goto teardown;
	}
	timing.meters = meters.on;
	timing.n_meters = meters.n;
	/* Read around every call, so only where calls are timed so. */
	if ((timing.per_call || t->per_call || t->prepare != NULL) &&
	    meter_cycles_open(&cycles, cfg->counters,
			      perf_source_kernel()) == 0)
		timing.cycles = &cycles.counter;
	clock_init_real(&clk);
	st = timing_run(t, ctx, &clk, &timing, emit, arg, &res);
	if (timing.cycles != NULL)
		meter_cycles_close(&cycles);
	meter_set_close(&meters);
teardown:
	if (t->teardown != NULL)
		t->teardown(ctx);
	return st;
}

/*
 * The barrier: every started thread past its setup, then all go.  Not a
 * pthread barrier, whose count must be known before a thread fails to
 * start.
 */
struct gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int ready, go;
};

struct worker {
	pthread_t tid;
	const struct aim_test *t;
	const struct child_cfg *cfg;
	struct gate *gate;
	struct aim_ctx ctx;
	struct monitor *mon;	/* the first thread's; NULL: none */
	char dir[PATH_MAX];	/* its scratch subdirectory, or "" */
	char held[32];
	int dir_fd;
	enum aim_status st;
	struct runner_outcome out;
	size_t cap;
};

/* Keep what the timing loop hands over: the warm-up, then samples. */
static int
collect(void *arg, const struct measure_sample *s)
{
	struct worker *w = arg;
	struct runner_outcome *o = &w->out;

	if (s->seq == 0) {
		o->warmup_calls = s->calls;
		o->warmup_ns = s->elapsed_ns;
		return 0;
	}
	if (o->n_samples == w->cap) {
		w->cap = w->cap > 0 ? 2 * w->cap : 16;
		o->samples = xrealloc(o->samples, w->cap * sizeof(*o->samples));
	}
	o->samples[o->n_samples] = *s;
	o->samples[o->n_samples++].hist = NULL;	/* the loop's, reused */
	return 0;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	enum aim_status st = w->st;

	if (st == AIM_OK && w->t->setup != NULL)
		st = w->t->setup(&w->ctx);
	/* Every thread comes here, set up or not: none waits for ever. */
	(void)pthread_mutex_lock(&w->gate->mu);
	w->gate->ready++;
	(void)pthread_cond_broadcast(&w->gate->cv);
	while (!w->gate->go)
		(void)pthread_cond_wait(&w->gate->cv, &w->gate->mu);
	(void)pthread_mutex_unlock(&w->gate->mu);
	if (st == AIM_OK)
		st = child_timed(w->t, w->cfg, &w->ctx, collect, w, w->mon);
	w->st = st;
	return NULL;
}

/* Thread I's scratch subdirectory under the one the process holds. */
static enum aim_status
make_dir(struct worker *w, const struct child_cfg *cfg, int i)
{
	char name[32];
	int n;

	snprintf(name, sizeof(name), "thread.%d", i);
	n = snprintf(w->dir, sizeof(w->dir), "%s/%s", cfg->scratch, name);
	if (n < 0 || (size_t)n >= sizeof(w->dir)) {
		errno = ENAMETOOLONG;
		return aim_fail_errno(&w->ctx, "name a thread's scratch directory");
	}
	if (mkdirat(cfg->scratch_fd, name, 0700) != 0)
		return aim_fail_errno(&w->ctx, "create a thread's scratch directory");
	w->dir_fd = openat(cfg->scratch_fd, name,
			   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (w->dir_fd < 0)
		return aim_fail_errno(&w->ctx, "open a thread's scratch directory");
	snprintf(w->held, sizeof(w->held), "/proc/self/fd/%d", w->dir_fd);
	w->ctx.dir = w->dir;
	/* Without /proc the path is what there is: no thread may chdir. */
	w->ctx.dir_held = access(w->held, F_OK) == 0 ? w->held : w->dir;
	return AIM_OK;
}

static void
prepare(struct worker *w, const struct aim_test *t,
	const struct child_cfg *cfg, const struct aim_ctx *base,
	struct gate *gate, int i)
{
	w->t = t;
	w->cfg = cfg;
	w->gate = gate;
	w->dir_fd = -1;
	ctx_init(&w->ctx, NULL, base->filesize_k, base->datadir);
	w->ctx.param = base->param;
	w->ctx.memsize = base->memsize;
	w->ctx.zerosize = base->zerosize;
	w->st = AIM_OK;
	if (cfg->scratch != NULL)
		w->st = make_dir(w, cfg, i);
}

/* The threads' sum to EMIT: the warm-up first, then sample by sample. */
static enum aim_status
hand_on(const struct runner_outcome *sum, struct aim_ctx *base,
	timing_emit_fn emit, void *arg)
{
	struct measure_sample warm;

	if (sum->status != RUNNER_OK) {
		snprintf(base->reason, sizeof(base->reason), "%s", sum->reason);
		return sum->status == RUNNER_SKIP ? AIM_SKIP : AIM_FAIL;
	}
	measure_init(&warm, 0);
	warm.calls = sum->warmup_calls;
	warm.elapsed_ns = sum->warmup_ns;
	if (emit(arg, &warm) != 0)
		return aim_fail_errno(base, "report the warm-up");
	for (size_t k = 0; k < sum->n_samples; k++)
		if (emit(arg, &sum->samples[k]) != 0)
			return aim_fail_errno(base, "report a sample");
	return AIM_OK;
}

/* Join the STARTED of N threads; their outcomes in W[i].out. */
static void
join_all(struct worker *w, int n, int started, const struct child_cfg *cfg)
{
	for (int i = 0; i < n; i++) {
		if (i < started)
			(void)pthread_join(w[i].tid, NULL);	/* joinable */
		w[i].out.status = w[i].st == AIM_OK ? RUNNER_OK :
				  w[i].st == AIM_SKIP ? RUNNER_SKIP : RUNNER_FAIL;
		snprintf(w[i].out.reason, sizeof(w[i].out.reason), "%s",
			 w[i].ctx.reason);
		if (w[i].dir_fd >= 0) {
			(void)close(w[i].dir_fd);
			/* Emptied by teardown; what is left the harness removes. */
			(void)unlinkat(cfg->scratch_fd, strrchr(w[i].dir, '/') + 1,
				       AT_REMOVEDIR);
		}
	}
}

/* Release the STARTED threads once each is past its setup. */
static void
release(struct gate *g, int started)
{
	(void)pthread_mutex_lock(&g->mu);
	while (g->ready < started)
		(void)pthread_cond_wait(&g->cv, &g->mu);
	g->go = 1;
	(void)pthread_cond_broadcast(&g->cv);
	(void)pthread_mutex_unlock(&g->mu);
}

enum aim_status
child_threads(const struct aim_test *t, const struct child_cfg *cfg,
	      struct aim_ctx *base, timing_emit_fn emit, void *arg,
	      struct monitor *mon)
{
	struct gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
			     0, 0 };
	int n = cfg->threads, started = 0, err = 0;
	struct worker *w = xcalloc((size_t)n, sizeof(*w));
	struct runner_outcome sum;
	enum aim_status st;

	for (int i = 0; i < n; i++)
		prepare(&w[i], t, cfg, base, &gate, i);
	w[0].mon = mon;
	while (started < n &&
	       (err = pthread_create(&w[started].tid, NULL, work,
				     &w[started])) == 0)
		started++;
	release(&gate, started);
	join_all(w, n, started, cfg);
	memset(&sum, 0, sizeof(sum));
	if (started < n) {
		errno = err;
		st = aim_fail_errno(base, "start a thread");
	} else {
		struct runner_outcome *each = xcalloc((size_t)n, sizeof(*each));

		for (int i = 0; i < n; i++)
			each[i] = w[i].out;
		copies_combine(each, n, 1, &sum);
		free(each);
		st = hand_on(&sum, base, emit, arg);
	}
	free(sum.samples);
	for (int i = 0; i < n; i++)
		free(w[i].out.samples);
	free(w);
	return st;
}
