// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A timed command from the command line to the database.  The database
 * is opened and closed around each write, as for tests, so no SQLite
 * handle exists across fork().  The ok runs are one result (one sample
 * each: calls 1, elapsed_ns the wall time, the rusage metrics); a run
 * that failed costs only itself and is stored as a result of its own
 * with its status and reason.
 */
#include "config.h"

#include "cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"
#include "cmd_exec.h"
#include "env.h"
#include "executor.h"
#include "interrupt.h"
#include "kwatch.h"
#include "log.h"
#include "monitor.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

struct cmd_state {
	const struct cmd_opts *o;
	char *path, *prep_path;		/* resolved programs */
	int64_t run_id;
	struct store_checked seen;
	struct measure_sample *ok;	/* n_runs slots */
	size_t n_ok;
	int64_t warmup_runs, warmup_ns;	/* of the warm-ups that passed */
	size_t n_failed;
	int rep;			/* results stored so far */
	struct kwatch kernel;		/* its monitors and log */
	struct monitor mon;		/* read around each run */
	int monitored;			/* MON is open */
};

int
cmd_split_argv(int *argc, char **argv, char ***cmd, char ***prep, char *err,
	       size_t errlen)
{
	int sep = -1, at = -1;

	*cmd = NULL;
	*prep = NULL;
	for (int i = 1; i < *argc && sep < 0; i++) {
		if (strcmp(argv[i], "--") == 0)
			sep = i;
		else if (strcmp(argv[i], "--prepare") == 0 && at < 0)
			at = i;
	}
	if (at >= 0 && sep < 0) {
		snprintf(err, errlen, "--prepare: its words end at the -- before the program");
		return -1;
	}
	if (at >= 0 && sep == at + 1) {
		snprintf(err, errlen, "--prepare: no command before --");
		return -1;
	}
	if (sep < 0)
		return 0;
	*cmd = &argv[sep + 1];
	if (at >= 0) {
		/* The prepare words, NULL-ended where the "--" was. */
		*prep = &argv[at + 1];
		argv[sep] = NULL;
		*argc = at;
	} else {
		*argc = sep;
	}
	/* getopt sees only the options; *cmd and *prep live above. */
	argv[*argc] = NULL;
	return 0;
}

int
cmd_check_name(const char *name, char *why, size_t whylen)
{
	if (tag_check(name, why, whylen) != 0)
		return -1;
	if (aim_test_find(name) != NULL) {
		snprintf(why, whylen, "is the name of a test of the catalog");
		return -1;
	}
	return 0;
}

static struct store *
db(struct cmd_state *cs)
{
	char err[512];
	struct store *st = store_reopen(cs->o->db_path, &cs->seen, err,
					sizeof(err));

	if (st == NULL) {
		char v[256];

		aim_warn("%s: %s", tag_shown(cs->o->db_path, v, sizeof(v)), err);
	}
	return st;
}

static int
begin(struct cmd_state *cs)
{
	const struct cmd_opts *o = cs->o;
	struct env env = { 0 };
	struct store *st;
	const char *key, *value;
	char *opts;

	char names[PERF_EVENTS * 32];

	if (env_capture(&env, o->dir) != 0)
		aim_warn("some facts of the environment could not be read");
	perf_plan_names(o->counters, names, sizeof(names));
	env_add(&env, "counters", names);
	for (int i = 0; kwatch_fact(&cs->kernel, i, &key, &value); i++)
		env_add(&env, key, value);
	st = db(cs);
	if (st == NULL) {
		env_free(&env);
		return -1;
	}
	opts = xasprintf("cmd=1 runs=%ld warmup=%ld timeout_s=%.3f prepare=%d",
			 o->runs, o->warmup, (double)o->timeout_ns / 1e9,
			 o->prepare != NULL);
	struct record_run run = {
		.tag = o->tag, .suite = "cmd", .options = opts,
		.source = "aimrun", .aim_version = PACKAGE_VERSION,
		.host = env_get(&env, "hostname"),
		.env = env.kv, .n_env = env.n,
	};
	cs->run_id = store_begin_run(st, &run);
	if (cs->run_id < 0)
		aim_warn("%s: %s", o->db_path, store_errmsg(st));
	store_close(st);
	free(opts);
	env_free(&env);
	return cs->run_id < 0 ? -1 : 0;
}

/*
 * Store one result: the ok runs (STATUS "ok"), or one failed run, whose
 * REASON (what the program did) is stored in a form all paths carry.
 */
