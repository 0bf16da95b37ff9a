// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a run writes about itself: the run row with its environment and
 * options, each result as its process is reaped, the canary of each
 * round, the end, and the one line that says what is stored.  The
 * database is opened and closed around each write (harness/run.c).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canary.h"
#include "dbtarget.h"
#include "env.h"
#include "interrupt.h"
#include "log.h"
#include "perf.h"
#include "pin.h"
#include "run_int.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

void __attribute__((format(printf, 2, 3)))
run_fail_set(struct run_state *rs, const char *fmt, ...)
{
	va_list ap;

	if (rs->fail[0] != '\0')
		return;
	va_start(ap, fmt);
	(void)vsnprintf(rs->fail, sizeof(rs->fail), fmt, ap);
	va_end(ap);
}

/*
 * Whether a failed write is a server lost after the run began: the
 * connection could not be made again (ST NULL) or ended (store_lost).
 * The run then goes on measuring without that write, which the server
 * rolled back whole, and ends incomplete; the first reason is kept.
 * Anything else, and any failure of a file, stops the run.
 */
static int
run_lost(struct run_state *rs, const struct store *st, const char *why)
{
	if (rs->run_id <= 0 || !db_target_is_postgres(rs->o->db_path) ||
	    (st != NULL && !store_lost(st)))
		return 0;
	if (rs->lost[0] == '\0')
		snprintf(rs->lost, sizeof(rs->lost), "%.200s: %.300s",
			 rs->o->db_path, why);
	return 1;
}

/*
 * Opened once per result: the schema and page checks are made on the
 * first open of the file, and again only if it is replaced (store_reopen).
 * A server gets a new connection each time (about 3 ms on a local socket).
 */
struct store *
run_open_db(struct run_state *rs)
{
	char err[512];
	struct store *st = store_reopen(rs->o->db_path, &rs->db_seen, err,
					sizeof(err));

	if (st == NULL && !run_lost(rs, NULL, err))
		run_fail_set(rs, "%s: %s", rs->o->db_path, err);
	return st;
}

/* After run_open_db or a write failed: 0 to go on (lost), else -1. */
static int
run_failed(struct run_state *rs, struct store *st)
{
	int lost = st == NULL ? rs->fail[0] == '\0' :
		   run_lost(rs, st, store_errmsg(st));

	if (!lost && st != NULL)
		run_fail_set(rs, "%s: %s", rs->o->db_path, store_errmsg(st));
	store_close(st);
	return lost ? 0 : -1;
}

/* Note a failed write (RC < 0) of the table, or one that fflush finds. */
void
run_table_put(struct run_state *rs, int rc)
{
	if ((rc < 0 || fflush(stdout) != 0) && rs->out_errno == 0)
		rs->out_errno = errno != 0 ? errno : EIO;
}

static char *
options_text(const struct run_opts *o)
{
	return xasprintf("duration_s=%.3f runs=%ld filesize_k=%lu memsize=%lu"
			 " latency=%d zerosize=%lu dir=%s",
			 (double)o->duration_ns / 1e9, o->runs, o->filesize_k,
			 o->memsize, o->latency, o->zerosize, o->dir);
}

/*
 * The events counted, as a fact of the run: inherited counters cost a
 * forking test part of its rate, so aimcmp warns when two sides differ.
 */
static void
counters_fact(const struct run_state *rs, struct env *env)
{
	char names[PERF_EVENTS * 32];

	perf_plan_names(&rs->counters, names, sizeof(names));
	env_add(env, "counters", names);
}

void
run_env(const struct run_opts *o, struct env *env)
{
	char pinned[16];

	if (o->pin > 0)
		snprintf(pinned, sizeof(pinned), "%d", o->pin - 1);
	else
		snprintf(pinned, sizeof(pinned), "none");
	if (env_capture(env, o->dir) != 0)
		aim_warn("some facts of the environment could not be read");
	env_add(env, "cpu.pinned", pinned);
	env_add(env, "canary.loop", CANARY_LOOP);
	/* Threads are not processes: aimcmp refuses one against the other. */
	if (o->threads)
		env_add(env, "copies_mode", "threads");
}

