// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun --copies below the command line: the barrier holds every copy
 * until all are set up, a copy that cannot start or fails decides the
 * outcome, a descriptor that says it cannot run as copies is skipped
 * with its reason, the samples are summed per interval, and the lists
 * of counts are parsed and checked.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "copies.h"
#include "tap.h"

/* Where the fakes log, set before the copies fork (getenv: no global). */
#define LOG_ENV "COPIES_T_LOG"

static void
log_line(const char *what)
{
	const char *path = getenv(LOG_ENV);
	int fd = path != NULL ? open(path, O_WRONLY | O_APPEND | O_CLOEXEC) : -1;

	if (fd < 0)
		return;
	if (write(fd, what, strlen(what)) < 0)
		(void)0;	/* the log's absence fails the assertion */
	(void)close(fd);
}

/*
 * The first copy to get here is slow to set up: without the barrier the
 * others would log their first call before it logged "setup".
 */
static enum aim_status
setup_slow_first(struct aim_ctx *ctx)
{
	char lock[4200];
	struct timespec ts = { 0, 200000000 };
	int fd;

	snprintf(lock, sizeof(lock), "%s.first", getenv(LOG_ENV));
	fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0) {
		(void)close(fd);
		(void)nanosleep(&ts, NULL);
	}
	log_line("setup\n");
	return AIM_OK;
}

static enum aim_status
run_logged(struct aim_ctx *ctx)
{
	static int said;	/* per process: one line each */

	if (!said++)
		log_line("run\n");
	aim_sink_ptr(ctx);
	return AIM_OK;
}

/* The first copy to call it dies of SIGSEGV; the others go on. */
static enum aim_status
run_crash_first(struct aim_ctx *ctx)
{
	char lock[4200];
	int fd;

	snprintf(lock, sizeof(lock), "%s.crash", getenv(LOG_ENV));
	fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0) {
		(void)close(fd);
		(void)raise(SIGSEGV);
	}
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static enum aim_status
setup_fail(struct aim_ctx *ctx)
{
	return aim_skip(ctx, "no frobnicator");
}

#define T(nm, su, ru, why) { .info = &(const struct catalog_test){ \
		.number = 90, .name = nm, .units = "Fakes/second", \
		.factor = 1 }, .setup = su, .run = ru, .no_copies = why }

static const struct aim_test t_barrier = T("barrier", setup_slow_first,
					   run_logged, NULL);
static const struct aim_test t_crash = T("crash", NULL, run_crash_first,
					 NULL);
static const struct aim_test t_skip = T("skip", setup_fail, run_logged, NULL);
static const struct aim_test t_fixed = T("fixed", NULL, run_logged,
					 "listens on port 7");

static void
cfg_init(struct runner_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->kill_grace_ns = 300000000;
	timing_cfg_default(&cfg->child.timing, 20000000);
	cfg->deadline_ns = 10000000000LL;
	cfg->child.filesize_k = 5120;
}

static void
test_barrier(const char *dir)
{
	char path[4096], buf[256] = "";
	struct runner_cfg cfg;
	struct runner_outcome out;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/log", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || close(fd) != 0 || setenv(LOG_ENV, path, 1) != 0)
		bail("cannot make the log");
	cfg_init(&cfg);
	is_int(copies_run(&t_barrier, &cfg, 3, dir, &out), 0, "3 copies run");
	is_string(runner_status_name(out.status), "ok", "... all of them");
	is_int((int64_t)out.n_samples, cfg.child.timing.samples,
	       "... cutting the same intervals");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	if (fd >= 0)
		(void)close(fd);
	buf[n > 0 ? n : 0] = '\0';
	is_string(buf, "setup\nsetup\nsetup\nrun\nrun\nrun\n",
		  "no copy calls the test before every copy is set up");
	ok(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD,
	   "no child or zombie left");
	runner_outcome_free(&out);
}

static void
test_refusals(const char *dir)
{
	struct runner_cfg cfg;
	struct runner_outcome out;

	cfg_init(&cfg);
	is_int(copies_run(&t_skip, &cfg, 2, dir, &out), 0, "a skipping test");
	is_string(runner_status_name(out.status), "skip", "... is a skip");
	ok(strstr(out.reason, "copy 1 of 2: no frobnicator") != NULL,
	   "... saying which copy and why: %s", out.reason);
	runner_outcome_free(&out);
	is_int(copies_run(&t_crash, &cfg, 3, dir, &out), 0, "a copy that crashes");
	is_string(runner_status_name(out.status), "crash", "... makes a crash");
	ok(strstr(out.reason, "killed by signal 11") != NULL &&
	   strncmp(out.reason, "copy ", 5) == 0, "... saying which copy: %s",
	   out.reason);
	ok(out.n_samples == 0, "... with no samples");
	ok(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD,
	   "... and no child or zombie left");
	runner_outcome_free(&out);
	is_int(copies_run(&t_fixed, &cfg, 2, dir, &out), 0,
	       "a test that cannot run as copies");
	is_string(runner_status_name(out.status), "skip", "... is skipped");
	is_string(out.reason, "cannot run as copies: listens on port 7",
		  "... with its descriptor's reason");
	ok(out.n_samples == 0, "... never run");
	runner_outcome_free(&out);
}

