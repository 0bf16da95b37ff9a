// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing boot plans (lib/store/store_plan.h): the plan with its kernels and
 * order in one transaction, then each change of state as one statement,
 * so a plan read after any crash or reboot is one the steps left whole.
 */
#include "config.h"

#include "store_plan.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "store.h"
#include "store_int.h"

static const char *const via_names[] = {
	[PLAN_VIA_MANUAL] = "manual", [PLAN_VIA_KEXEC] = "kexec",
	[PLAN_VIA_GRUB] = "grub", [PLAN_VIA_VM] = "vm",
};
static const char *const target_names[] = {
	[PLAN_TARGET_TRIALS] = "trials",
	[PLAN_TARGET_PRECISION] = "precision",
	[PLAN_TARGET_DECIDED] = "decided",
};
static const char *const state_names[] = {
	[PLAN_ACTIVE] = "active", [PLAN_PAUSED] = "paused",
	[PLAN_DONE] = "done", [PLAN_CANCELLED] = "cancelled",
};
static const char *const boot_names[] = {
	[PLAN_BOOT_PLANNED] = "planned", [PLAN_BOOT_RUNNING] = "running",
	[PLAN_BOOT_DONE] = "done", [PLAN_BOOT_FAILED] = "failed",
};

const char *
plan_via_name(enum plan_via v)
{
	return via_names[v];
}

int
plan_via_parse(const char *s, enum plan_via *out)
{
	for (size_t i = 0; i < sizeof(via_names) / sizeof(via_names[0]); i++)
		if (strcmp(s, via_names[i]) == 0) {
			*out = (enum plan_via)i;
			return 0;
		}
	return -1;
}

const char *
plan_target_name(enum plan_target t)
{
	return target_names[t];
}

const char *
plan_state_name(enum plan_state s)
{
	return state_names[s];
}

const char *
plan_boot_state_name(enum plan_boot_state s)
{
	return boot_names[s];
}

static void
kernel_free(struct plan_kernel *k)
{
	free(k->tag);
	free(k->image);
	free(k->initrd);
	free(k->cmdline);
	free(k->entry);
	free(k->release);
}

static void
boot_free(struct plan_boot *b)
{
	free(b->boot_id);
	free(b->release);
	free(b->cmdline);
	free(b->run_uuid);
	free(b->requested_utc);
	free(b->started_utc);
	free(b->ended_utc);
}

void
store_plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->n_kernels; i++)
		kernel_free(&p->kernels[i]);
	for (size_t i = 0; i < p->n_boots; i++)
		boot_free(&p->boots[i]);
	free(p->kernels);
	free(p->boots);
	free(p->created_utc);
	free(p->suite);
	free(p->tests);
	free(p->dir);
	free(p->accel);
	free(p->reason);
	memset(p, 0, sizeof(*p));
}

/* ST's reason is ours alone, not the engine's. */
static void __attribute__((format(printf, 2, 3)))
fail_own(struct store *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, sizeof(st->err), fmt, ap);
	va_end(ap);
}

/* NaN and non-positive counts are stored as NULL. */
static int
bind_real(struct db_stmt *st, int i, double v)
{
	return isnan(v) ? db_bind_null(st, i) : db_bind_double(st, i, v);
}

static int
bind_count(struct db_stmt *st, int i, int v)
{
	return v > 0 ? db_bind_int64(st, i, v) : db_bind_null(st, i);
}

/* Run ST to its end when BOUND (its values bound); finalized either way. */
static int
run_done(struct db_stmt *st, int bound)
{
	int rc = st != NULL && bound && db_step(st) == DB_DONE ? 0 : -1;

	db_finalize(st);
	return rc;
}

/* A transaction of our own, unless the caller holds one. */
static int
enter(struct store *st, int *own)
{
	*own = !store_in_transaction(st);
	return *own ? store_begin(st) : 0;
}

static int
leave(struct store *st, int own, int rc)
{
	if (!own)
		return rc;
	if (rc == 0)
		return store_commit(st);
	store_rollback(st);
	return -1;
}

