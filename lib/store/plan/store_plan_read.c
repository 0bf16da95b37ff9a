// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading boot plans back (lib/store/store_plan.h): a plan whole, its log, the
 * runs its blocks stored, and the costs it measured, through lib/store/db.h.
 * A database older than the plans' schema version simply has none.
 */
#include "config.h"

#include "store_plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "xalloc.h"

/* Whether DB holds the plan tables: 1, 0, or -1. */
static int
has_plans(struct db *db)
{
	int v = db_schema_version(db);

	return v < 0 ? -1 : v >= STORE_PLAN_SCHEMA;
}

static char *
text_dup(struct db_stmt *s, int col)
{
	const char *t = db_column_text(s, col);

	return t != NULL ? xstrdup(t) : NULL;
}

static double
real_or_nan(struct db_stmt *s, int col)
{
	return db_column_is_null(s, col) ? NAN : db_column_double(s, col);
}

/* Index of WORD in NAMES (N of them), or -1. */
static int
word_index(const char *word, const char *(*name)(int), int n)
{
	for (int i = 0; word != NULL && i < n; i++)
		if (strcmp(word, name(i)) == 0)
			return i;
	return -1;
}

static const char *
target_word(int i)
{
	return plan_target_name((enum plan_target)i);
}

static const char *
state_word(int i)
{
	return plan_state_name((enum plan_state)i);
}

static const char *
boot_word(int i)
{
	return plan_boot_state_name((enum plan_boot_state)i);
}

int
store_plan_open_id(struct db *db, int64_t *id)
{
	struct db_stmt *s;
	int has = has_plans(db), step;

	*id = 0;
	if (has <= 0)
		return has;
	s = db_prepare(db, "SELECT id FROM plan WHERE is_open = 1");
	step = s != NULL ? db_step(s) : DB_ERROR;
	if (step == DB_ROW)
		*id = db_column_int64(s, 0);
	db_finalize(s);
	return step == DB_ERROR ? -1 : 0;
}

int
store_plan_ids(struct db *db, int64_t **ids, size_t *n)
{
	struct db_stmt *s;
	int has = has_plans(db), step = DB_DONE;

	*ids = NULL;
	*n = 0;
	if (has <= 0)
		return has;
	s = db_prepare(db, "SELECT id FROM plan ORDER BY id DESC");
	while (s != NULL && (step = db_step(s)) == DB_ROW) {
		*ids = xrealloc(*ids, (*n + 1) * sizeof(**ids));
		(*ids)[(*n)++] = db_column_int64(s, 0);
	}
	db_finalize(s);
	return s != NULL && step == DB_DONE ? 0 : -1;
}

/* The plan row; 1 when there is none. */
static int
load_row(struct db *db, int64_t id, struct plan *p)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT created_utc, state, via, reboot, target, target_pct,"
		" alpha, trials, budget, suite, tests, duration_s, runs, dir,"
		" vm_memory_mib, vm_cpus, accel, reason FROM plan WHERE id = ?");
	int step = DB_ERROR, state, target, rc = -1;

	if (s != NULL && db_bind_int64(s, 1, id) == 0)
		step = db_step(s);
	if (step == DB_ROW) {
		p->id = id;
		p->created_utc = text_dup(s, 0);
		state = word_index(db_column_text(s, 1), state_word, 4);
		target = word_index(db_column_text(s, 4), target_word, 3);
		p->reboot = db_column_int64(s, 3) != 0;
		p->target_pct = real_or_nan(s, 5);
		p->alpha = db_column_double(s, 6);
		p->trials = (int)db_column_int64(s, 7);
		p->budget = (int)db_column_int64(s, 8);
		p->suite = text_dup(s, 9);
		p->tests = text_dup(s, 10);
		p->duration_s = real_or_nan(s, 11);
		p->runs = (int)db_column_int64(s, 12);
		p->dir = text_dup(s, 13);
		p->vm_memory_mib = (int)db_column_int64(s, 14);
		p->vm_cpus = (int)db_column_int64(s, 15);
		p->accel = text_dup(s, 16);
		p->reason = text_dup(s, 17);
		if (state >= 0 && target >= 0 &&
		    plan_via_parse(db_column_text(s, 2), &p->via) == 0) {
			p->state = (enum plan_state)state;
			p->target = (enum plan_target)target;
			rc = 0;
		}
	}
	db_finalize(s);
	return step == DB_DONE ? 1 : rc;
}

