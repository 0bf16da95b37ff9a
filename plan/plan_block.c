// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * After a block: the run it stored is checked against the boot it was
 * meant for and claimed by the plan, or removed; a finished trial is
 * judged against the plan's target, which ends the plan or adds the
 * trials its sizing asks for.
 */
#include "config.h"

#include "plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "store.h"
#include "xalloc.h"

static void
set(char **field, const char *value)
{
	free(*field);
	*field = value != NULL ? xstrdup(value) : NULL;
}

/* Whether every boot of TRIAL is done. */
static int
trial_done(const struct plan *p, int trial)
{
	for (size_t i = 0; i < p->n_boots; i++)
		if (p->boots[i].trial == trial &&
		    p->boots[i].state != PLAN_BOOT_DONE)
			return 0;
	return 1;
}

/* The run's own facts must be the boot's: else it is not this block's. */
static int
run_is_boots(struct store *st, const char *uuid, const struct plan_facts *f,
	     char *why, size_t whylen)
{
	static const char *const keys[] = { "uname.release", "boot_id" };
	const char *want[] = { f->release, f->boot_id };

	for (size_t k = 0; k < 2; k++) {
		char *v = NULL;
		int same;

		if (store_plan_run_fact(store_db(st), uuid, keys[k], &v) < 0)
			return -1;
		same = v != NULL && strcmp(v, want[k]) == 0;
		if (!same)
			snprintf(why, whylen, "its run says %s %s, the boot %s",
				 keys[k], v != NULL ? v : "nothing", want[k]);
		free(v);
		if (!same)
			return 0;
	}
	return 1;
}

/* Trials after the last planned one, up to P->trials. */
static int
add_trials(struct store *st, struct plan *p, const struct plan_driver *d)
{
	size_t from = p->n_boots;
	int last = from > 0 ? p->boots[from - 1].trial : 0;

	for (int t = last + 1; t <= p->trials; t++)
		plan_order_add_trial(p, t, &d->random);
	if (p->n_boots == from)
		return 0;
	return store_plan_add_boots(st, p, from);
}

/* The trial of boot I is complete: end P, or plan what it needs. */
static int
judge(struct store *st, struct plan *p, const char *boot_id,
      const struct plan_driver *d, char *err, size_t errlen)
{
	char what[512], *line;
	int met = plan_decide(st, p, what, sizeof(what), err, errlen);

	if (met < 0)
		return -1;
	if (met == 0) {
		if (store_plan_save(st, p) < 0 || add_trials(st, p, d) < 0 ||
		    store_plan_log(st, p, boot_id, what) < 0) {
			snprintf(err, errlen, "%s", store_errmsg(st));
			return -1;
		}
		d->say(d->data, what);
		return 0;
	}
	p->state = PLAN_DONE;
	set(&p->reason, what);
	if (store_plan_save(st, p) < 0 ||
	    store_plan_log(st, p, boot_id, what) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	line = xasprintf("plan %lld ended: %s", (long long)p->id, what);
	d->say(d->data, line);
	free(line);
	d->finish(d->data);
	return 0;
}

/* Refuse run UUID of boot I: removed, and the plan paused. */
static int
refuse(struct store *st, struct plan *p, size_t i, const char *uuid,
       const struct plan_facts *f, const char *why,
       const struct plan_driver *d, char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	char *line = xasprintf("block %d (%s, trial %d) refused and removed: "
			       "%s", b->seq, p->kernels[b->kernel].tag,
			       b->trial, why);
	int rc;

	b->state = PLAN_BOOT_FAILED;
	rc = store_plan_drop_run(st, uuid) < 0 ||
	     store_plan_save_boot(st, p, i) < 0 ||
	     plan_pause(st, p, f->boot_id, line, d) < 0 ? -1 : 0;
	free(line);
	if (rc < 0)
		snprintf(err, errlen, "%s", store_errmsg(st));
	return rc;
}

int
plan_block_done(struct store *st, struct plan *p, size_t i,
		const struct plan_facts *f, const char *uuid,
		const struct plan_driver *d, char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	char now[32], why[512], *line;
	int ok = run_is_boots(st, uuid, f, why, sizeof(why)), own;

	if (ok < 0) {
		snprintf(err, errlen, "cannot read run %s: %s", uuid,
			 db_errmsg(store_db(st)));
		return -1;
	}
	if (!ok)
		return refuse(st, p, i, uuid, f, why, d, err, errlen);
	b->state = PLAN_BOOT_DONE;
	set(&b->run_uuid, uuid);
	if (plan_now_utc(now, sizeof(now)) == 0)
		set(&b->ended_utc, now);
	if (isnan(b->block_s))
		b->block_s = plan_utc_diff(b->started_utc, b->ended_utc);
	line = xasprintf("boot %d: %s stored as run %s", b->seq,
			 p->kernels[b->kernel].tag, uuid);
	own = !store_in_transaction(st);
	if ((own && store_begin(st) < 0) ||
	    store_plan_save_boot(st, p, i) < 0 ||
	    store_plan_mark_run(st, p, b, uuid) < 0 ||
	    store_plan_log(st, p, f->boot_id, line) < 0 ||
	    (own && store_commit(st) < 0)) {
		if (store_in_transaction(st))
			store_rollback(st);
		snprintf(err, errlen, "%s", store_errmsg(st));
		free(line);
		return -1;
	}
	free(line);
	if (!trial_done(p, b->trial))
		return 0;
	return judge(st, p, f->boot_id, d, err, errlen);
}

static void
reset_boot(struct plan_boot *b)
{
	b->state = PLAN_BOOT_PLANNED;
	b->attempts = 0;
	free(b->boot_id);
	free(b->release);
	free(b->cmdline);
	free(b->run_uuid);
	free(b->started_utc);
	free(b->ended_utc);
	b->boot_id = b->release = b->cmdline = b->run_uuid = NULL;
	b->started_utc = b->ended_utc = NULL;
	b->boot_s = b->block_s = NAN;
}

int
plan_set_state(struct store *st, struct plan *p, enum plan_state to,
	       char *line, size_t len)
{
	const char *reason = to == PLAN_PAUSED ? "paused by the user" :
			     to == PLAN_CANCELLED ? "cancelled by the user" :
			     "resumed";
	int rc = 0;

	if (to == p->state || (to == PLAN_ACTIVE && p->state != PLAN_PAUSED)) {
		snprintf(line, len, "plan %lld is %s", (long long)p->id,
			 plan_state_name(p->state));
		return to == PLAN_CANCELLED ? 0 : 1;
	}
	if (to == PLAN_ACTIVE)
		for (size_t i = 0; i < p->n_boots && rc == 0; i++)
			if (p->boots[i].state == PLAN_BOOT_FAILED ||
			    p->boots[i].state == PLAN_BOOT_RUNNING) {
				reset_boot(&p->boots[i]);
				rc = store_plan_save_boot(st, p, i);
			}
	p->state = to;
	free(p->reason);
	p->reason = to == PLAN_ACTIVE ? NULL : xstrdup(reason);
	if (rc < 0 || store_plan_save(st, p) < 0 ||
	    store_plan_log(st, p, NULL, reason) < 0) {
		snprintf(line, len, "%s", store_errmsg(st));
		return -1;
	}
	snprintf(line, len, "plan %lld %s", (long long)p->id,
		 to == PLAN_ACTIVE ? "resumed" : plan_state_name(to));
	return 0;
}