static int
insert_plan(struct store *st, struct plan *p, const char *now)
{
	struct db_stmt *s = db_prepare(store_db(st),
		"INSERT INTO plan (created_utc, state, is_open, via, reboot,"
		" target, target_pct, alpha, trials, budget, suite, tests,"
		" duration_s, runs, dir, vm_memory_mib, vm_cpus, accel)"
		" VALUES (?, 'active', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
		" ?, ?, ?) RETURNING id");
	int rc = -1;

	if (s != NULL && db_bind_text(s, 1, now) == 0 &&
	    db_bind_text(s, 2, plan_via_name(p->via)) == 0 &&
	    db_bind_int64(s, 3, p->reboot != 0) == 0 &&
	    db_bind_text(s, 4, plan_target_name(p->target)) == 0 &&
	    bind_real(s, 5, p->target_pct) == 0 &&
	    db_bind_double(s, 6, p->alpha) == 0 &&
	    db_bind_int64(s, 7, p->trials) == 0 &&
	    db_bind_int64(s, 8, p->budget) == 0 &&
	    db_bind_text(s, 9, p->suite) == 0 &&
	    db_bind_text(s, 10, p->tests) == 0 &&
	    bind_real(s, 11, p->duration_s) == 0 &&
	    db_bind_int64(s, 12, p->runs) == 0 &&
	    db_bind_text(s, 13, p->dir) == 0 &&
	    bind_count(s, 14, p->vm_memory_mib) == 0 &&
	    bind_count(s, 15, p->vm_cpus) == 0 &&
	    db_bind_text(s, 16, p->accel) == 0 && db_step(s) == DB_ROW) {
		p->id = db_column_int64(s, 0);
		rc = db_step(s) == DB_DONE ? 0 : -1;
	}
	db_finalize(s);
	return rc;
}