static int
save(struct cmd_state *cs, const char *status, const char *reason,
     struct measure_sample *s, size_t n)
{
	struct store *st = db(cs);
	char *fit = reason != NULL ? xstrdup(reason) : NULL;
	int rc;

	if (st == NULL) {
		free(fit);
		return -1;
	}
	if (fit != NULL)
		record_text_fit(fit);
	struct record_result res = {
		.number = 0, .test = cs->o->name, .rep = ++cs->rep,
		.status = status, .reason = fit, .factor = 1,
		.units = CATALOG_CMD_UNITS, .warmup_calls = cs->warmup_runs,
		.warmup_ns = cs->warmup_ns, .judged = MEASURE_JUDGED_MEAN,
		.better = MEASURE_LOWER, .copies = 1,
		.samples = s, .n_samples = n,
	};
	/* The monitors of the runs and warm-ups that passed, as calls. */
	if (n > 0 && cs->monitored)
		res.monitors = monitor_changes(&cs->mon, &res.n_monitors);
	kwatch_take(&cs->kernel, cs->o->name);
	res.klog = cs->kernel.lines;
	res.n_klog = cs->kernel.n_lines;
	rc = store_add_result(st, cs->run_id, &res);
	if (rc != 0)
		aim_warn("%s: %s", cs->o->db_path, store_errmsg(st));
	store_close(st);
	free(fit);
	return rc;
}

/* One run of PATH through the executor of commands, OUT to free. */
static int
exec_one(struct cmd_state *cs, const char *path, char *const *argv,
	 int metered, struct runner_outcome *out)
{
	const struct exec_unit unit = {
		.name = cs->o->name, .path = path, .argv = argv,
		.metered = metered,
		.monitor = metered && cs->monitored ? &cs->mon : NULL,
	};
	const struct exec_cfg cfg = {
		.runner = {
			.child = { .counters = cs->o->counters },
			.deadline_ns = cs->o->timeout_ns,
			.kill_grace_ns = 2000000000LL,
			.interrupted = interrupt_pending,
		},
	};
	char err[1024];

	if (executor_for(&unit, &cfg)->run(&unit, &cfg, out, err,
					   sizeof(err)) == 0)
		return 0;
	aim_warn("%s", err);
	return -1;
}

/*
 * A failed run, said, and stored unless a warm-up: 0, or -1 when it
 * could not be stored.  Frees OUT.
 */
static int
failed(struct cmd_state *cs, struct runner_outcome *out, const char *reason,
       int warmup)
{
	const char *status = runner_status_name(out->status);

	runner_outcome_free(out);
	aim_warn("%s: %s: %s", cs->o->name, status, reason);
	if (warmup)
		return 0;
	cs->n_failed++;
	return save(cs, status, reason, NULL, 0) == 0 ? 0 : -1;
}

/*
 * Run K (0 for a warm-up): prepare, then the timed run.  1 when
 * interrupted, -1 on a harness error; a failed run is stored.
 */
static int
one_run(struct cmd_state *cs, long k, int warmup)
{
	struct runner_outcome out;
	char reason[AIM_REASON_MAX + 64];
	const char *what = warmup ? "warm-up" : "run";
	int stop;

	if (cs->o->prepare != NULL) {
		if (exec_one(cs, cs->prep_path, cs->o->prepare, 0, &out) != 0)
			return -1;
		if (out.status != RUNNER_OK &&
		    out.status != RUNNER_INTERRUPTED) {
			snprintf(reason, sizeof(reason), "%s %ld: prepare: %s",
				 what, k, out.reason);
			return failed(cs, &out, reason, warmup);
		}
		stop = out.status == RUNNER_INTERRUPTED;
		runner_outcome_free(&out);
		if (stop)
			return 1;
	}
	if (exec_one(cs, cs->path, cs->o->argv, 1, &out) != 0)
		return -1;
	if (out.status != RUNNER_OK && out.status != RUNNER_INTERRUPTED) {
		snprintf(reason, sizeof(reason), "%s %ld: %s", what, k,
			 out.reason);
		return failed(cs, &out, reason, warmup);
	}
	stop = out.status == RUNNER_INTERRUPTED;
	if (!stop && warmup) {
		cs->warmup_runs++;
		cs->warmup_ns += out.samples[0].elapsed_ns;
	} else if (!stop) {
		cs->ok[cs->n_ok++] = out.samples[0];
	}
	/*
	 * A run that passed: what the kernel counted during it, a warm-up's
	 * too, as a test process's monitors span its warm-up.
	 */
	if (!stop && cs->monitored)
		monitor_keep(&cs->mon);
	runner_outcome_free(&out);
	return stop;
}

