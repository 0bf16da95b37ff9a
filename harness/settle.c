// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun's options turned into settings: each value parsed and range
 * checked, each combination that cannot work refused in one line with
 * exit 1, before anything is measured.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "copies.h"
#include "log.h"
#include "parse.h"
#include "pin.h"
#include "tag.h"

/* Fill O's numbers: command line over suite over defaults. */
void
settle_numbers(const struct cli *c, const struct suite *s, struct run_opts *o)
{
	char v[64];	/* a refused value, shown safely (tag_shown) */

	o->duration_ns = s->duration_ns ? s->duration_ns : DEFAULT_DURATION_NS;
	if (c->duration != NULL &&
	    parse_duration_ns(c->duration, 1000000, 3600000000000LL, &o->duration_ns) != 0)
		aim_die(1, "--duration: '%s' is not a period from 0.001 to 3600 seconds",
			tag_shown(c->duration, v, sizeof(v)));
	o->runs = s->runs ? s->runs : DEFAULT_RUNS;
	if (c->runs != NULL && parse_long(c->runs, 1, PARSE_RUNS_MAX, &o->runs) != 0)
		aim_die(1, "--runs: '%s' is not a number from 1 to 1000",
			tag_shown(c->runs, v, sizeof(v)));
	o->filesize_k = s->filesize_k ? s->filesize_k : DEFAULT_FILESIZE_K;
	if (c->filesize != NULL &&
	    parse_size_k(c->filesize, 2, 64UL * 1024 * 1024, &o->filesize_k) != 0)
		aim_die(1, "--filesize: '%s' is not a size from 2K to 64G (e.g. 5M)",
			tag_shown(c->filesize, v, sizeof(v)));
	o->memsize = s->memsize_k ? s->memsize_k * 1024 : aim_memfam_default_size();
	if (c->memsize != NULL &&
	    parse_size_k(c->memsize, 4, 64UL * 1024 * 1024, &o->memsize) == 0)
		o->memsize *= 1024;
	else if (c->memsize != NULL)
		aim_die(1, "--memsize: '%s' is not a size from 4K to 64G (e.g. 1024M)",
			tag_shown(c->memsize, v, sizeof(v)));
	o->zerosize = 0;
	if (c->zerosize != NULL &&
	    parse_size_k(c->zerosize, 8, 1024UL * 1024 * 1024, &o->zerosize) == 0)
		o->zerosize = o->zerosize * 1024 & ~8191UL;	/* two halves of pages */
	else if (c->zerosize != NULL)
		aim_die(1, "--zerosize: '%s' is not a size from 8K to 1024G (e.g. 512M)",
			tag_shown(c->zerosize, v, sizeof(v)));
	o->latency = c->latency;
	o->timeout_ns = 0;
	if (c->timeout != NULL &&
	    parse_duration_ns(c->timeout, 1000000, 86400000000000LL, &o->timeout_ns) != 0)
		aim_die(1, "--timeout: '%s' is not a period from 0.001 to 86400 seconds",
			tag_shown(c->timeout, v, sizeof(v)));
}