int
run_begin(struct run_state *rs)
{
	const struct run_opts *o = rs->o;
	struct env env = { 0 };
	struct store *st;
	const char *key, *value;
	char *opts, *suite;

	run_env(o, &env);
	counters_fact(rs, &env);
	for (int i = 0; kwatch_fact(&rs->kernel, i, &key, &value); i++)
		env_add(&env, key, value);
	st = run_open_db(rs);
	if (st == NULL) {
		env_free(&env);
		return -1;
	}
	/* A --dir or suite file of any bytes is stored in a form all carry. */
	opts = options_text(o);
	suite = xstrdup(o->suite->name);
	record_text_fit(opts);
	record_text_fit(suite);
	struct record_run run = {
		.tag = o->tag, .suite = suite, .options = opts,
		.source = "aimrun", .source_file = NULL,
		.aim_version = PACKAGE_VERSION, .host = env_get(&env, "hostname"),
		.env = env.kv, .n_env = env.n,
	};
	rs->run_id = store_begin_run(st, &run);
	if (rs->run_id < 0)
		run_fail_set(rs, "%s: %s", o->db_path, store_errmsg(st));
	store_close(st);
	free(opts);
	free(suite);
	env_free(&env);
	return rs->run_id < 0 ? -1 : 0;
}

/* 1 when the LEN bytes at S are all of SET and 1 to 32 of them. */
static int
word_of(const char *s, size_t len, const char *set)
{
	return len > 0 && len <= 32 && strspn(s, set) >= len;
}

/*
 * The "key=value" words a test noted on ending ok (aim_note()), as run
 * facts "TEST.N.key"; a word not of that form is left out, since the
 * note came from the test process.
 */
