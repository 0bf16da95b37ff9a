// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The comparability gate of aimrun's rounds: --until-decided compares
 * this run with the base's runs, and --precision pools it with the runs
 * its tag already holds, so each is refused before anything is measured
 * when the gate of lib/core/gate.h refuses the pair (another machine, CPU
 * model or aimkit build), unless --force, which says so.
 */
#include "config.h"

#include "rounds.h"

#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "gate.h"
#include "log.h"
#include "store_read.h"

static const char *
self_value(const void *ctx, size_t i, const char *key)
{
	(void)i;	/* one run: this one */
	return env_get(ctx, key);
}

static const char *
self_host(const void *ctx, size_t i)
{
	(void)i;
	return env_get(ctx, "hostname");
}

static const char *
self_source(const void *ctx, size_t i)
{
	(void)ctx;
	(void)i;
	return "aimrun";
}

static size_t
self_n_env(const void *ctx, size_t i)
{
	(void)i;
	return ((const struct env *)ctx)->n;
}

/* The labels of what refuses the N runs RUNS of BASE against SELF. */
static size_t
refusals(const char *base, const struct record_run *runs, size_t n,
	 const struct env *self, char ***why)
{
	struct gate_side g[2];
	size_t n_why = 0;
	const struct gate_lines refuse = { why, &n_why };

	store_read_gate(base, runs, n, &g[0]);
	g[1] = (struct gate_side){ .tag = "this run", .n_runs = 1, .ctx = self,
				   .value = self_value, .host = self_host,
				   .source = self_source, .n_env = self_n_env };
	gate_compare(g, 2, NULL, &refuse);
	return n_why;
}

int
rounds_gate(const struct rounds_opts *o, const char *db_path,
	    const char *tag, const struct env *self,
	    struct store_checked *seen, char *err, size_t errlen)
{
	const char *base = o->mode == ROUNDS_DECIDE ? o->against : tag;
	const char *opt = o->mode == ROUNDS_DECIDE ? "--against" :
			  "--precision";
	struct record_run *runs = NULL;
	char why_db[512], **why = NULL, *line;
	struct store *st = store_reopen(db_path, seen, why_db, sizeof(why_db));
	size_t n = 0, n_why;
	int rc;

	if (st == NULL) {
		snprintf(err, errlen, "%s: %s", db_path, why_db);
		return 2;
	}
	rc = store_read_runs(st, base, &runs, &n, why_db, sizeof(why_db));
	store_close(st);
	if (rc != 0) {
		snprintf(err, errlen, "%s: %s", db_path, why_db);
		return 2;
	}
	n_why = n > 0 ? refusals(base, runs, n, self, &why) : 0;
	rc = 0;
	if (n_why > 0) {
		line = gate_say(base, "this run", why, n_why, o->force);
		if (o->force)
			aim_warn("%s: warning: %s", opt, line);
		else
			snprintf(err, errlen, "%s: %s", opt, line);
		rc = !o->force;
		free(line);
	}
	for (size_t i = 0; i < n_why; i++)
		free(why[i]);
	free(why);
	store_read_runs_free(runs, n);
	return rc;
}