static int
run_all(struct cmd_state *cs)
{
	int rc = 0;

	for (long k = 1; k <= cs->o->warmup && rc == 0; k++)
		rc = interrupt_pending() ? 1 : one_run(cs, k, 1);
	for (long k = 1; k <= cs->o->runs && rc == 0; k++)
		rc = interrupt_pending() ? 1 : one_run(cs, k, 0);
	if (rc >= 0 && cs->n_ok > 0 && save(cs, "ok", NULL, cs->ok, cs->n_ok) != 0)
		rc = -1;
	return rc;
}

static int
resolve(struct cmd_state *cs)
{
	const struct cmd_opts *o = cs->o;
	char err[128], v[128];

	cs->path = cmd_resolve(o->argv[0], err, sizeof(err));
	if (cs->path == NULL) {
		aim_warn("%s: %s", tag_shown(o->argv[0], v, sizeof(v)), err);
		return -1;
	}
	if (o->prepare == NULL)
		return 0;
	cs->prep_path = cmd_resolve(o->prepare[0], err, sizeof(err));
	if (cs->prep_path == NULL) {
		aim_warn("--prepare: %s: %s",
			 tag_shown(o->prepare[0], v, sizeof(v)), err);
		return -1;
	}
	return 0;
}

/* Where the runs went, so the next aimcmp can be written at once. */
static int
print_where(const struct cmd_state *cs)
{
	printf("\nStored as run %lld, tag ", (long long)cs->run_id);
	tag_fput(stdout, cs->o->tag, 0);
	printf(", test ");
	tag_fput(stdout, cs->o->name, 0);
	printf(", in ");
	tag_fput(stdout, cs->o->db_path, 0);
	return printf("\n") < 0 || fflush(stdout) != 0 ? -1 : 0;
}

/* Mark the run, print the summary; the exit status. */
static int
conclude(struct cmd_state *cs, int rc)
{
	struct cmd_report r = {
		.name = cs->o->name, .tag = cs->o->tag, .argv = cs->o->argv,
		.runs = cs->ok, .n_runs = cs->n_ok, .n_failed = cs->n_failed,
	};
	struct store *st = db(cs);
	int complete = rc == 0 && cs->n_ok > 0;

	if (st == NULL || store_end_run(st, cs->run_id, complete ?
					"complete" : "incomplete") != 0) {
		if (st != NULL)
			aim_warn("%s: %s", cs->o->db_path, store_errmsg(st));
		rc = rc == 0 ? -1 : rc;
	}
	store_close(st);
	if (rc > 0) {
		aim_warn("stopped by signal %d; run %lld marked incomplete",
			 interrupt_signal(), (long long)cs->run_id);
		return 128 + interrupt_signal();
	}
	if (rc < 0)
		return 2;
	if (cs->n_ok == 0) {
		aim_warn("no run of the command succeeded; the failures are stored as run %lld, marked incomplete",
			 (long long)cs->run_id);
		return 2;
	}
	if (!cs->o->quiet && (cmd_print(stdout, &r, cs->o->format,
					cs->o->table) != 0 ||
			      (cs->o->format->text &&
			       print_where(cs) != 0))) {
		aim_warn("standard output: %s", strerror(errno ? errno : EIO));
		return 2;
	}
	return 0;
}

int
cmd_main(const struct cmd_opts *o)
{
	struct cmd_state cs = { .o = o };
	int rc;

	if (resolve(&cs) != 0) {
		free(cs.path);
		return 1;
	}
	cs.ok = xcalloc((size_t)o->runs, sizeof(*cs.ok));
	kwatch_open(&cs.kernel);
	cs.monitored = cs.kernel.monitors && monitor_open(&cs.mon);
	if (begin(&cs) != 0) {
		rc = 2;
	} else {
		rc = run_all(&cs);
		rc = conclude(&cs, rc);
		kwatch_say(&cs.kernel);
	}
	kwatch_close(&cs.kernel);
	if (cs.monitored)
		monitor_close(&cs.mon);
	free(cs.ok);
	free(cs.path);
	free(cs.prep_path);
	return rc;
}
