// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A plan's steps against a fake machine (t/planfx.h).  The fake boots
 * what it is told (or, when a case says so, another kernel or one the
 * plan does not know), gives each boot a new boot id, and runs a block
 * by storing a run the way aimrun would: under the tag it is given, with
 * the facts of the boot it is in.  Cases: planfx_cases.c.
 */
#include "config.h"

#include "planfx.h"
#include "planfx_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "tap.h"
#include "xalloc.h"

uint64_t
planfx_random(void *data)
{
	struct fake *f = data;
	uint64_t z = (f->rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A normal deviate (Box-Muller) from the fake's stream. */
static double
gauss(struct fake *f)
{
	double u = ((double)(planfx_random(f) >> 11) + 0.5) / 0x1p53;
	double v = ((double)(planfx_random(f) >> 11) + 0.5) / 0x1p53;

	return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

void
planfx_boot_as(struct fake *f, int kernel, const char *mark)
{
	const struct plan_kernel *k = kernel >= 0 ? &f->kernels[kernel] : NULL;

	f->running = kernel;
	f->boots++;
	snprintf(f->boot_id, sizeof(f->boot_id),
		 "00000000-0000-4000-8000-%012d", f->boots);
	snprintf(f->cmdline, sizeof(f->cmdline), "root=/dev/fake ro%s%s%s%s",
		 k != NULL && k->cmdline != NULL ? " " : "",
		 k != NULL && k->cmdline != NULL ? k->cmdline : "",
		 mark != NULL ? " " : "", mark != NULL ? mark : "");
	f->boot_off = gauss(f) * f->boot_sd;
}

static int
facts(void *data, struct plan_facts *pf, char *err, size_t errlen)
{
	struct fake *f = data;

	(void)err;
	(void)errlen;
	pf->release = xstrdup(f->running >= 0 ?
			      f->kernels[f->running].release : "9.9.9-alien");
	pf->cmdline = xstrdup(f->cmdline);
	pf->boot_id = xstrdup(f->boot_id);
	return 0;
}

/* One result of TEST with 3 samples at about RATE ops/s. */
static int
add_result(struct fake *f, int64_t run, const char *test, int rep,
	   double rate)
{
	struct measure_sample s[3];
	struct record_result r = {
		.number = strcmp(test, "add_long") == 0 ? 3 : 12, .test = test,
		.rep = rep, .status = "ok", .factor = 1000, .units = "ops/s",
		.warmup_calls = -1, .warmup_ns = -1, .copies = 1,
		.samples = s, .n_samples = 3,
	};

	/* 10000 calls a sample, their time that of the rate. */
	for (int i = 0; i < 3; i++) {
		measure_init(&s[i], i + 1);
		s[i].calls = 10000;
		s[i].elapsed_ns = (int64_t)llround(1e4 * 1000.0 * 1e9 / rate *
						   exp(gauss(f) * 0.001));
	}
	return store_add_result(f->st, run, &r);
}

static int
block(void *data, const struct plan *p, const struct plan_boot *b, char *err,
      size_t errlen)
{
	struct fake *f = data;
	const char *tag = p->kernels[b->kernel].tag;
	const char *boot = b->seq == f->lie_seq ?
			   "00000000-0000-4000-8000-999999999999" : f->boot_id;
	struct record_kv env[] = {
		{ "boot_id", boot },
		{ "uname.release", f->running >= 0 ?
		  f->kernels[f->running].release : "9.9.9-alien" },
		{ "kernel.cmdline", f->cmdline },
	};
	struct record_run run = { .tag = tag, .suite = "tests", .options = "",
				  .source = "aimrun", .aim_version = "test",
				  .host = "fake", .env = env, .n_env = 3 };
	int64_t id;
	int rc = 0;

	f->blocks[f->n_blocks++] = b->kernel;
	if (b->seq == f->fail_seq) {
		snprintf(err, errlen, "aimrun exited 2");
		return -1;
	}
	id = store_begin_run(f->st, &run);
	for (int rep = 1; rep <= p->runs && id >= 0 && rc == 0; rep++) {
		double level = f->rate[b->kernel] *
			       exp(f->boot_off + gauss(f) * f->proc_sd);

		rc = add_result(f, id, "add_long", rep, level) < 0 ||
		     add_result(f, id, "fork_test", rep, level / 100.0) < 0;
	}
	if (id < 0 || rc != 0 || store_end_run(f->st, id, "complete") < 0) {
		snprintf(err, errlen, "fake block: %s", store_errmsg(f->st));
		return -1;
	}
	return 0;
}

static int
boot(void *data, const struct plan *p, const struct plan_boot *b, char *err,
     size_t errlen)
{
	struct fake *f = data;
	char *mark = p->via == PLAN_VIA_KEXEC ? plan_boot_mark(p, b) : NULL;
	int as = f->next_as != PLANFX_AS_ASKED ? f->next_as : b->kernel;

	(void)err;
	(void)errlen;
	f->reboots++;
	f->next_as = PLANFX_AS_ASKED;
	planfx_boot_as(f, as, as == b->kernel ? mark : NULL);
	free(mark);
	return 0;
}

static void
finish(void *data)
{
	struct fake *f = data;

	f->finished++;
}

static void
say(void *data, const char *line)
{
	struct fake *f = data;

	size_t n = strlen(f->all);

	snprintf(f->said, sizeof(f->said), "%s", line);
	snprintf(f->all + n, sizeof(f->all) - n, "%s\n", line);
}

void
planfx_driver(struct fake *f, struct plan_driver *d)
{
	memset(d, 0, sizeof(*d));
	d->data = f;
	d->facts = facts;
	d->block = block;
	d->boot = boot;
	d->finish = finish;
	d->say = say;
	d->random.next = planfx_random;
	d->random.data = f;
}

void
planfx_init(struct fake *f, struct store *st, enum plan_via via, int reboot,
	    struct plan *p)
{
	static const char *const tags[] = { "base", "new" };

	memset(f, 0, sizeof(*f));
	memset(p, 0, sizeof(*p));
	f->st = st;
	f->rng = 20261206;
	f->next_as = PLANFX_AS_ASKED;
	f->rate[0] = 1e7;
	f->rate[1] = 1e7;
	f->proc_sd = 0.005;
	f->boot_sd = 0.005;
	p->via = via;
	p->reboot = reboot;
	p->target = PLAN_TARGET_TRIALS;
	p->target_pct = NAN;
	p->alpha = 0.05;
	p->trials = p->budget = 3;
	p->runs = 2;
	p->duration_s = NAN;
	p->tests = xstrdup("add_long,fork_test");
	p->kernels = xcalloc(2, sizeof(*p->kernels));
	p->n_kernels = 2;
	for (int i = 0; i < 2; i++) {
		p->kernels[i].tag = xstrdup(tags[i]);
		p->kernels[i].release = xstrdup("6.1.0-fake");
		if (via == PLAN_VIA_KEXEC)
			p->kernels[i].image = xstrdup("/boot/vmlinuz-fake");
		if (via == PLAN_VIA_GRUB)
			p->kernels[i].entry = xstrdup(tags[i]);
	}
	p->kernels[1].cmdline = xstrdup("mitigations=off");
	f->kernels = p->kernels;
}

int
planfx_create(struct fake *f, struct plan *p)
{
	const struct plan_random r = { planfx_random, f };
	int rc;

	for (int t = 1; t <= p->trials; t++)
		plan_order_add_trial(p, t, &r);
	rc = store_plan_create(f->st, p);
	if (rc < 0)
		diag("store_plan_create: %s", store_errmsg(f->st));
	return rc;
}

int
planfx_reload(struct fake *f, struct plan *p)
{
	int64_t id = p->id;

	store_plan_free(p);
	f->kernels = NULL;
	if (store_plan_load(store_db(f->st), id, p) != 0)
		return -1;
	f->kernels = p->kernels;
	return 0;
}

enum plan_step_result
planfx_steps(struct fake *f, int most, int *steps)
{
	struct plan_driver d;
	enum plan_step_result r = PLAN_STEP_NEXT;
	char err[512];

	planfx_driver(f, &d);
	for (*steps = 0; *steps < most; ) {
		++*steps;
		r = plan_step(f->st, &d, err, sizeof(err));
		if (r == PLAN_STEP_ERROR)
			diag("plan_step: %s", err);
		if (r != PLAN_STEP_BOOTING)
			break;
	}
	return r;
}
