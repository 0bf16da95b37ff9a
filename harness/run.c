/*
 * The run loop.  The database is opened and closed around each write so
 * that no SQLite handle exists when a test process is forked, and a
 * result is committed the moment its process has been reaped.
 */
#include "config.h"

#include "run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canary.h"
#include "classic.h"
#include "clock.h"
#include "copies.h"
#include "env.h"
#include "interrupt.h"
#include "latency.h"
#include "log.h"
#include "perf.h"
#include "pin.h"
#include "progress.h"
#include "runner.h"
#include "scratch.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

struct totals {
	int64_t calls;
	int64_t elapsed_ns;
	int ok_runs;
	char reason[AIM_REASON_MAX];	/* last failure */
	const char *status;		/* of the last failure */
	struct hist_acc *lat;		/* per-call times, or NULL */
};

struct run_state {
	const struct run_opts *o;
	int64_t run_id;
	struct progress prog;
	size_t n_ok;		/* results with samples */
	int out_errno;		/* first write error of the table */
	struct store_checked db_seen;	/* the file found sound, once */
	struct perf_plan counters;	/* what this kernel counts */
	struct rounds rounds;		/* o->more: what is still open */
	int copies;		/* run at once now (--copies) */
	int copy_idx;		/* which count of the sweep */
	/*
	 * The first error that stopped the run, "what: why".  It is printed
	 * once, at the end, with what is stored: a failed write is often
	 * followed by a failed attempt to mark the run.
	 */
	char fail[512];
};

static void __attribute__((format(printf, 2, 3)))
fail_set(struct run_state *rs, const char *fmt, ...)
{
	va_list ap;

	if (rs->fail[0] != '\0')
		return;
	va_start(ap, fmt);
	(void)vsnprintf(rs->fail, sizeof(rs->fail), fmt, ap);
	va_end(ap);
}

/*
 * Opened once per result: the schema and page checks are made on the
 * first open of the file, and again only if it is replaced (store_reopen).
 */
static struct store *
open_db(struct run_state *rs)
{
	char err[512];
	struct store *st = store_reopen(rs->o->db_path, &rs->db_seen, err,
					sizeof(err));

	if (st == NULL)
		fail_set(rs, "%s: %s", rs->o->db_path, err);
	return st;
}

/* Note a failed write (RC < 0) of the table, or one that fflush finds. */
static void
table_put(struct run_state *rs, int rc)
{
	if ((rc < 0 || fflush(stdout) != 0) && rs->out_errno == 0)
		rs->out_errno = errno != 0 ? errno : EIO;
}