/* A percentage from MIN to MAX, the whole string a decimal number. */
static int
parse_pct(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (s == NULL || !(*s == '.' || (*s >= '0' && *s <= '9')))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !isfinite(v) ||
	    strspn(s, "0123456789.") != strlen(s) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Which options of the rounds go together. */
static void
check_more(const struct cli *c)
{
	if (c->precision != NULL && (c->until_decided || c->against != NULL))
		aim_die(1, "--precision and --until-decided: give one or the other");
	if (c->until_decided != (c->against != NULL))
		aim_die(1, "--until-decided and --against BASE go together");
	if ((c->precision != NULL || c->until_decided) &&
	    (c->copies != NULL || c->scale))
		aim_die(1, "--precision and --until-decided: not with --copies or --scale");
	if (c->budget != NULL && c->precision == NULL && !c->until_decided)
		aim_die(1, "--budget: only with --precision or --until-decided");
	if (c->equivalence != NULL && !c->until_decided)
		aim_die(1, "--equivalence: only with --until-decided");
	if (c->force && c->precision == NULL && !c->until_decided)
		aim_die(1, "--force: only with --precision or --until-decided");
}

/*
 * AIM_NOISE=keep: the rounds take no sample as noisy, for a machine
 * whose run delay is always high (and for tests on a loaded one).
 */
static int
keep_noisy(void)
{
	const char *v = getenv("AIM_NOISE");
	char shown[64];

	if (v == NULL || v[0] == '\0')
		return 0;
	if (strcmp(v, "keep") != 0)
		aim_die(1, "AIM_NOISE: '%s' is not keep",
			tag_shown(v, shown, sizeof(shown)));
	return 1;
}

/* --precision or --until-decided into RO; NULL for the default run. */
const struct rounds_opts *
settle_more(const struct cli *c, struct rounds_opts *ro)
{
	char v[64], why[256];
	double pct = DEFAULT_EQUIV_PCT;

	check_more(c);
	if (c->precision == NULL && !c->until_decided)
		return NULL;
	memset(ro, 0, sizeof(*ro));
	ro->force = c->force;
	ro->keep_noisy = keep_noisy();
	stats_opts_default(&ro->stats);
	ro->budget_ns = DEFAULT_BUDGET_NS;
	if (c->budget != NULL &&
	    parse_duration_ns(c->budget, 1000000000LL, 604800000000000LL,
			      &ro->budget_ns) != 0)
		aim_die(1, "--budget: '%s' is not a period from 1s to 168h (e.g. 90s, 10m, 1h)",
			tag_shown(c->budget, v, sizeof(v)));
	if (c->precision != NULL) {
		ro->mode = ROUNDS_PRECISION;
		if (parse_pct(c->precision, 0.01, 100.0, &ro->precision_pct) != 0)
			aim_die(1, "--precision: '%s' is not a percentage from 0.01 to 100",
				tag_shown(c->precision, v, sizeof(v)));
		return ro;
	}
	ro->mode = ROUNDS_DECIDE;
	if (tag_check(c->against, why, sizeof(why)) != 0)
		aim_die(1, "--against: %s", why);
	ro->against = c->against;
	if (c->equivalence != NULL &&
	    parse_pct(c->equivalence, 0.0, 50.0, &pct) != 0)
		aim_die(1, "--equivalence: '%s' is not a percentage from 0 to 50",
			tag_shown(c->equivalence, v, sizeof(v)));
	ro->stats.equiv = pct / 100.0;
	return ro;
}

/* --copies and --scale: the counts to sweep, into BUF. */
void
settle_copies(const struct cli *c, int *buf, struct run_opts *o)
{
	char err[128];
	int ncpu = copies_ncpu();

	if (c->copies == NULL && !c->scale) {
		if (c->threads)
			aim_die(1, "--threads: only with --copies or --scale");
		return;
	}
	o->threads = c->threads;
	if (c->copies == NULL) {
		o->n_copies = copies_scale(ncpu, buf);
	} else if (copies_parse(c->copies, ncpu, buf, &o->n_copies, err,
				sizeof(err)) != 0) {
		aim_die(1, "%s: %s", c->scale ? "--scale" : "--copies", err);
	}
	o->copies = buf;
}

/* --counters (default $AIM_COUNTERS, else "default"). */
const struct perf_plan *
settle_counters(const struct cli *c, struct perf_plan *plan)
{
	const char *env = getenv("AIM_COUNTERS");
	const char *spec = c->counters != NULL ? c->counters :
			   env != NULL ? env : "default";
	char err[600];

	if (perf_plan_parse(spec, plan, err, sizeof(err)) != 0)
		aim_die(1, "%s: %s", c->counters == NULL && env != NULL ?
			"$AIM_COUNTERS" : "--counters", err);
	return plan->want != 0 ? plan : NULL;
}

/* The options of a timed command (--cmd); exits on a bad one. */
void
settle_cmd(const struct cli *c, struct cmd_opts *o)
{
	char v[64], why[256];

	if (c->cmd == NULL || c->argv == NULL || c->argv[0] == NULL)
		aim_die(1, c->cmd == NULL ? "a program after -- needs --cmd NAME" :
			"--cmd: give the program after --, e.g. --cmd sleep10ms -- sleep 0.01");
	if (c->threads)
		aim_die(1, "--cmd: --threads is for tests");
	if (c->suite != NULL || c->tests != NULL || c->duration != NULL ||
	    c->filesize != NULL)
		aim_die(1, "--cmd: --suite, --tests, --duration and --filesize are for tests");
	if (cmd_check_name(c->cmd, why, sizeof(why)) != 0)
		aim_die(1, "--cmd: '%s' %s", tag_shown(c->cmd, v, sizeof(v)), why);
	o->name = c->cmd;
	o->argv = c->argv;
	o->prepare = c->prepare;
	o->table = c->table;
	o->quiet = c->quiet;
	o->runs = 5;
	if (c->runs != NULL && parse_long(c->runs, 1, PARSE_RUNS_MAX, &o->runs) != 0)
		aim_die(1, "--runs: '%s' is not a number from 1 to 1000",
			tag_shown(c->runs, v, sizeof(v)));
	o->warmup = 0;
	if (c->warmup != NULL && parse_long(c->warmup, 0, 1000, &o->warmup) != 0)
		aim_die(1, "--warmup: '%s' is not a number from 0 to 1000",
			tag_shown(c->warmup, v, sizeof(v)));
	o->timeout_ns = 3600000000000LL;
	if (c->timeout != NULL &&
	    parse_duration_ns(c->timeout, 1000000, 86400000000000LL, &o->timeout_ns) != 0)
		aim_die(1, "--timeout: '%s' is not a period from 0.001 to 86400 seconds",
			tag_shown(c->timeout, v, sizeof(v)));
	o->format = c->format != NULL ? cmd_format_find(c->format) :
		    cmd_formats[0];
	if (o->format == NULL)
		aim_die(1, "--format: '%s' is not text, csv or json",
			tag_shown(c->format, v, sizeof(v)));
}

/* --cpu N, checked against the CPUs allowed: N + 1, or 0 when not given. */
int
settle_cpu(const struct cli *c)
{
	char v[64], err[256];
	long cpu;

	if (c->cpu == NULL)
		return 0;
	if (parse_long(c->cpu, 0, 8191, &cpu) != 0)
		aim_die(1, "--cpu: '%s' is not a CPU number",
			tag_shown(c->cpu, v, sizeof(v)));
	if (pin_check(cpu, err, sizeof(err)) != 0)
		aim_die(1, "--cpu: %s", err);
	return (int)cpu + 1;
}
