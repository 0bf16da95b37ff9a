// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One step of a plan on the machine it steers (plan.h): at boot, or by
 * hand, find the boot the order is at, check the running kernel is its
 * kernel, run the block, record it, and boot or name the next kernel.
 * Every change is written before the next action, so a crash or a
 * reboot at any point leaves a plan the next step can read.
 */
#include "config.h"

#include "plan.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "db.h"
#include "store.h"
#include "xalloc.h"

/* Wrong kernels in a row for one boot before the plan pauses. */
#define PLAN_MAX_ATTEMPTS 3

static void
say(const struct plan_driver *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
say(const struct plan_driver *d, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	d->say(d->data, line);
}

static void
set(char **field, const char *value)
{
	free(*field);
	*field = value != NULL ? xstrdup(value) : NULL;
}

size_t
plan_next_boot(const struct plan *p)
{
	size_t i = 0;

	while (i < p->n_boots && p->boots[i].state == PLAN_BOOT_DONE)
		i++;
	return i;
}

int
plan_pause(struct store *st, struct plan *p, const char *boot_id,
	   const char *reason, const struct plan_driver *d)
{
	p->state = PLAN_PAUSED;
	set(&p->reason, reason);
	say(d, "plan %lld paused: %s (aimplan resume goes on)",
	    (long long)p->id, reason);
	if (store_plan_save(st, p) < 0)
		return -1;
	return store_plan_log(st, p, boot_id, reason);
}

/*
 * How to boot B's kernel K, for the user: "grub entry 'X'", ...; a kexec
 * by hand must carry the boot's mark.  Malloc'd.
 */
static char *
how(const struct plan *p, const struct plan_boot *b,
    const struct plan_kernel *k)
{
	char *mark, *out;

	switch (p->via) {
	case PLAN_VIA_GRUB:
		return xasprintf("grub entry '%s', release %s", k->entry,
				 k->release);
	case PLAN_VIA_KEXEC:
		mark = plan_boot_mark(p, b);
		out = xasprintf("kexec -l %s%s%s --command-line='%s%s%s', "
				"release %s", k->image,
				k->initrd != NULL ? " --initrd=" : "",
				k->initrd != NULL ? k->initrd : "",
				k->cmdline != NULL ? k->cmdline : "",
				k->cmdline != NULL ? " " : "", mark,
				k->release);
		free(mark);
		return out;
	case PLAN_VIA_VM:
		return xasprintf("a guest of %s", k->image);
	case PLAN_VIA_MANUAL:
		break;
	}
	return xasprintf("release %s%s%s", k->release,
			 k->cmdline != NULL ? ", command line with " : "",
			 k->cmdline != NULL ? k->cmdline : "");
}

/* Boot I is next: boot it, when allowed, or say which kernel to boot. */
static enum plan_step_result
boot_next(struct store *st, struct plan *p, size_t i,
	  const struct plan_driver *d, char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	const struct plan_kernel *k = &p->kernels[b->kernel];
	char now[32], why[512];
	char *h = how(p, b, k);
	enum plan_step_result rc = PLAN_STEP_NEXT;

	if (plan_now_utc(now, sizeof(now)) == 0)
		set(&b->requested_utc, now);
	if (store_plan_save_boot(st, p, i) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		free(h);
		return PLAN_STEP_ERROR;
	}
	if (!p->reboot || p->via == PLAN_VIA_MANUAL) {
		say(d, "next: boot %d of %zu, %s (trial %d): %s; then aimplan "
		    "run (the boot unit runs it when enabled)", b->seq,
		    p->n_boots, k->tag, b->trial, h);
	} else {
		say(d, "booting %s (boot %d of %zu, trial %d): %s", k->tag,
		    b->seq, p->n_boots, b->trial, h);
		rc = PLAN_STEP_BOOTING;
		if (d->boot(d->data, p, b, why, sizeof(why)) < 0) {
			char *r = xasprintf("cannot boot %s: %s", k->tag, why);

			rc = plan_pause(st, p, NULL, r, d) < 0 ?
			     PLAN_STEP_ERROR : PLAN_STEP_PAUSED;
			if (rc == PLAN_STEP_ERROR)
				snprintf(err, errlen, "%s", store_errmsg(st));
			free(r);
		}
	}
	free(h);
	return rc;
}

/* The done boot of P that ran in BOOT_ID, or -1. */
static int
done_in(const struct plan *p, const char *boot_id)
{
	for (size_t i = 0; i < p->n_boots; i++)
		if (p->boots[i].state == PLAN_BOOT_DONE &&
		    p->boots[i].boot_id != NULL &&
		    strcmp(p->boots[i].boot_id, boot_id) == 0)
			return (int)i;
	return -1;
}

/*
 * The running kernel is kernel WHICH, not boot I's: a later boot of the
 * same trial for WHICH takes this boot's turn.  1 when swapped.
 */
static int
replan(struct store *st, struct plan *p, size_t i, int which)
{
	struct plan_boot *b = &p->boots[i];

	for (size_t j = i + 1; j < p->n_boots; j++) {
		struct plan_boot *o = &p->boots[j];

		if (o->trial != b->trial || o->kernel != which ||
		    o->state == PLAN_BOOT_DONE)
			continue;
		o->kernel = b->kernel;
		b->kernel = which;
		return store_plan_save_boot(st, p, i) < 0 ||
		       store_plan_save_boot(st, p, j) < 0 ? -1 : 1;
	}
	return 0;
}

/*
 * Whether the running kernel may take boot I; a line in WHY if not.  A
 * boot the plan made itself (kexec) carries the boot's mark; any other
 * is known by its release and words alone, and another kernel of the
 * same trial (a GRUB fallback, the user's choice) then takes its turn.
 */
static int
check_kernel(struct store *st, struct plan *p, size_t i,
	     const struct plan_facts *f, char *why, size_t whylen)
{
	struct plan_boot *b = &p->boots[i];
	const char *expected = p->kernels[b->kernel].tag;
	char *mark, *line;
	int which, rc;

	if (p->via == PLAN_VIA_KEXEC) {
		mark = plan_boot_mark(p, b);
		rc = plan_facts_match(&p->kernels[b->kernel], f, mark, why,
				      whylen);
		free(mark);
		return rc;
	}
	which = plan_facts_which(p, f);
	if (which == b->kernel)
		return 1;
	if (which < 0) {
		if (plan_facts_match(&p->kernels[b->kernel], f, NULL, why,
				     whylen))
			snprintf(why, whylen, "it could be more than one "
				 "kernel of the plan");
		return 0;
	}
	snprintf(why, whylen, "it is %s", p->kernels[which].tag);
	rc = replan(st, p, i, which);
	if (rc <= 0)
		return rc;
	line = xasprintf("boot %d: %s is running, not %s: it takes this "
			 "boot, %s a later one of trial %d", b->seq,
			 p->kernels[which].tag, expected, expected, b->trial);
	rc = store_plan_log(st, p, f->boot_id, line);
	free(line);
	return rc < 0 ? -1 : 1;
}

/* Not boot I's kernel: say so, count it, and boot or name it again. */
static enum plan_step_result
wrong_kernel(struct store *st, struct plan *p, size_t i,
	     const struct plan_facts *f, const char *why,
	     const struct plan_driver *d, char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	const char *tag = p->kernels[b->kernel].tag;
	char *line;
	enum plan_step_result rc;

	/* Never asked for yet: the plan's first boot, or a resumed one. */
	if (b->requested_utc == NULL) {
		say(d, "boot %d: %s is not running yet", b->seq, tag);
		return boot_next(st, p, i, d, err, errlen);
	}
	line = xasprintf("boot %d: not %s: %s; nothing stored", b->seq, tag,
			 why);
	b->attempts++;
	say(d, "%s", line);
	if (store_plan_save_boot(st, p, i) < 0 ||
	    store_plan_log(st, p, f->boot_id, line) < 0) {
		free(line);
		snprintf(err, errlen, "%s", store_errmsg(st));
		return PLAN_STEP_ERROR;
	}
	free(line);
	if (b->attempts < PLAN_MAX_ATTEMPTS)
		return boot_next(st, p, i, d, err, errlen);
	line = xasprintf("boot %d: %d boots in a row were not %s (the last: "
			 "%s)", b->seq, b->attempts, tag, why);
	rc = plan_pause(st, p, f->boot_id, line, d) < 0 ? PLAN_STEP_ERROR :
							  PLAN_STEP_PAUSED;
	free(line);
	if (rc == PLAN_STEP_ERROR)
		snprintf(err, errlen, "%s", store_errmsg(st));
	return rc;
}

/* Boot I's block in this boot, then what comes next. */
static enum plan_step_result
run_block(struct store *st, struct plan *p, size_t i,
	  const struct plan_facts *f, const struct plan_driver *d, char *err,
	  size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	const char *tag = p->kernels[b->kernel].tag;
	char now[32], why[512];
	char *uuid = NULL, *line;
	int64_t t0;
	int rc;

	if (plan_now_utc(now, sizeof(now)) < 0) {
		snprintf(err, errlen, "cannot read the time of day");
		return PLAN_STEP_ERROR;
	}
	b->state = PLAN_BOOT_RUNNING;
	set(&b->boot_id, f->boot_id);
	set(&b->release, f->release);
	set(&b->cmdline, f->cmdline);
	set(&b->started_utc, now);
	b->boot_s = plan_utc_diff(b->requested_utc, now);
	if (store_plan_save_boot(st, p, i) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return PLAN_STEP_ERROR;
	}
	say(d, "boot %d of %zu: %s (trial %d) in boot %s", b->seq, p->n_boots,
	    tag, b->trial, f->boot_id);
	t0 = clock_mono_ns();
	rc = d->block(d->data, p, b, why, sizeof(why));
	b->block_s = (double)(clock_mono_ns() - t0) / 1e9;
	if (rc == 0 && store_plan_find_run(store_db(st), tag, b->started_utc,
					   &uuid) < 0) {
		snprintf(err, errlen, "cannot read the runs: %s",
			 db_errmsg(store_db(st)));
		return PLAN_STEP_ERROR;
	}
	if (rc == 0 && uuid == NULL)
		snprintf(why, sizeof(why), "it stored no run of %s", tag);
	if (rc < 0 || uuid == NULL) {
		b->state = PLAN_BOOT_FAILED;
		line = xasprintf("block %d (%s, trial %d) failed: %s", b->seq,
				 tag, b->trial, why);
		rc = store_plan_save_boot(st, p, i) < 0 ||
		     plan_pause(st, p, f->boot_id, line, d) < 0 ? -1 : 0;
		free(line);
		if (rc < 0)
			snprintf(err, errlen, "%s", store_errmsg(st));
		return rc < 0 ? PLAN_STEP_ERROR : PLAN_STEP_PAUSED;
	}
	rc = plan_block_done(st, p, i, f, uuid, d, err, errlen);
	free(uuid);
	if (rc < 0)
		return PLAN_STEP_ERROR;
	if (p->state == PLAN_PAUSED)
		return PLAN_STEP_PAUSED;
	if (p->state != PLAN_ACTIVE)
		return PLAN_STEP_ENDED;
	return boot_next(st, p, plan_next_boot(p), d, err, errlen);
}

/* Boot I was running when the step before ended: how, and pause. */
static enum plan_step_result
interrupted(struct store *st, struct plan *p, size_t i,
	    const struct plan_facts *f, const struct plan_driver *d,
	    char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	int same = b->boot_id != NULL && strcmp(b->boot_id, f->boot_id) == 0;
	char *line = xasprintf("block %d (%s, trial %d) did not end: %s",
			       b->seq, p->kernels[b->kernel].tag, b->trial,
			       same ? "its step was stopped" :
			       "the machine restarted during it");
	int rc;

	b->state = PLAN_BOOT_FAILED;
	rc = store_plan_save_boot(st, p, i) < 0 ||
	     plan_pause(st, p, f->boot_id, line, d) < 0 ? -1 : 0;
	free(line);
	if (rc < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return PLAN_STEP_ERROR;
	}
	return PLAN_STEP_PAUSED;
}

/* The step on loaded plan P in the boot of F. */
static enum plan_step_result
step_on(struct store *st, struct plan *p, const struct plan_facts *f,
	const struct plan_driver *d, char *err, size_t errlen)
{
	size_t i = plan_next_boot(p);
	char why[512];
	int ok, done;

	if (i == p->n_boots) {
		snprintf(err, errlen, "plan %lld is active with every boot done",
			 (long long)p->id);
		return PLAN_STEP_ERROR;
	}
	if (p->boots[i].state == PLAN_BOOT_RUNNING)
		return interrupted(st, p, i, f, d, err, errlen);
	done = done_in(p, f->boot_id);
	if (done >= 0) {
		say(d, "this boot already ran block %d (%s): a block needs a "
		    "boot of its own", p->boots[done].seq,
		    p->kernels[p->boots[done].kernel].tag);
		return boot_next(st, p, i, d, err, errlen);
	}
	ok = check_kernel(st, p, i, f, why, sizeof(why));
	if (ok < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return PLAN_STEP_ERROR;
	}
	if (!ok)
		return wrong_kernel(st, p, i, f, why, d, err, errlen);
	return run_block(st, p, i, f, d, err, errlen);
}

enum plan_step_result
plan_step(struct store *st, const struct plan_driver *d, char *err,
	  size_t errlen)
{
	struct plan_facts f;
	struct plan p;
	int64_t id;
	enum plan_step_result rc;

	if (store_plan_open_id(store_db(st), &id) < 0 ||
	    (id > 0 && store_plan_load(store_db(st), id, &p) != 0)) {
		snprintf(err, errlen, "cannot read the plans: %s",
			 db_errmsg(store_db(st)));
		return PLAN_STEP_ERROR;
	}
	if (id == 0) {
		d->finish(d->data);
		return PLAN_STEP_NONE;
	}
	if (p.state == PLAN_PAUSED) {
		say(d, "plan %lld is paused: %s (aimplan resume goes on)",
		    (long long)p.id, p.reason != NULL ? p.reason : "");
		store_plan_free(&p);
		return PLAN_STEP_PAUSED;
	}
	if (p.via == PLAN_VIA_VM) {
		say(d, "plan %lld boots virtual machines: aimplan run on the "
		    "host runs it", (long long)p.id);
		store_plan_free(&p);
		return PLAN_STEP_NEXT;
	}
	if (d->facts(d->data, &f, err, errlen) < 0) {
		store_plan_free(&p);
		return PLAN_STEP_ERROR;
	}
	rc = step_on(st, &p, &f, d, err, errlen);
	plan_facts_free(&f);
	store_plan_free(&p);
	return rc;
}