static int
save_note(struct run_state *rs, struct store *st, const char *test, int rep,
	  const char *note)
{
	static const char keys[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
	static const char vals[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				   "abcdefghijklmnopqrstuvwxyz0123456789_.+-";
	char key[128], val[40];
	struct record_kv fact = { key, val };

	for (const char *s = note; *s != '\0';) {
		size_t len = strcspn(s, " "), k = strcspn(s, "=");

		if (k < len && word_of(s, k, keys) &&
		    word_of(s + k + 1, len - k - 1, vals)) {
			snprintf(key, sizeof(key), "%s.%d.%.*s", test, rep,
				 (int)k, s);
			snprintf(val, sizeof(val), "%.*s", (int)(len - k - 1),
				 s + k + 1);
			if (store_add_env(st, rs->run_id, &fact, 1) != 0)
				return -1;
		}
		s += len;
		s += *s == ' ';
	}
	return 0;
}

int
run_save(struct run_state *rs, const struct aim_test *t, int rep,
     const struct runner_outcome *out)
{
	struct store *st = run_open_db(rs);
	char reason[sizeof(out->reason)];
	int rc;

	if (st == NULL) {
		rc = run_failed(rs, st);
		rs->n_lost += rc == 0;
		return rc;
	}
	/* The test process wrote the reason: stored in a form all carry. */
	snprintf(reason, sizeof(reason), "%s", out->reason);
	record_text_fit(reason);
	struct record_result res = {
		.number = t->info->number, .test = t->info->name,
		/* Repetitions number on through the counts of a sweep. */
		.rep = rep + rs->copy_idx * (int)rs->o->runs, .copies = rs->copies,
		.status = runner_status_name(out->status),
		.reason = out->status == RUNNER_OK ? NULL : reason,
		.factor = aim_test_factor_sized(t, rs->o->filesize_k,
						rs->o->memsize, rs->o->zerosize),
		.units = t->info->units, .warmup_calls = out->warmup_calls,
		.warmup_ns = out->warmup_ns,
		.judged = t->info->judged, .better = t->info->better,
		.monitors = out->monitors, .n_monitors = out->n_monitors,
		.samples = out->samples, .n_samples = out->n_samples,
	};
	kwatch_take(&rs->kernel, t->info->name);
	res.klog = rs->kernel.lines;
	res.n_klog = rs->kernel.n_lines;
	noisy_add(&rs->noisy, t->info->name, rs->copies, res.rep,
		  out->samples, out->n_samples);
	rc = store_add_result(st, rs->run_id, &res);
	/* A lost result was rolled back whole; its notes are not kept. */
	if (rc != 0)
		rs->n_lost += store_lost(st);
	if (rc == 0 && out->status == RUNNER_OK)
		rc = save_note(rs, st, t->info->name, res.rep, out->reason);
	if (rc != 0)
		return run_failed(rs, st);
	store_close(st);
	return 0;
}

int
run_facts(struct run_state *rs, const struct record_kv *kv, size_t n)
{
	struct store *st = n > 0 ? run_open_db(rs) : NULL;

	if (n == 0)
		return 0;
	if (st == NULL || store_add_env(st, rs->run_id, kv, n) != 0)
		return run_failed(rs, st);
	store_close(st);
	return 0;
}

/*
 * The canary of round REP (of the sweep's current count), timed where
 * the tests run and stored as the fact canary.round.N.  -1 on a
 * database error.
 */
int
run_canary(struct run_state *rs, int rep)
{
	struct pin_saved saved;
	int pinned = rs->o->pin > 0 && pin_enter(rs->o->pin - 1, &saved) == 0;
	char key[32], ns[24];
	struct record_kv fact = { key, ns };
	struct store *st;
	int64_t t = canary_ns();
	/* Rounds are numbered on through a sweep's counts, as reps are. */
	int round = rep + rs->copy_idx * (int)rs->o->runs;
	int rc;

	snprintf(ns, sizeof(ns), "%lld", (long long)t);
	if (pinned)
		pin_restore(&saved);
	noisy_canary(&rs->noisy, round, t);
	snprintf(key, sizeof(key), "canary.round.%d", round);
	st = run_open_db(rs);
	rc = st != NULL ? store_add_env(st, rs->run_id, &fact, 1) : -1;
	if (rc != 0)
		return run_failed(rs, st);
	store_close(st);
	return 0;
}

int
run_finish(struct run_state *rs, int complete)
{
	struct store *st = run_open_db(rs);
	int lost = rs->lost[0] != '\0';
	int rc = st != NULL ? store_end_run(st, rs->run_id, complete && !lost ?
					    "complete" : "incomplete") : -1;

	if (rc == 0) {
		store_close(st);
		return 0;
	}
	/* Still gone: the run stays as it began, incomplete, no end time. */
	rc = run_failed(rs, st);
	rs->end_lost = rc == 0;
	return rc;
}

/*
 * One line for what went wrong, if anything, saying what is stored; the
 * exit status.  Every result is committed as its process ends, so the
 * results before a failure are always kept.
 */
int
run_conclude(const struct run_state *rs, int rc)
{
	long long id = (long long)rs->run_id;

	if (rc > 0) {
		aim_warn("stopped by signal %d; finished results are stored, run %lld marked incomplete",
			 interrupt_signal(), id);
		return 128 + interrupt_signal();
	}
	if (rc < 0) {
		aim_warn("%s; finished results are stored as run %lld, marked incomplete",
			 rs->fail, id);
		return 2;
	}
	if (rs->lost[0] != '\0') {
		aim_warn("%s; the server was lost during the run: %zu results "
			 "not stored, the others are run %lld, %s", rs->lost,
			 rs->n_lost, id, rs->end_lost ? "incomplete, its end not"
			 " recorded" : "marked incomplete");
		return 2;
	}
	if (rs->n_ok == 0) {
		aim_warn("no test produced a result; the failures are stored as run %lld, marked incomplete",
			 id);
		return 2;
	}
	if (rs->out_errno != 0) {
		aim_warn("standard output: %s; results are stored as run %lld",
			 strerror(rs->out_errno), id);
		return 2;
	}
	return 0;
}

/*
 * Below the table, where the numbers went: the run, its tag and the
 * database, so the next aimcmp or aimdb command can be written at once.
 */
void
run_print_where(struct run_state *rs)
{
	errno = 0;
	printf("Stored as run %lld, tag ", (long long)rs->run_id);
	tag_fput(stdout, rs->o->tag, 0);
	printf(", in ");
	tag_fput(stdout, rs->o->db_path, 0);
	run_table_put(rs, printf("\n"));
}