static int
load_kernels(struct db *db, struct plan *p)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT idx, tag, image, initrd, cmdline, entry, release"
		" FROM plan_kernel WHERE plan_id = ? ORDER BY idx");
	int step = DB_ERROR;

	if (s != NULL && db_bind_int64(s, 1, p->id) == 0)
		while ((step = db_step(s)) == DB_ROW) {
			struct plan_kernel *k;

			if (db_column_int64(s, 0) != (int64_t)p->n_kernels) {
				/* A gap in the indexes. */
				step = DB_ERROR;
				break;
			}
			p->kernels = xrealloc(p->kernels, (p->n_kernels + 1) *
					      sizeof(*p->kernels));
			k = &p->kernels[p->n_kernels++];
			k->tag = text_dup(s, 1);
			k->image = text_dup(s, 2);
			k->initrd = text_dup(s, 3);
			k->cmdline = text_dup(s, 4);
			k->entry = text_dup(s, 5);
			k->release = text_dup(s, 6);
		}
	db_finalize(s);
	return step == DB_DONE && p->n_kernels >= 2 ? 0 : -1;
}

static int
take_boot(struct db_stmt *s, struct plan *p)
{
	struct plan_boot *b;
	int state = word_index(db_column_text(s, 3), boot_word, 4);
	int64_t kernel = db_column_int64(s, 2);

	if (state < 0 || kernel < 0 || kernel >= (int64_t)p->n_kernels)
		return -1;
	p->boots = xrealloc(p->boots, (p->n_boots + 1) * sizeof(*p->boots));
	b = &p->boots[p->n_boots++];
	b->seq = (int)db_column_int64(s, 0);
	b->trial = (int)db_column_int64(s, 1);
	b->kernel = (int)kernel;
	b->state = (enum plan_boot_state)state;
	b->attempts = (int)db_column_int64(s, 4);
	b->boot_id = text_dup(s, 5);
	b->release = text_dup(s, 6);
	b->cmdline = text_dup(s, 7);
	b->run_uuid = text_dup(s, 8);
	b->requested_utc = text_dup(s, 9);
	b->started_utc = text_dup(s, 10);
	b->ended_utc = text_dup(s, 11);
	b->boot_s = real_or_nan(s, 12);
	b->block_s = real_or_nan(s, 13);
	return 0;
}

static int
load_boots(struct db *db, struct plan *p)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT seq, trial, kernel, state, attempts, boot_id, release,"
		" cmdline, run_uuid, requested_utc, started_utc, ended_utc,"
		" boot_s, block_s FROM plan_boot WHERE plan_id = ? ORDER BY seq");
	int step = DB_ERROR;

	if (s != NULL && db_bind_int64(s, 1, p->id) == 0)
		while ((step = db_step(s)) == DB_ROW)
			if (take_boot(s, p) < 0) {
				step = DB_ERROR;
				break;
			}
	db_finalize(s);
	return step == DB_DONE ? 0 : -1;
}

int
store_plan_load(struct db *db, int64_t id, struct plan *p)
{
	int has = has_plans(db), rc;

	memset(p, 0, sizeof(*p));
	if (has <= 0)
		return has == 0 ? 1 : -1;
	rc = load_row(db, id, p);
	if (rc == 0 && (load_kernels(db, p) < 0 || load_boots(db, p) < 0))
		rc = -1;
	if (rc != 0)
		store_plan_free(p);
	return rc;
}

void
store_plan_events_free(struct plan_event *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(ev[i].at_utc);
		free(ev[i].boot_id);
		free(ev[i].what);
	}
	free(ev);
}

int
store_plan_events(struct db *db, int64_t id, struct plan_event **ev,
		  size_t *n)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT seq, at_utc, boot_id, what FROM plan_event"
		" WHERE plan_id = ? ORDER BY seq");
	int step = DB_ERROR;

	*ev = NULL;
	*n = 0;
	if (s != NULL && db_bind_int64(s, 1, id) == 0)
		while ((step = db_step(s)) == DB_ROW) {
			struct plan_event *e;

			*ev = xrealloc(*ev, (*n + 1) * sizeof(**ev));
			e = &(*ev)[(*n)++];
			e->seq = (int)db_column_int64(s, 0);
			e->at_utc = text_dup(s, 1);
			e->boot_id = text_dup(s, 2);
			e->what = text_dup(s, 3);
		}
	db_finalize(s);
	return step == DB_DONE ? 0 : -1;
}