static char *
options_text(const struct run_opts *o)
{
	return xasprintf("duration_s=%.3f runs=%ld filesize_k=%lu memsize=%lu"
			 " latency=%d dir=%s",
			 (double)o->duration_ns / 1e9, o->runs, o->filesize_k,
			 o->memsize, o->latency, o->dir);
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

static int
begin(struct run_state *rs)
{
	const struct run_opts *o = rs->o;
	struct env env = { 0 };
	struct store *st;
	char *opts, pinned[16];
	struct store_kv facts[2] = {
		{ "cpu.pinned", pinned }, { "canary.loop", CANARY_LOOP },
	};

	if (o->pin > 0)
		snprintf(pinned, sizeof(pinned), "%d", o->pin - 1);
	else
		snprintf(pinned, sizeof(pinned), "none");
	if (env_capture(&env, o->dir) != 0)
		aim_warn("some facts of the environment could not be read");
	counters_fact(rs, &env);
	st = open_db(rs);
	if (st == NULL) {
		env_free(&env);
		return -1;
	}
	opts = options_text(o);
	struct store_run run = {
		.tag = o->tag, .suite = o->suite->name, .options = opts,
		.source = "aimrun", .source_file = NULL,
		.aim_version = PACKAGE_VERSION, .host = env_get(&env, "hostname"),
	};
	rs->run_id = store_begin_run(st, &run, env.kv, env.n);
	if (rs->run_id < 0 || store_add_env(st, rs->run_id, facts, 2) != 0)
		fail_set(rs, "%s: %s", o->db_path, store_errmsg(st));
	store_close(st);
	free(opts);
	env_free(&env);
	return rs->run_id < 0 ? -1 : 0;
}

static int
save(struct run_state *rs, const struct aim_test *t, int rep,
     const struct runner_outcome *out)
{
	struct store *st = open_db(rs);
	int rc;

	if (st == NULL)
		return -1;
	struct store_result res = {
		.number = t->info->number, .test = t->info->name,
		/* Repetitions number on through the counts of a sweep. */
		.rep = rep + rs->copy_idx * (int)rs->o->runs, .copies = rs->copies,
		.status = runner_status_name(out->status),
		.reason = out->status == RUNNER_OK ? NULL : out->reason,
		.factor = aim_test_factor_sized(t, rs->o->filesize_k,
						rs->o->memsize),
		.units = t->info->units, .warmup_calls = out->warmup_calls,
		.warmup_ns = out->warmup_ns,
		.judged = t->info->judged, .better = t->info->better,
	};
	rc = store_add_result(st, rs->run_id, &res, out->samples,
			      out->n_samples);
	if (rc != 0)
		fail_set(rs, "%s: %s", rs->o->db_path, store_errmsg(st));
	store_close(st);
	return rc;
}

/* One repetition: scratch directory, child, cleanup.  -1 on harness error. */
static int
run_once(struct run_state *rs, const struct aim_test *t,
	 struct runner_outcome *out)
{
	const struct run_opts *o = rs->o;
	struct runner_cfg cfg = {
		.child = { .filesize_k = o->filesize_k, .datadir = o->datadir,
			   .memsize = o->memsize, .per_call = o->latency,
			   .counters = rs->counters.want != 0 ? &rs->counters
							       : NULL,
			   .pin = o->pin },
		.kill_grace_ns = 2000000000LL,
		.interrupted = interrupt_pending,
	};
	char *scratch = NULL;
	int rc;

	timing_cfg_default(&cfg.child.timing, o->duration_ns);
	cfg.deadline_ns = o->timeout_ns > 0 ? o->timeout_ns :
		runner_default_deadline(&cfg.child.timing);
	if (rs->copies > 1) {
		rc = copies_run(t, &cfg, rs->copies, o->dir, out);
		if (rc != 0)
			fail_set(rs, "%s: cannot run %d copies: %s", t->info->name,
				 rs->copies, strerror(errno));
		return rc;
	}
	if (t->needs & AIM_NEEDS_SCRATCH) {
		scratch = scratch_create(o->dir);
		if (scratch == NULL) {
			fail_set(rs, "%s: cannot create a scratch directory: %s",
				 o->dir, strerror(errno));
			return -1;
		}
		cfg.child.scratch = scratch;
	}
	rc = runner_run(t, &cfg, out);
	if (rc != 0)
		fail_set(rs, "%s: cannot start the test process: %s", t->info->name,
			 strerror(errno));
	if (scratch != NULL && scratch_remove(scratch) != 0)
		aim_warn_errno("%s: cannot remove scratch directory", scratch);
	free(scratch);
	return rc;
}

static void
account(struct totals *tot, const struct runner_outcome *out)
{
	if (out->status == RUNNER_OK) {
		tot->ok_runs++;
		for (size_t i = 0; i < out->n_samples; i++) {
			tot->calls += out->samples[i].calls;
			tot->elapsed_ns += out->samples[i].elapsed_ns;
			latency_account(&tot->lat, &out->samples[i]);
		}
		return;
	}
	tot->status = runner_status_name(out->status);
	snprintf(tot->reason, sizeof(tot->reason), "%s", out->reason);
}

static void
print_row(struct run_state *rs, const struct aim_test *t,
	  const struct totals *tot)
{
	char name[64];

	snprintf(name, sizeof(name), rs->copies > 1 ? "%s x%d" : "%s",
		 t->info->name, rs->copies);
	progress_clear(&rs->prog);
	if (tot->status != NULL)
		aim_warn("%s: %s: %s%s", name, tot->status, tot->reason,
			 tot->ok_runs > 0 ? " (row pools the runs that passed)" : "");
	if (rs->o->quiet)
		return;
	errno = 0;
	if (tot->ok_runs > 0) {
		table_put(rs, classic_print_row(stdout, t->info->number, name,
						tot->elapsed_ns, tot->calls,
						aim_test_factor_sized(t, rs->o->filesize_k,
								      rs->o->memsize),
						t->info->units));
		if (tot->lat != NULL)
			table_put(rs, latency_print(stdout, name, tot->lat));
	} else {
		table_put(rs, classic_print_skip(stdout, t->info->number, name));
	}
}

/*
 * Run REP of test I into TOT.  1 when interrupted, -1 on a harness
 * error.
 */
static int
run_rep(struct run_state *rs, size_t i, int rep, struct totals *tot)
{
	const struct aim_test *t = rs->o->suite->tests[i];
	struct runner_outcome out;
	int64_t t0 = clock_mono_ns();
	int rc = 0;

	progress_show(&rs->prog, t->info->name, rep);
	if (run_once(rs, t, &out) != 0)
		return -1;
	if (out.status == RUNNER_INTERRUPTED) {
		rc = 1;
	} else {
		rs->n_ok += out.status == RUNNER_OK;
		account(tot, &out);
		if (rs->o->more != NULL)
			rounds_note(&rs->rounds, i, &out,
				    aim_test_factor(t, rs->o->filesize_k),
				    clock_mono_ns() - t0);
		if (save(rs, t, rep, &out) != 0)
			rc = -1;
	}
	runner_outcome_free(&out);
	progress_step(&rs->prog);
	return rc;
}

/*
 * The canary of round REP (of the sweep's current count), timed where
 * the tests run and stored as the fact canary.round.N.  -1 on a
 * database error.
 */
static int
run_canary(struct run_state *rs, int rep)
{
	struct pin_saved saved;
	int pinned = rs->o->pin > 0 && pin_enter(rs->o->pin - 1, &saved) == 0;
	char key[32], ns[24];
	struct store_kv fact = { key, ns };
	struct store *st;
	int rc;

	snprintf(ns, sizeof(ns), "%lld", (long long)canary_ns());
	if (pinned)
		pin_restore(&saved);
	/* Rounds are numbered on through a sweep's counts, as reps are. */
	snprintf(key, sizeof(key), "canary.round.%d",
		 rep + rs->copy_idx * (int)rs->o->runs);
	st = open_db(rs);
	if (st == NULL)
		return -1;
	rc = store_add_env(st, rs->run_id, &fact, 1);
	if (rc != 0)
		fail_set(rs, "%s: %s", rs->o->db_path, store_errmsg(st));
	store_close(st);
	return rc;
}

/*
 * Rounds: every test once, then every test again.  A machine that slows
 * down for a few seconds then costs one run of several tests, which shows
 * as noise, instead of every run of one test, which would look like a
 * change of that test.  Rows appear as tests finish, in the last round.
 */
static int
run_rounds(struct run_state *rs)
{
	const struct suite *su = rs->o->suite;
	struct totals *tot = xcalloc(su->n_tests, sizeof(*tot));
	int rc = 0;

	for (int rep = 1; rep <= rs->o->runs && rc == 0; rep++) {
		rc = run_canary(rs, rep);
		for (size_t i = 0; i < su->n_tests && rc == 0; i++) {
			rc = interrupt_pending() ? 1 :
				run_rep(rs, i, rep, &tot[i]);
			if (rc == 0 && rep == rs->o->runs)
				print_row(rs, su->tests[i], &tot[i]);
		}
		if (rc == 0 && rs->o->more != NULL)
			rounds_look(&rs->rounds);
	}
	for (size_t i = 0; i < su->n_tests; i++)
		free(tot[i].lat);
	free(tot);
	return rc;
}

/* A repetition of a round after the table: a failure is said at once. */
static int
more_rep(void *arg, size_t i, int rep)
{
	struct run_state *rs = arg;
	struct totals tot = { 0 };
	int rc;

	if (interrupt_pending())
		return 1;
	rs->prog.total++;
	rc = run_rep(rs, i, rep, &tot);
	if (rc == 0 && tot.status != NULL) {
		progress_clear(&rs->prog);
		aim_warn("%s: run %d: %s: %s", rs->o->suite->tests[i]->info->name,
			 rep, tot.status, tot.reason);
	}
	return rc;
}

/* The rounds after the table, then what each test reached. */
static int
run_more(struct run_state *rs)
{
	FILE *out = rs->o->quiet ? NULL : stdout;
	int rc = rounds_more(&rs->rounds, more_rep, rs, out);

	progress_clear(&rs->prog);
	if (rc == 0 && out != NULL) {
		errno = 0;
		table_put(rs, rounds_report(&rs->rounds, out));
	}
	return rc;
}

static int
finish(struct run_state *rs, int complete)
{
	struct store *st = open_db(rs);
	int rc = -1;

	if (st != NULL) {
		rc = store_end_run(st, rs->run_id,
				   complete ? "complete" : "incomplete");
		if (rc != 0)
			fail_set(rs, "%s: %s", rs->o->db_path, store_errmsg(st));
		store_close(st);
	}
	return rc;
}

/*
 * One line for what went wrong, if anything, saying what is stored; the
 * exit status.  Every result is committed as its process ends, so the
 * results before a failure are always kept.
 */
static int
conclude(const struct run_state *rs, int rc)
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
static void
print_where(struct run_state *rs)
{
	errno = 0;
	printf("Stored as run %lld, tag ", (long long)rs->run_id);
	tag_fput(stdout, rs->o->tag, 0);
	printf(", in ");
	tag_fput(stdout, rs->o->db_path, 0);
	table_put(rs, printf("\n"));
}

static void
say_counters(void *arg, const char *line)
{
	(void)arg;
	aim_warn("%s", line);
}

int
run_suite(const struct run_opts *o)
{
	struct run_state rs = { .o = o };
	int rc = 0;

	/* An unknown base is known before anything is measured. */
	if (o->more != NULL) {
		rc = rounds_init(&rs.rounds, o->more, o->suite, o->db_path,
				 &rs.db_seen, rs.fail, sizeof(rs.fail));
		if (rc != 0) {
			aim_warn("%s", rs.fail);
			rounds_free(&rs.rounds);
			return rc;
		}
	}
	/* What cannot be counted is said once, and the rest is stored. */
	if (o->counters != NULL) {
		rs.counters = *o->counters;
		perf_plan_probe(perf_source_kernel(), &rs.counters,
				say_counters, NULL);
	}
	if (begin(&rs) != 0) {
		aim_warn("%s", rs.fail);
		rounds_free(&rs.rounds);
		return 2;
	}
	progress_init(&rs.prog, o->suite->n_tests * (size_t)o->runs *
		      (o->n_copies > 0 ? o->n_copies : 1), o->duration_ns);
	if (!o->quiet) {
		errno = 0;
		table_put(&rs, classic_print_header(stdout));
	}
	rs.copies = o->n_copies > 0 ? o->copies[0] : 1;
	rc = run_rounds(&rs);
	/* A sweep: the rounds again at each count, rows for each. */
	for (int k = 1; rc == 0 && k < (int)o->n_copies; k++) {
		rs.copy_idx = k;
		rs.copies = o->copies[k];
		rc = run_rounds(&rs);
	}
	progress_clear(&rs.prog);
	if (!o->quiet && rc == 0) {
		errno = 0;
		table_put(&rs, classic_print_rule(stdout));
	}
	if (rc == 0 && o->more != NULL)
		rc = run_more(&rs);
	rounds_free(&rs.rounds);
	/* A run that measured nothing is no baseline: not complete. */
	if (finish(&rs, rc == 0 && rs.n_ok > 0) != 0 && rc == 0)
		rc = -1;
	if (!o->quiet && rc == 0 && rs.n_ok > 0)
		print_where(&rs);
	return conclude(&rs, rc);
}