static void
test_combine(void)
{
	struct measure_sample a[3], b[2];
	struct runner_outcome each[2] = {
		{ .status = RUNNER_OK, .samples = a, .n_samples = 3,
		  .warmup_calls = 5, .warmup_ns = 100 },
		{ .status = RUNNER_OK, .samples = b, .n_samples = 2,
		  .warmup_calls = 7, .warmup_ns = 90 },
	};
	struct runner_outcome out;
	int64_t v;

	for (int i = 0; i < 3; i++) {
		measure_init(&a[i], i + 1);
		a[i].calls = 10 + i;
		a[i].elapsed_ns = 1000 + i;
		measure_set(&a[i].m, MEASURE_VOL_CS, 2);
		measure_set(&a[i].m, MEASURE_TASK_CLOCK, 9);
	}
	for (int i = 0; i < 2; i++) {
		measure_init(&b[i], i + 1);
		b[i].calls = 4;
		b[i].elapsed_ns = 1500;
		measure_set(&b[i].m, MEASURE_VOL_CS, 3);
	}
	copies_combine(each, 2, 0, &out);
	is_int((int64_t)out.n_samples, 2, "as many samples as the shortest copy");
	is_int(out.samples[1].calls, 15, "calls of one interval summed");
	is_int(out.samples[0].elapsed_ns, 1500, "elapsed: the longest copy's");
	ok(measure_get(&out.samples[0].m, MEASURE_COPY_MIN_CALLS, &v) == 1 &&
	   v == 4, "the slowest copy's calls kept");
	ok(measure_get(&out.samples[1].m, MEASURE_COPY_MAX_CALLS, &v) == 1 &&
	   v == 11, "the fastest copy's calls kept");
	ok(measure_get(&out.samples[0].m, MEASURE_VOL_CS, &v) == 1 && v == 5,
	   "a counter every copy has is summed");
	ok(measure_get(&out.samples[0].m, MEASURE_TASK_CLOCK, &v) == 0,
	   "one that a copy lacks is left out");
	ok(out.warmup_calls == 12 && out.warmup_ns == 100, "warm-up: sum, longest");
	runner_outcome_free(&out);
	each[1].status = RUNNER_TIMEOUT;
	snprintf(each[1].reason, sizeof(each[1].reason), "no end");
	copies_combine(each, 2, 0, &out);
	ok(out.status == RUNNER_TIMEOUT && out.n_samples == 0 &&
	   strcmp(out.reason, "copy 2 of 2: no end") == 0,
	   "a copy that did not succeed decides: %s", out.reason);
	runner_outcome_free(&out);
	copies_combine(each, 2, 1, &out);
	ok(out.status == RUNNER_TIMEOUT &&
	   strcmp(out.reason, "thread 2 of 2: no end") == 0,
	   "a thread that did not succeed is named a thread: %s", out.reason);
}

static void
test_parse(void)
{
	int v[COPIES_LIST_MAX];
	char err[128], many[200] = "1";
	size_t n = 0;

	ok(copies_parse("4,max,1,2,2", 4, v, &n, err, sizeof(err)) == 0 &&
	   n == 3 && v[0] == 1 && v[1] == 2 && v[2] == 4,
	   "a list: sorted, repeats dropped, max is the CPUs");
	ok(copies_parse("0", 4, v, &n, err, sizeof(err)) != 0 &&
	   strstr(err, "'0' is not a count") != NULL, "0 refused: %s", err);
	ok(copies_parse("1025", 4, v, &n, err, sizeof(err)) != 0, "1025 refused");
	ok(copies_parse("2,x", 4, v, &n, err, sizeof(err)) != 0, "a word refused");
	ok(copies_parse(",", 4, v, &n, err, sizeof(err)) != 0, "nothing refused");
	for (int i = 2; i <= COPIES_LIST_MAX + 1; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many), ",%d", i);
	ok(copies_parse(many, 4, v, &n, err, sizeof(err)) != 0,
	   "more than %d counts refused", COPIES_LIST_MAX);
	n = copies_scale(6, v);
	ok(n == 4 && v[0] == 1 && v[1] == 2 && v[2] == 4 && v[3] == 6,
	   "--scale on 6 CPUs: 1, 2, 4, 6");
	n = copies_scale(1, v);
	ok(n == 1 && v[0] == 1, "--scale on 1 CPU: 1");
	ok(copies_ncpu() >= 1, "the CPUs we may use: %d", copies_ncpu());
}

int
main(void)
{
	char dir[] = "/tmp/copies-t.XXXXXX";
	char rm[64];

	plan_lazy();
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp: %s", strerror(errno));
	/* Orphans come here, as to aimrun. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	test_barrier(dir);
	test_refusals(dir);
	test_combine();
	test_parse();
	snprintf(rm, sizeof(rm), "%s/log", dir);
	(void)unlink(rm);
	snprintf(rm, sizeof(rm), "%s/log.first", dir);
	(void)unlink(rm);
	snprintf(rm, sizeof(rm), "%s/log.crash", dir);
	(void)unlink(rm);
	(void)rmdir(dir);
	return done_testing();
}
