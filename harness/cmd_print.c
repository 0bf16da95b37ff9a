// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The summary of a timed command, in the layout of perf stat -r N: each
 * metric's mean over the runs with "( +- x% )", x the relative standard
 * error of the mean (100 s / sqrt(n) / mean, s with n - 1), exactly as
 * perf computes it; derived figures after "#"; the elapsed line last.
 * CSV and JSON give the same figures under fixed names for scripts.
 */
#include "config.h"

#include "cmd.h"
#include "perf.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "stats.h"
#include "tag.h"
#include "xalloc.h"

/* One column of figures: a metric (or the wall time) over the runs. */
struct col {
	const char *name;
	const char *unit;
	double mean, sem, rse;	/* rse: percent; 0 with one run */
	int id;			/* enum measure_id, or -1: elapsed */
};

double
cmd_rse_pct(const double *x, size_t n, double *mean, double *sem)
{
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++)
		stats_welford_add(&w, x[i]);
	*mean = n > 0 ? w.mean : NAN;
	*sem = n >= 2 ? sqrt(stats_welford_var(&w) / (double)n) : 0.0;
	return *mean != 0.0 && n >= 2 ? 100.0 * *sem / *mean : 0.0;
}

/* Metric ID of every run, in the unit shown (ns as msec); 0 if one lacks it. */
static int
column(const struct cmd_report *r, int id, struct col *c)
{
	double *x = xcalloc(r->n_runs + 1, sizeof(*x));
	int64_t v;

	c->id = id;
	for (size_t i = 0; i < r->n_runs; i++) {
		if (id < 0)
			v = r->runs[i].elapsed_ns;
		else if (!measure_get(&r->runs[i].m, (enum measure_id)id, &v)) {
			free(x);
			return 0;
		}
		x[i] = (double)v;
	}
	c->name = id < 0 ? "elapsed" : measure_def((enum measure_id)id)->name;
	c->unit = id < 0 ? "ns" : measure_def((enum measure_id)id)->unit;
	c->rse = cmd_rse_pct(x, r->n_runs, &c->mean, &c->sem);
	free(x);
	return r->n_runs > 0;
}

/* Times first, as perf prints task-clock first; then the table's order. */
static int
display_rank(int id)
{
	static const enum measure_id first[] = {
		MEASURE_USER_NS, MEASURE_SYS_NS, MEASURE_VOL_CS,
		MEASURE_INVOL_CS, MEASURE_MINOR_FAULTS, MEASURE_MAJOR_FAULTS,
		MEASURE_MAXRSS_KIB,
	};
	const int n = (int)(sizeof(first) / sizeof(first[0]));

	for (int i = 0; i < n; i++)
		if ((int)first[i] == id)
			return i;
	return n + id;
}

static int
by_rank(const void *a, const void *b)
{
	const struct col *x = a, *y = b;

	if (x->id < 0 || y->id < 0)
		return x->id < 0 ? (y->id < 0 ? 0 : -1) : 1;
	return display_rank(x->id) - display_rank(y->id);
}

/* The columns present in every run, elapsed first; N of them. */
static struct col *
columns(const struct cmd_report *r, size_t *n)
{
	struct col *c = xcalloc(MEASURE_COUNT + 1, sizeof(*c));

	*n = 0;
	for (int id = -1; id < MEASURE_COUNT; id++)
		if (column(r, id, &c[*n]))
			(*n)++;
	qsort(c, *n, sizeof(*c), by_rank);
	return c;
}

static const struct col *
find(const struct col *c, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(c[i].name, name) == 0)
			return &c[i];
	return NULL;
}

/* "# 12.345 K/sec" for a count per second of wall time. */
static void
put_rate(char *buf, size_t len, double per_s)
{
	static const char *const pre[] = { "", "K", "M", "G" };
	int k = 0;

	while (k < 3 && fabs(per_s) >= 1000.0) {
		per_s /= 1000.0;
		k++;
	}
	snprintf(buf, len, "# %8.3f %s/sec", per_s, pre[k]);
}

