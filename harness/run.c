// SPDX-License-Identifier: GPL-2.0-or-later
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
#include "child_exec.h"
#include "catalog.h"
#include "classic.h"
#include "clock.h"
#include "env.h"
#include "executor.h"
#include "interrupt.h"
#include "latency.h"
#include "log.h"
#include "perf.h"
#include "pin.h"
#include "progress.h"
#include "run_int.h"
#include "runner.h"
#include "seq.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

/* One repetition, by the executor the table gives.  -1 on harness error. */
static int
run_once(struct run_state *rs, const struct aim_test *t,
	 struct runner_outcome *out)
{
	const struct run_opts *o = rs->o;
	const struct exec_unit unit = { .test = t };
	struct exec_cfg cfg = {
		.runner = {
			.child = { .filesize_k = o->filesize_k,
				   .datadir = o->datadir,
				   .memsize = o->memsize,
				   .zerosize = o->zerosize,
				   .per_call = o->latency,
				   .counters = rs->counters.want != 0 ?
					       &rs->counters : NULL,
				   .pin = o->pin,
				   .monitors = rs->kernel.monitors },
			.prog = o->in_process ? NULL : &rs->test_prog,
			.kill_grace_ns = 2000000000LL,
			.interrupted = interrupt_pending,
		},
		.copies = rs->copies, .threads = o->threads, .dir = o->dir,
	};
	char err[sizeof(rs->fail)];

	timing_cfg_default(&cfg.runner.child.timing, o->duration_ns);
	cfg.runner.deadline_ns = o->timeout_ns > 0 ? o->timeout_ns :
		runner_default_deadline(&cfg.runner.child.timing);
	if (executor_for(&unit, &cfg)->run(&unit, &cfg, out, err,
					   sizeof(err)) == 0)
		return 0;
	run_fail_set(rs, "%s", err);
	return -1;
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

/*
 * The console tables: the classic AIM9 table for the classic and extra
 * tests, byte for byte as singleuser printed it, and the mem family's
 * own (lib/core/memtable.h), each opened before its first row and
 * closed with its rule when the other takes over or the run ends.
 */
static int
run_tables_is_mem(const struct aim_test *t)
{
	return t->info >= &catalog_tests[CATALOG_MEMFAM_FIRST];
}

static void
run_tables_init(struct run_tables *rt, const struct suite *su,
		int max_copies)
{
	int suffix = 0;

	/* " x64": the copies of a sweep. */
	for (int c = max_copies; max_copies > 1 && c > 0; c /= 10)
		suffix += suffix == 0 ? 3 : 1;
	*rt = (struct run_tables){ .open = RUN_TABLE_NONE };
	rt->mem.name_width = 4;		/* "Test" */
	for (size_t i = 0; i < su->n_tests; i++) {
		int len = (int)strlen(su->tests[i]->info->name) + suffix;

		if (run_tables_is_mem(su->tests[i]) &&
		    len > rt->mem.name_width)
			rt->mem.name_width = len;
	}
}

static int
run_tables_close(struct run_tables *rt, FILE *f)
{
	enum run_table_kind open = rt->open;

	rt->open = RUN_TABLE_NONE;
	if (open == RUN_TABLE_CLASSIC)
		return classic_print_rule(f);
	if (open == RUN_TABLE_MEM)
		return memtable_print_end(f, &rt->mem);
	return 0;
}

static int
run_tables_enter(struct run_tables *rt, FILE *f, const struct aim_test *t)
{
	enum run_table_kind want = run_tables_is_mem(t) ? RUN_TABLE_MEM :
			RUN_TABLE_CLASSIC;

	if (rt->open == want)
		return 0;
	/* A blank line between two tables. */
	if (rt->open != RUN_TABLE_NONE &&
	    (run_tables_close(rt, f) < 0 || fputc('\n', f) == EOF))
		return -1;
	rt->open = want;
	return want == RUN_TABLE_MEM ? memtable_print_header(f, &rt->mem) :
	       classic_print_header(f);
}

/* The most copies of a run at once: the names of a sweep get " xN". */
static int
run_max_copies(const struct run_opts *o)
{
	int most = 1;

	for (size_t k = 0; k < o->n_copies; k++)
		if (o->copies[k] > most)
			most = o->copies[k];
	return most;
}

/* The row of T's totals in the table it goes in. */
static int
table_row(struct run_state *rs, const struct aim_test *t, const char *name,
	  const struct totals *tot)
{
	unsigned long factor = aim_test_factor_sized(t, rs->o->filesize_k,
						     rs->o->memsize,
						     rs->o->zerosize);
	struct hist_summary sum;
	int mem = run_tables_is_mem(t);

	if (run_tables_enter(&rs->tables, stdout, t) < 0)
		return -1;
	if (tot->ok_runs == 0)
		return mem ? memtable_print_skip(stdout, &rs->tables.mem,
						 t->info->number, name) :
		       classic_print_skip(stdout, t->info->number, name);
	if (mem)
		return memtable_print_row(stdout, &rs->tables.mem,
					  t->info->number, name,
					  tot->elapsed_ns, tot->calls, factor,
					  tot->lat != NULL &&
					  hist_summarise(tot->lat, &sum) == 0 ?
					  &sum : NULL);
	if (classic_print_row(stdout, t->info->number, name, tot->elapsed_ns,
			      tot->calls, factor, t->info->units) < 0)
		return -1;
	return tot->lat != NULL ? latency_print(stdout, name, tot->lat) : 0;
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
	run_table_put(rs, table_row(rs, t, name, tot));
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
		if (run_save(rs, t, rep, &out) != 0)
			rc = -1;
	}
	runner_outcome_free(&out);
	progress_step(&rs->prog);
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
	struct record_kv *kv;
	size_t n;