int
store_plan_find_run(struct db *db, const char *tag, const char *since_utc,
		    char **uuid)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT u.uuid FROM run AS u"
		" WHERE u.tag = ? AND u.started_utc >= ?"
		" AND u.source = 'aimrun' AND u.uuid IS NOT NULL"
		" AND NOT EXISTS (SELECT 1 FROM plan_boot AS b"
		" WHERE b.run_uuid = u.uuid) ORDER BY u.id DESC");
	int step = DB_ERROR;

	*uuid = NULL;
	if (s != NULL && db_bind_text(s, 1, tag) == 0 &&
	    db_bind_text(s, 2, since_utc) == 0)
		step = db_step(s);
	if (step == DB_ROW)
		*uuid = text_dup(s, 0);
	db_finalize(s);
	return step == DB_ERROR ? -1 : 0;
}

int
store_plan_run_fact(struct db *db, const char *uuid, const char *key,
		    char **value)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT e.value FROM run AS u JOIN run_env AS e"
		" ON e.run_id = u.id WHERE u.uuid = ? AND e.key = ?");
	int step = DB_ERROR;

	*value = NULL;
	if (s != NULL && db_bind_text(s, 1, uuid) == 0 &&
	    db_bind_text(s, 2, key) == 0)
		step = db_step(s);
	if (step == DB_ROW)
		*value = text_dup(s, 0);
	db_finalize(s);
	return step == DB_ERROR ? -1 : 0;
}

int
store_plan_run_ids(struct db *db, const struct plan *p, int64_t **ids,
		   size_t *n)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT u.id FROM plan_boot AS b JOIN run AS u"
		" ON u.uuid = b.run_uuid WHERE b.plan_id = ?"
		" AND b.state = 'done' ORDER BY b.seq");
	int step = DB_ERROR;

	*ids = NULL;
	*n = 0;
	if (s != NULL && db_bind_int64(s, 1, p->id) == 0)
		while ((step = db_step(s)) == DB_ROW) {
			*ids = xrealloc(*ids, (*n + 1) * sizeof(**ids));
			(*ids)[(*n)++] = db_column_int64(s, 0);
		}
	db_finalize(s);
	return step == DB_DONE ? 0 : -1;
}

/* The costs of the boots of plans that stored runs of TAG, appended. */
static int
tag_costs(struct db *db, const char *tag, double **boot, double **proc,
	  size_t *n, int64_t *plan_id)
{
	struct db_stmt *s = db_prepare(db,
		"SELECT b.plan_id, b.boot_s, b.block_s,"
		" (SELECT count(*) FROM result AS r WHERE r.run_id = u.id)"
		" FROM plan_boot AS b JOIN run AS u ON u.uuid = b.run_uuid"
		" WHERE u.tag = ? AND b.state = 'done'"
		" AND b.boot_s IS NOT NULL AND b.block_s IS NOT NULL");
	int step = DB_ERROR;

	if (s != NULL && db_bind_text(s, 1, tag) == 0)
		while ((step = db_step(s)) == DB_ROW) {
			int64_t results = db_column_int64(s, 3);

			if (results < 1)
				continue;
			*boot = xrealloc(*boot, (*n + 1) * sizeof(**boot));
			*proc = xrealloc(*proc, (*n + 1) * sizeof(**proc));
			(*boot)[*n] = db_column_double(s, 1);
			(*proc)[*n] = db_column_double(s, 2) / (double)results;
			(*n)++;
			if (db_column_int64(s, 0) > *plan_id)
				*plan_id = db_column_int64(s, 0);
		}
	db_finalize(s);
	return step == DB_DONE ? 0 : -1;
}

int
store_plan_costs(struct db *db, const char *const *tags, size_t n,
		 double **boot_s, double **process_s, size_t *k,
		 int64_t *plan_id)
{
	int has = has_plans(db), rc = 0;

	*boot_s = *process_s = NULL;
	*k = 0;
	*plan_id = 0;
	if (has <= 0)
		return has;
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = tag_costs(db, tags[i], boot_s, process_s, k, plan_id);
	return rc;
}
