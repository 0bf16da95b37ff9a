// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * In the child: isolate, run setup, timing and teardown, report.  Only
 * _exit() leaves this process, so no atexit handler or stdio buffer of the
 * parent runs twice.
 */
#include "config.h"

#include "child.h"

#include <alloca.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "copies_gate.h"
#include "ctx.h"
#include "dontfork.h"
#include "interrupt.h"
#include "monitor.h"
#include "pin.h"
#include "proto.h"

static int
emit_sample(void *arg, const struct measure_sample *s)
{
	const int *fd = arg;
	struct proto_rec rec;

	memset(&rec, 0, sizeof(rec));
	rec.type = s->seq == 0 ? PROTO_WARMUP : PROTO_SAMPLE;
	rec.sample = *s;
	rec.sample.hist = NULL;	/* an address means nothing to the parent */
	if (s->hist != NULL)
		rec.hist = *s->hist;
	return proto_write(*fd, &rec);
}

static void
report(int fd, enum aim_status st, const char *reason)
{
	struct proto_rec rec;

	memset(&rec, 0, sizeof(rec));
	rec.type = PROTO_STATUS;
	rec.status = (int32_t)st;
	snprintf(rec.reason, sizeof(rec.reason), "%s", reason);
	if (proto_write(fd, &rec) != 0)
		_exit(3);	/* the parent sees no status and records why */
}

/*
 * The changes of the monitors M (NULL: none) when the test ran whole,
 * then the status; the end of the test process.
 */
static void __attribute__((noreturn))
finish(int fd, enum aim_status st, const char *reason, struct monitor *m)
{
	if (m != NULL && st == AIM_OK && proto_write_monitors(fd, m) != 0)
		_exit(3);	/* the parent sees no status and records why */
	if (m != NULL)
		monitor_close(m);
	report(fd, st, reason);
	_exit(0);
}

void
child_fail(int fd, const char *reason)
{
	report(fd, AIM_FAIL, reason);
	_exit(0);
}

/*
 * Default signal handling, quiet stdio, die with the parent.  A crash
 * must kill the test with its signal whatever handler aimrun had (a
 * sanitizer's, say), so the outcome reads "killed by signal N".  SIGXFSZ
 * stays as aimrun set it (ignored): a test that hits a file size limit
 * fails with EFBIG and says so.
 */
static void
isolate(void)
{
	static const int dfl[] = {
		SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
	};
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	(void)setpgid(0, 0);	/* the parent also sets it; one of them wins */
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	for (size_t i = 0; i < sizeof(dfl) / sizeof(dfl[0]); i++)
		(void)signal(dfl[i], SIG_DFL);	/* valid signals: cannot fail */
	(void)interrupt_reset();	/* valid signals: cannot fail */
	if (null >= 0) {
		(void)dup2(null, STDIN_FILENO);
		(void)dup2(null, STDOUT_FILENO);
		(void)dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO)
			(void)close(null);
	}
}

/*
 * Every run forks from the same aimrun, so without this every run of one
 * invocation would find its stack and heap at the same addresses, and a
 * test whose speed depends on them (cache sets, 4K aliasing) would carry
 * one invocation's luck into all its runs: a difference between two tags
 * that no spread inside a tag reveals (doc/statistics.md, "Layout").  A
 * fresh random offset per run turns it into noise the statistics see.
 */
static uint32_t
layout_random(void)
{
	uint32_t r = 0;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
		r = (uint32_t)getpid() * 2654435761u;
	return r;
}

/*
 * Enter the scratch directory the parent holds open, and keep the
 * descriptor across exec so the programs a test starts resolve
 * /proc/self/fd/N to it as well.  The path through it goes in BUF; NULL
 * when the directory cannot be entered.
 */
static const char *
hold_scratch(const struct child_cfg *cfg, char *buf, size_t len)
{
	struct stat via, held;

	if (fchdir(cfg->scratch_fd) != 0 ||
	    fcntl(cfg->scratch_fd, F_SETFD, 0) != 0 ||
	    fstat(cfg->scratch_fd, &held) != 0)
		return NULL;
	snprintf(buf, len, "/proc/self/fd/%d", cfg->scratch_fd);
	if (stat(buf, &via) == 0 && via.st_dev == held.st_dev &&
	    via.st_ino == held.st_ino)
		return buf;
	return ".";	/* no /proc: the working directory is the held one */
}