/* The derived figure of one line into BUF (perf's shadow metrics), or "". */
static void
derived(char *buf, size_t len, const struct col *c, const struct col *all,
	size_t n)
{
	const struct col *wall = &all[0], *cyc = find(all, n, "cycles");
	const struct col *sys = find(all, n, "sys_ns");
	const struct col *tc = find(all, n, "task_clock_ns");

	buf[0] = '\0';
	if (!(wall->mean > 0))
		return;
	if (tc == c || (tc == NULL && strcmp(c->name, "user_ns") == 0)) {
		double cpu = tc != NULL ? tc->mean :
			     c->mean + (sys != NULL ? sys->mean : 0.0);

		snprintf(buf, len, "# %8.3f CPUs utilized", cpu / wall->mean);
	} else if (strcmp(c->name, "instructions") == 0 && cyc != NULL &&
		   cyc->mean > 0) {
		snprintf(buf, len, "# %8.2f insn per cycle", c->mean / cyc->mean);
	} else if (c->id >= 0 && measure_def((enum measure_id)c->id)->kind ==
		   MEASURE_COUNTER && strcmp(c->unit, "ns") != 0) {
		put_rate(buf, len, c->mean * 1e9 / wall->mean);
	}
}

/* What perf users read for a metric's name. */
static const char *
shown_name(const char *name)
{
	static const char *const names[][2] = {
		{ "user_ns", "user" }, { "sys_ns", "sys" },
		{ "vol_cs", "voluntary-switches" },
		{ "invol_cs", "involuntary-switches" },
		{ "minor_faults", "minor-faults" },
		{ "major_faults", "major-faults" }, { "maxrss_kib", "max-rss" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(names[i][0], name) == 0)
			return names[i][1];
	/* A counter is shown by its perf event's name ("task-clock"). */
	for (int i = 0; i < PERF_EVENTS; i++)
		if (strcmp(measure_def(perf_event_metric(i))->name, name) == 0)
			return perf_event_name(i);
	return name;
}

static void
put_line(FILE *f, const struct col *c, const struct col *all, size_t n)
{
	char d[64], line[256];
	size_t len;

	derived(d, sizeof(d), c, all, n);
	if (strcmp(c->unit, "ns") == 0)
		len = (size_t)snprintf(line, sizeof(line), "%18.2f msec %-22s %-30s",
				       c->mean / 1e6, shown_name(c->name), d);
	else
		len = (size_t)snprintf(line, sizeof(line), "%18.0f %-4s %-22s %-30s",
				       c->mean, strcmp(c->unit, "KiB") == 0 ?
				       "KiB" : "", shown_name(c->name), d);
	if (c->rse != 0.0)
		fprintf(f, "%s ( +-%6.2f%% )\n", line, c->rse);
	else {
		while (len > 0 && len < sizeof(line) && line[len - 1] == ' ')
			len--;
		fprintf(f, "%.*s\n", (int)len, line);
	}
}

/* perf's get_precision(): the digits the error needs. */
static int
precision(double sd)
{
	if (!(sd > 0.0))
		return 6;
	return sd > 1.0 ? 2 : (int)ceil(-log10(sd)) + 2;
}

static void
put_table(FILE *f, const struct cmd_report *r, const struct col *wall, int p)
{
	double avg = wall->mean / 1e9;

	fprintf(f, "\n%10s# Table of individual measurements:\n", "");
	for (size_t i = 0; i < r->n_runs; i++) {
		double run = (double)r->runs[i].elapsed_ns / 1e9;
		int bars = run > 0 ? 1 + abs((int)(100.0 * (run - avg) / run) / 5) : 1;

		fprintf(f, "%17.*f (%+.*f) ", p, run, p, run - avg);
		for (int b = 0; b < bars && b < 40; b++)
			fputc('#', f);
		fputc('\n', f);
	}
	fprintf(f, "\n%10s# Final result:\n", "");
}

static int
put_text(FILE *f, const struct cmd_report *r, const struct col *c, size_t n,
	 int table)
{
	int p = precision(c[0].sem / 1e9);

	fprintf(f, "\n Performance counter stats for '");
	for (size_t i = 0; r->argv[i] != NULL; i++) {
		fputs(i ? " " : "", f);
		tag_fput(f, r->argv[i], 0);
	}
	fprintf(f, "' (%zu run%s", r->n_runs, r->n_runs == 1 ? "" : "s");
	if (r->n_failed > 0)
		fprintf(f, ", %zu failed", r->n_failed);
	fprintf(f, "):\n\n");
	for (size_t i = 1; i < n; i++)
		put_line(f, &c[i], c, n);
	if (table)
		put_table(f, r, &c[0], p);
	else
		fputc('\n', f);
	if (r->n_runs == 1) {
		fprintf(f, "%17.9f seconds time elapsed\n", c[0].mean / 1e9);
		return 0;
	}
	fprintf(f, "%17.*f +- %.*f seconds time elapsed", p, c[0].mean / 1e9,
		p, c[0].sem / 1e9);
	if (c[0].rse != 0.0)
		fprintf(f, "  ( +-%6.2f%% )", c[0].rse);
	fputc('\n', f);
	return 0;
}

/* metric,unit,mean,stderr,rse_pct,runs; then with TABLE run,metric,value. */
static int
put_csv(FILE *f, const struct cmd_report *r, const struct col *c, size_t n,
	int table)
{
	fprintf(f, "metric,unit,mean,stderr,rse_pct,runs\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s,%s,%.17g,%.17g,%.4f,%zu\n", c[i].name, c[i].unit,
			c[i].mean, c[i].sem, c[i].rse, r->n_runs);
	if (!table)
		return 0;
	fprintf(f, "\nrun,metric,value\n");
	for (size_t k = 0; k < r->n_runs; k++) {
		fprintf(f, "%zu,elapsed,%lld\n", k + 1,
			(long long)r->runs[k].elapsed_ns);
		for (int id = 0; id < MEASURE_COUNT; id++) {
			int64_t v;

			if (measure_get(&r->runs[k].m, (enum measure_id)id, &v))
				fprintf(f, "%zu,%s,%lld\n", k + 1,
					measure_def((enum measure_id)id)->name,
					(long long)v);
		}
	}
	return 0;
}

static struct json_object *
jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *
json_runs(const struct cmd_report *r)
{
	struct json_object *a = json_object_new_array();

	for (size_t k = 0; k < r->n_runs; k++) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "elapsed_ns",
				       json_object_new_int64(r->runs[k].elapsed_ns));
		for (int id = 0; id < MEASURE_COUNT; id++) {
			int64_t v;

			if (measure_get(&r->runs[k].m, (enum measure_id)id, &v))
				json_object_object_add(o,
					measure_def((enum measure_id)id)->name,
					json_object_new_int64(v));
		}
		json_object_array_add(a, o);
	}
	return a;
}

