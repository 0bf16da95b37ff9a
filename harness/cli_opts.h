/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimrun's command line as given (harness/main.c parses it) and the
 * functions that turn it into settings (harness/settle.c).
 */
#ifndef AIM_CLI_OPTS_H
#define AIM_CLI_OPTS_H

#include "cmd.h"
#include "perf.h"
#include "rounds.h"
#include "run.h"
#include "suite.h"

/*
 * Six processes of 0.6 s per test: every test gets a variance from
 * independent processes (10 degrees of freedom in a comparison) and the
 * classic suite ends within about five minutes (doc/statistics.md,
 * "Defaults").  --duration 2 --runs 3 gives classic-length periods.
 */
#define DEFAULT_DURATION_NS 600000000LL
#define DEFAULT_RUNS 6
#define DEFAULT_FILESIZE_K 5120UL
/* --precision and --until-decided: time for the whole run; aimcmp's margin. */
#define DEFAULT_BUDGET_NS 600000000000LL
#define DEFAULT_EQUIV_PCT 2.0

struct cli {
	const char *tag, *suite, *tests, *dir, *db;
	const char *duration, *runs, *filesize, *timeout, *counters, *cpu;
	const char *memsize;
	const char *zerosize;
	const char *precision, *budget, *against, *equivalence;
	const char *copies;	/* --copies LIST, or --scale's LIST */
	const char *cmd, *warmup, *format;	/* --cmd (harness/cmd.c) */
	char **argv, **prepare;
	int list, quiet, check, table, latency, until_decided, scale;
	int threads;	/* --threads: copies as threads of one process */
	int force;	/* --force: rounds against runs the gate refuses */
};

/* Each exits with a one-line error on a value or combination refused. */
/* --duration, --runs, --filesize, --timeout, --memsize, --latency. */
void settle_numbers(const struct cli *c, const struct suite *s,
		    struct run_opts *o);
/* --precision or --until-decided into RO; NULL for the default run. */
const struct rounds_opts *settle_more(const struct cli *c,
				      struct rounds_opts *ro);
/* --copies and --scale: the counts to sweep, into BUF. */
void settle_copies(const struct cli *c, int *buf, struct run_opts *o);
/* --counters (default $AIM_COUNTERS, else "default"); NULL: none. */
const struct perf_plan *settle_counters(const struct cli *c,
					struct perf_plan *plan);
/* The options of a timed command (--cmd). */
void settle_cmd(const struct cli *c, struct cmd_opts *o);
/* --cpu N, checked against the CPUs allowed: N + 1, or 0 when not given. */
int settle_cpu(const struct cli *c);

#endif