static void run_test(const struct aim_test *t, const struct child_cfg *cfg,
		     int fd) __attribute__((noinline, noreturn));

void
child_main(const struct aim_test *t, const struct child_cfg *cfg, int fd)
{
	uint32_t r;
	void *pad;
	volatile char *gap;

	isolate();
	/*
	 * Forked without exec (runner_cfg.prog NULL), the heap came from
	 * aimrun with the pages of what it freed still resident (in a
	 * fork_test child, 600 of 816 kB).  A test that forks
	 * would copy those page tables on every fork and its children tear
	 * them down again; handing the free pages back makes it fork from a
	 * process nearly as small as lmbench's (doc/tests.md, fork_test).
	 */
	(void)malloc_trim(0);	/* 1 if it released memory: either is fine */
	/*
	 * libm is the tests' (the library routines call it in this
	 * process), never their children's: no test's child calls it
	 * between fork and exec or _exit (aim_test.h).  Kept from them, a
	 * fork copies what lmbench's lat_proc copies (doc/tests.md); all of
	 * it in aimrun-test, bound at start, so no child looks a symbol up.
	 */
	(void)dontfork_object(dlsym(RTLD_DEFAULT, "cos"),
			      (const void *)(uintptr_t)child_main,
			      dontfork_bound_now());
	r = layout_random();
	/*
	 * Kept until _exit: they move every later small allocation.  The
	 * small blocks first, since a small request is served from a free
	 * chunk the parent left (one larger than the pad keeps its place
	 * otherwise): they shift where in it the test's blocks begin.
	 */
	for (uint32_t i = 0; i < 1 + ((r >> 16) % 256); i++)
		if ((pad = malloc(16)) != NULL)
			((volatile char *)pad)[0] = 0;
	pad = malloc(16 + ((r >> 8) % 256) * 16);
	if (pad != NULL)
		((volatile char *)pad)[0] = 0;
	/* 16 to 4096 bytes, 16-aligned as the ABI wants the stack. */
	gap = alloca(16 + (r & 0xff) * 16);
	gap[0] = 0;
	run_test(t, cfg, fd);
}

/* Not inlined: its frame, and every test's, must sit below the gap. */
static void
run_test(const struct aim_test *t, const struct child_cfg *cfg, int fd)
{
	struct aim_ctx ctx;
	struct monitor mon, *m = NULL;
	enum aim_status st = AIM_OK;
	char held[32], data[PATH_MAX];
	const char *datadir = cfg->datadir;

	/* The working directory becomes the scratch directory. */
	if (datadir != NULL && datadir[0] != '/' &&
	    realpath(datadir, data) != NULL)
		datadir = data;
	ctx_init(&ctx, cfg->scratch, cfg->filesize_k, datadir);
	ctx.ipc = cfg->ipc;
	ctx.param = t->param;
	ctx.memsize = cfg->memsize;
	ctx.zerosize = cfg->zerosize;
	if (cfg->scratch != NULL) {
		ctx.dir_held = hold_scratch(cfg, held, sizeof(held));
		if (ctx.dir_held == NULL)
			st = aim_fail_errno(&ctx, "enter the scratch directory");
	}
	/* Before setup: what the test starts inherits the CPU. */
	if (st == AIM_OK && cfg->pin > 0 && pin_self(cfg->pin - 1) != 0)
		st = aim_fail_errno(&ctx, "pin to the CPU of --cpu");
	/* Before setup: what it allocates is in place before the test's. */
	if (st == AIM_OK && cfg->monitors && monitor_open(&mon))
		m = &mon;
	if (st == AIM_OK && cfg->threads > 0) {
		st = child_threads(t, cfg, &ctx, emit_sample, &fd, m);
		finish(fd, st, ctx.reason, m);
	}
	if (st == AIM_OK && t->setup != NULL)
		st = t->setup(&ctx);
	/* Copies start their warm-up together, once all are set up. */
	if (cfg->gate != NULL)
		copies_gate_pass(cfg->gate, st == AIM_OK);
	if (st == AIM_OK)
		st = child_timed(t, cfg, &ctx, emit_sample, &fd, m);
	finish(fd, st, ctx.reason, m);
}