static int
put_json(FILE *f, const struct cmd_report *r, const struct col *c, size_t n,
	 int table)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *argv = json_object_new_array();
	struct json_object *ms = json_object_new_array();
	int rc;

	(void)table;	/* each run is in the document */
	for (size_t i = 0; r->argv[i] != NULL; i++)
		json_object_array_add(argv, jsonout_string(r->argv[i]));
	json_object_object_add(doc, "test", jsonout_string(r->name));
	json_object_object_add(doc, "tag", jsonout_string(r->tag));
	json_object_object_add(doc, "command", argv);
	json_object_object_add(doc, "runs", json_object_new_int64((int64_t)r->n_runs));
	json_object_object_add(doc, "failed", json_object_new_int64((int64_t)r->n_failed));
	json_object_object_add(doc, "better", json_object_new_string("lower"));
	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "metric", json_object_new_string(c[i].name));
		json_object_object_add(o, "unit", json_object_new_string(c[i].unit));
		json_object_object_add(o, "mean", jnum(c[i].mean));
		json_object_object_add(o, "stderr", jnum(c[i].sem));
		json_object_object_add(o, "rse_pct", jnum(c[i].rse));
		json_object_array_add(ms, o);
	}
	json_object_object_add(doc, "metrics", ms);
	json_object_object_add(doc, "per_run", json_runs(r));
	rc = fprintf(f, "%s\n", json_object_to_json_string_ext(doc,
				JSON_C_TO_STRING_PRETTY)) < 0 ? -1 : 0;
	json_object_put(doc);
	return rc;
}

static const struct cmd_format text = { "text", 1, put_text };
static const struct cmd_format csv = { "csv", 0, put_csv };
static const struct cmd_format json = { "json", 0, put_json };

const struct cmd_format *const cmd_formats[] = { &text, &csv, &json, NULL };

const struct cmd_format *
cmd_format_find(const char *name)
{
	for (size_t i = 0; cmd_formats[i] != NULL; i++)
		if (strcmp(cmd_formats[i]->name, name) == 0)
			return cmd_formats[i];
	return NULL;
}

int
cmd_print(FILE *f, const struct cmd_report *r,
	  const struct cmd_format *format, int table)
{
	size_t n;
	struct col *c = columns(r, &n);
	int rc = 0;

	if (n == 0) {
		free(c);
		return 0;
	}
	rc = format->put(f, r, c, n, table);
	free(c);
	return rc != 0 || fflush(f) != 0 || ferror(f) ? -1 : 0;
}