	/* What was decided, for aimcmp to give the same verdicts. */
	if (rc == 0) {
		n = rounds_facts(&rs->rounds, &kv);
		rc = run_facts(rs, kv, n);
		rounds_facts_free(kv, n);
	}
	progress_clear(&rs->prog);
	if (rc == 0 && out != NULL) {
		errno = 0;
		run_table_put(rs, rounds_report(&rs->rounds, out));
	}
	return rc;
}

/* What cannot be counted, unless -q. */
static void
say_counters(void *arg, const char *line)
{
	const struct run_state *rs = arg;

	if (!rs->o->quiet)
		aim_warn("%s", line);
}

/*
 * The program the tests run in, the counters, the run row: 0, or -1
 * with the reason said and nothing left open.
 */
static int
run_prepare(struct run_state *rs)
{
	if (!rs->o->in_process && child_prog_open(&rs->test_prog) != 0) {
		aim_warn_errno("test program %s", rs->test_prog.path);
		child_prog_close(&rs->test_prog);
		return -1;
	}
	/* What cannot be counted is said once, and the rest is stored. */
	if (rs->o->counters != NULL) {
		rs->counters = *rs->o->counters;
		perf_plan_probe(perf_source_kernel(), &rs->counters,
				say_counters, rs);
	}
	kwatch_open(&rs->kernel);
	if (run_begin(rs) != 0) {
		aim_warn("%s", rs->fail);
		child_prog_close(&rs->test_prog);
		kwatch_close(&rs->kernel);
		return -1;
	}
	return 0;
}

/* Before measuring: tests the base can never let be called equivalent. */
static void
warn_thin(const struct rounds *r, const struct rounds_opts *ro)
{
	double lo, hi;
	size_t n = rounds_thin(r, &lo, &hi);
	char v[64];

	if (n == 0)
		return;
	aim_warn("--against %s: %zu of %zu tests cannot be called equivalent: its processes leave an interval of +/-%.1f%% to +/-%.1f%% at best (margin +/-%g%%); make the base precise on its kernel first (aimrun --tag %s --precision %.2g: tags pool)",
		 tag_shown(ro->against, v, sizeof(v)), n, r->su->n_tests, lo,
		 hi, 100.0 * ro->stats.equiv, v,
		 seq_base_precision_pct(100.0 * ro->stats.equiv,
					ro->stats.alpha, r->family));
}

/* This run's environment against the runs it is compared or pooled with. */
static int
more_gate(struct run_state *rs)
{
	struct env env = { 0 };
	int rc;

	run_env(rs->o, &env);
	rc = rounds_gate(rs->o->more, rs->o->db_path, rs->o->tag, &env,
			 &rs->db_seen, rs->fail, sizeof(rs->fail));
	env_free(&env);
	return rc;
}

int
run_suite(const struct run_opts *o)
{
	struct run_state rs = { .o = o, .test_prog = { .fd = -1 } };
	int rc = 0;

	/* An unknown or refused base is known before anything is measured. */
	if (o->more != NULL) {
		rc = rounds_init(&rs.rounds, o->more, o->suite, o->db_path,
				 &rs.db_seen, rs.fail, sizeof(rs.fail));
		if (rc == 0)
			rc = more_gate(&rs);
		if (rc != 0) {
			aim_warn("%s", rs.fail);
			rounds_free(&rs.rounds);
			return rc;
		}
		warn_thin(&rs.rounds, o->more);
	}
	if (run_prepare(&rs) != 0) {
		rounds_free(&rs.rounds);
		return 2;
	}
	progress_init(&rs.prog, o->suite->n_tests * (size_t)o->runs *
		      (o->n_copies > 0 ? o->n_copies : 1), o->duration_ns,
		      o->quiet);
	/* The first table opens at once, as the classic one always did. */
	run_tables_init(&rs.tables, o->suite, run_max_copies(o));
	if (!o->quiet) {
		errno = 0;
		run_table_put(&rs, run_tables_enter(&rs.tables, stdout,
						    o->suite->tests[0]));
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
		run_table_put(&rs, run_tables_close(&rs.tables, stdout));
	}
	if (rc == 0 && o->more != NULL)
		rc = run_more(&rs);
	rounds_free(&rs.rounds);
	child_prog_close(&rs.test_prog);
	/* A run that measured nothing is no baseline: not complete. */
	if (run_finish(&rs, rc == 0 && rs.n_ok > 0) != 0 && rc == 0)
		rc = -1;
	if (!o->quiet && rc == 0 && rs.n_ok > 0) {
		errno = 0;
		run_table_put(&rs, noisy_print(stdout, &rs.noisy));
		/* A lost server's run is told of in run_conclude's line. */
		if (rs.lost[0] == '\0')
			run_print_where(&rs);
	}
	noisy_free(&rs.noisy);
	kwatch_say(&rs.kernel);
	kwatch_close(&rs.kernel);
	return run_conclude(&rs, rc);
}