static int
insert_kernel(struct store *st, const struct plan *p, size_t i)
{
	const struct plan_kernel *k = &p->kernels[i];
	struct db_stmt *s = db_prepare(store_db(st),
		"INSERT INTO plan_kernel (plan_id, idx, tag, image, initrd,"
		" cmdline, entry, release) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

	return run_done(s, s != NULL && db_bind_int64(s, 1, p->id) == 0 &&
			 db_bind_int64(s, 2, (int64_t)i) == 0 &&
			 db_bind_text(s, 3, k->tag) == 0 &&
			 db_bind_text(s, 4, k->image) == 0 &&
			 db_bind_text(s, 5, k->initrd) == 0 &&
			 db_bind_text(s, 6, k->cmdline) == 0 &&
			 db_bind_text(s, 7, k->entry) == 0 &&
			 db_bind_text(s, 8, k->release) == 0);
}

int
store_plan_add_boots(struct store *st, const struct plan *p, size_t from)
{
	int own, rc;

	if (enter(st, &own) < 0)
		return -1;
	rc = 0;
	for (size_t i = from; i < p->n_boots && rc == 0; i++) {
		const struct plan_boot *b = &p->boots[i];
		struct db_stmt *s = db_prepare(store_db(st),
			"INSERT INTO plan_boot (plan_id, seq, trial, kernel, state)"
			" VALUES (?, ?, ?, ?, ?)");

		rc = run_done(s, s != NULL && db_bind_int64(s, 1, p->id) == 0 &&
			      db_bind_int64(s, 2, b->seq) == 0 &&
			      db_bind_int64(s, 3, b->trial) == 0 &&
			      db_bind_int64(s, 4, b->kernel) == 0 &&
			      db_bind_text(s, 5, plan_boot_state_name(
						   b->state)) == 0);
	}
	if (rc < 0)
		store_fail_sql(st, "cannot store the order of plan %lld",
			       (long long)p->id);
	return leave(st, own, rc);
}

/* -2 with "plan N is open" when one is, else 0; -1 when unreadable. */
static int
refuse_open(struct store *st)
{
	int64_t open = 0;
	int version = db_schema_version(store_db(st));

	if (version >= 0 && version < STORE_PLAN_SCHEMA) {
		fail_own(st, "the database is at schema version %d, before "
			 "plans (%d)", version, STORE_PLAN_SCHEMA);
		return -2;
	}
	if (version < 0 || store_plan_open_id(store_db(st), &open) < 0) {
		store_fail_sql(st, "cannot read the plans");
		return -1;
	}
	if (open > 0) {
		fail_own(st, "plan %lld is open (one plan at a time: aimplan "
			 "cancel ends it)", (long long)open);
		return -2;
	}
	return 0;
}

int
store_plan_create(struct store *st, struct plan *p)
{
	char now[32], err[128];
	int own, rc;

	if (store_now_utc(now, sizeof(now), err, sizeof(err)) < 0) {
		fail_own(st, "%s", err);
		return -1;
	}
	if (enter(st, &own) < 0)
		return -1;
	rc = refuse_open(st);
	if (rc == 0 && insert_plan(st, p, now) < 0) {
		store_fail_sql(st, "cannot store the plan");
		rc = -1;
	}
	for (size_t i = 0; i < p->n_kernels && rc == 0; i++)
		if (insert_kernel(st, p, i) < 0) {
			store_fail_sql(st, "cannot store kernel %zu of the plan",
				       i + 1);
			rc = -1;
		}
	if (rc == 0)
		rc = store_plan_add_boots(st, p, 0);
	if (rc == 0) {
		free(p->created_utc);
		p->created_utc = strdup(now);
		p->state = PLAN_ACTIVE;
	}
	if (leave(st, own, rc == 0 && p->created_utc != NULL ? 0 : -1) < 0)
		return rc == -2 ? -2 : -1;
	return 0;
}

int
store_plan_save(struct store *st, const struct plan *p)
{
	int open = p->state == PLAN_ACTIVE || p->state == PLAN_PAUSED;
	struct db_stmt *s = db_prepare(store_db(st),
		"UPDATE plan SET state = ?, is_open = ?, reason = ?,"
		" trials = ?, accel = ? WHERE id = ?");

	if (run_done(s, s != NULL &&
		     db_bind_text(s, 1, plan_state_name(p->state)) == 0 &&
		     (open ? db_bind_int64(s, 2, 1) :
			     db_bind_null(s, 2)) == 0 &&
		     db_bind_text(s, 3, p->reason) == 0 &&
		     db_bind_int64(s, 4, p->trials) == 0 &&
		     db_bind_text(s, 5, p->accel) == 0 &&
		     db_bind_int64(s, 6, p->id) == 0) < 0) {
		store_fail_sql(st, "cannot update plan %lld", (long long)p->id);
		return -1;
	}
	return 0;
}

int
store_plan_save_boot(struct store *st, const struct plan *p, size_t i)
{
	const struct plan_boot *b = &p->boots[i];
	struct db_stmt *s = db_prepare(store_db(st),
		"UPDATE plan_boot SET kernel = ?, state = ?, attempts = ?,"
		" boot_id = ?, release = ?, cmdline = ?, run_uuid = ?,"
		" requested_utc = ?, started_utc = ?, ended_utc = ?,"
		" boot_s = ?, block_s = ? WHERE plan_id = ? AND seq = ?");
	int rc;

	rc = run_done(s, s != NULL && db_bind_int64(s, 1, b->kernel) == 0 &&
	    db_bind_text(s, 2, plan_boot_state_name(b->state)) == 0 &&
	    db_bind_int64(s, 3, b->attempts) == 0 &&
	    db_bind_text(s, 4, b->boot_id) == 0 &&
	    db_bind_text(s, 5, b->release) == 0 &&
	    db_bind_text(s, 6, b->cmdline) == 0 &&
	    db_bind_text(s, 7, b->run_uuid) == 0 &&
	    db_bind_text(s, 8, b->requested_utc) == 0 &&
	    db_bind_text(s, 9, b->started_utc) == 0 &&
	    db_bind_text(s, 10, b->ended_utc) == 0 &&
	    bind_real(s, 11, b->boot_s) == 0 &&
	    bind_real(s, 12, b->block_s) == 0 &&
	    db_bind_int64(s, 13, p->id) == 0 &&
	    db_bind_int64(s, 14, b->seq) == 0);
	if (rc < 0)
		store_fail_sql(st, "cannot update boot %d of plan %lld",
			       b->seq, (long long)p->id);
	return rc;
}

int
store_plan_log(struct store *st, const struct plan *p, const char *boot_id,
	       const char *what)
{
	char now[32], err[128];
	struct db_stmt *s;

	if (store_now_utc(now, sizeof(now), err, sizeof(err)) < 0) {
		fail_own(st, "%s", err);
		return -1;
	}
	s = db_prepare(store_db(st),
		"INSERT INTO plan_event (plan_id, seq, at_utc, boot_id, what)"
		" SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1,"
		" CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT)"
		" FROM plan_event WHERE plan_id = ?");
	if (run_done(s, s != NULL && db_bind_int64(s, 1, p->id) == 0 &&
		     db_bind_text(s, 2, now) == 0 &&
		     db_bind_text(s, 3, boot_id) == 0 &&
		     db_bind_text(s, 4, what) == 0 &&
		     db_bind_int64(s, 5, p->id) == 0) < 0) {
		store_fail_sql(st, "cannot log to plan %lld", (long long)p->id);
		return -1;
	}
	return 0;
}

int
store_plan_mark_run(struct store *st, const struct plan *p,
		    const struct plan_boot *b, const char *uuid)
{
	char id[32], trial[32];
	struct record_kv kv[] = {
		{ "plan.id", id }, { "plan.trial", trial },
		{ "plan.via", plan_via_name(p->via) }, { "plan.accel", p->accel },
	};
	struct db_stmt *s = db_prepare(store_db(st),
				       "SELECT id FROM run WHERE uuid = ?");
	int64_t run_id = -1;

	snprintf(id, sizeof(id), "%lld", (long long)p->id);
	snprintf(trial, sizeof(trial), "%d", b->trial);
	if (s != NULL && db_bind_text(s, 1, uuid) == 0 &&
	    db_step(s) == DB_ROW)
		run_id = db_column_int64(s, 0);
	db_finalize(s);
	if (run_id < 0) {
		fail_own(st, "cannot find run %s", uuid);
		return -1;
	}
	return store_add_env(st, run_id, kv, p->accel != NULL ? 4 : 3);
}

int
store_plan_drop_run(struct store *st, const char *uuid)
{
	if (store_remove_runs(store_db(st), STORE_RUNS_BY_UUID, uuid) < 0) {
		store_fail_sql(st, "cannot remove run %s", uuid);
		return -1;
	}
	return 0;
}
