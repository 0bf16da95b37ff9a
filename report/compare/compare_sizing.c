// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sizing (doc/statistics.md, "Boots and sizing"): for each test whose
 * sides both have runs from two boots or more, the spread of its log
 * rates between boots, between processes of a boot and between samples
 * of a process, and from them and what a boot and a process cost, the
 * boots of each kernel and processes per boot that would resolve a given
 * change at the least cost (lib/stats/varcomp.c); the plans the runs came
 * from, with their order and progress.  Pure: the plans and their
 * measured costs are loaded by the caller.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* What a boot costs when no plan measured it, in seconds. */
#define SIZING_BOOT_S 60.0
/* A process's start and end beside its samples' time, when unmeasured. */
#define SIZING_PROCESS_EXTRA_S 0.05

/* The samples of TEST in SIDE: their spread within each process. */
static void
add_samples(const struct query_tag *side, const char *test,
	    struct varcomp_samples *vs, double *time_s, size_t *procs)
{
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];
		double x[64], t = 0.0;
		size_t k = 0;

		if (strcmp(r->test, test) != 0 || strcmp(r->status, "ok") != 0)
			continue;
		for (size_t j = 0; j < r->n_samples; j++) {
			const struct measure_sample *s = &r->samples[j];

			t += (double)s->elapsed_ns / 1e9;
			if (k < 64 && s->calls > 0 && s->elapsed_ns > 0)
				x[k++] = log((double)s->calls * r->factor *
					     1e9 / (double)s->elapsed_ns);
		}
		varcomp_samples_add(vs, x, k);
		*time_s += t;
		(*procs)++;
	}
}

/* Side S of ROW against the base. */
static void
size_one(const struct cmp_row *row, size_t s, const struct query_tag *sides,
	 const struct cmp_sizing_in *in, struct cmp_sizing *out)
{
	const struct cmp_value *a = &row->v[0], *b = &row->v[s];
	struct varcomp_samples vs = { 0.0, 0.0 };
	struct varcomp ca, cb, c;
	struct varcomp_cost cost;
	struct varcomp_size z;
	double time_s = 0.0;
	size_t procs = 0;

	memset(out, 0, sizeof(*out));
	if (a->state != CMP_OK || b->state != CMP_OK ||
	    varcomp_boots(a->runs, a->n_runs, &ca) < 0 ||
	    varcomp_boots(b->runs, b->n_runs, &cb) < 0)
		return;
	varcomp_pool(&ca, &cb, &c);
	add_samples(&sides[0], row->test, &vs, &time_s, &procs);
	add_samples(&sides[s], row->test, &vs, &time_s, &procs);
	cost.boot_s = in->costs.n_boots > 0 ? in->costs.boot_s : SIZING_BOOT_S;
	cost.process_s = in->costs.n_boots > 0 ? in->costs.process_s :
			 time_s / (double)(procs > 0 ? procs : 1) +
			 SIZING_PROCESS_EXTRA_S;
	if (varcomp_size(&c, &cost, in->change, in->alpha, STATS_POWER,
			 &z) < 0)
		return;
	out->valid = 1;
	out->between_pct = 100.0 * sqrt(c.between);
	out->within_pct = 100.0 * sqrt(c.within);
	out->sample_pct = 100.0 * sqrt(varcomp_samples_var(&vs));
	out->boots = z.boots;
	out->procs = z.procs;
	out->cost_s = z.cost_s;
	out->process_s = cost.process_s;
}

/* "9 boots with 2 processes", or "more than 1000 boots". Malloc'd. */
static char *
design(const struct cmp_sizing *z)
{
	if (z->boots == 0)
		return xasprintf("more than %d boots", VARCOMP_MAX_BOOTS);
	return xasprintf("%d boots with %d process%s each", z->boots, z->procs,
			 z->procs == 1 ? "" : "es");
}

static char *
spread(const struct cmp_sizing *z)
{
	return xasprintf("between boots %.2f %%, processes %.2f %%, samples "
			 "%.2f %%", z->between_pct, z->within_pct,
			 z->sample_pct);
}

/* The summary over the rows of side 1, and each row with PER_TEST. */
static void
say(struct cmp_table *t, const struct cmp_sizing_in *in)
{
	double *boots = xcalloc(t->n_rows + 1, sizeof(*boots));
	double *procs = xcalloc(t->n_rows + 1, sizeof(*procs));
	const struct cmp_row *top = NULL;
	size_t k = 0;
	char *d, *sp;

	for (size_t i = 0; i < t->n_rows; i++) {
		const struct cmp_sizing *z = &t->rows[i].sizing[0];

		if (!z->valid)
			continue;
		boots[k] = z->boots > 0 ? z->boots : VARCOMP_MAX_BOOTS + 1;
		procs[k++] = z->procs;
		if (top == NULL || boots[k - 1] > (top->sizing[0].boots > 0 ?
		    top->sizing[0].boots : VARCOMP_MAX_BOOTS + 1))
			top = &t->rows[i];
		if (!in->per_test)
			continue;
		d = design(z);
		sp = spread(z);
		compare_warn(t, xasprintf("sizing: %d %s: %s (%s)",
					  t->rows[i].number, t->rows[i].test,
					  d, sp));
		free(d);
		free(sp);
	}
	if (top != NULL) {
		double mb = stats_median(boots, k);
		char *median = mb > VARCOMP_MAX_BOOTS ?
			       xasprintf("more than %d", VARCOMP_MAX_BOOTS) :
			       xasprintf("%.0f", mb);

		d = design(&top->sizing[0]);
		sp = spread(&top->sizing[0]);
		compare_warn(t, xasprintf("sizing (Kalibera and Jones; %.0f %% power at alpha %g, each test alone): to resolve a %.2f %% change between %s and %s, with a boot costing %.0f s (%s) and a process %.2f s, the median test needs %s boots of each kernel with %.0f processes each; the most, %d %s: %s (%s)",
					  100.0 * STATS_POWER, in->alpha,
					  100.0 * in->change, t->sides[0].tag,
					  t->sides[1].tag,
					  in->costs.n_boots > 0 ?
					  in->costs.boot_s : SIZING_BOOT_S,
					  in->costs.n_boots > 0 ?
					  "as a plan measured it" :
					  "assumed: a plan measures it",
					  top->sizing[0].process_s, median,
					  stats_median(procs, k), top->number,
					  top->test, d, sp));
		free(median);
		free(d);
		free(sp);
	}
	free(boots);
	free(procs);
}

/* "plan 3 (done; via vm, tcg): base nomit | nomit base". Malloc'd. */
static char *
plan_line(const struct plan *p)
{
	char *line = xasprintf("plan %lld (%s%s%s; via %s%s%s):",
			       (long long)p->id, plan_state_name(p->state),
			       p->reason != NULL ? ": " : "",
			       p->reason != NULL ? p->reason : "",
			       plan_via_name(p->via), p->accel != NULL ? ", " : "",
			       p->accel != NULL ? p->accel : ""), *next;

	for (size_t i = 0; i < p->n_boots; i++) {
		const struct plan_boot *b = &p->boots[i];

		next = xasprintf("%s%s%s%s", line, i == 0 ? " " :
				 b->trial != p->boots[i - 1].trial ? " | " : " ",
				 p->kernels[b->kernel].tag,
				 b->state == PLAN_BOOT_DONE ? "" :
				 b->state == PLAN_BOOT_FAILED ? "(failed)" :
				 "(to come)");
		free(line);
		line = next;
	}
	return line;
}

void
compare_sizing(struct cmp_table *t, const struct query_tag *sides,
	       const struct cmp_sizing_in *in)
{
	int any = 0;

	for (size_t i = 0; i < in->n_plans; i++)
		compare_warn(t, plan_line(&in->plans[i]));
	if (!t->repeated || t->n_sides < 2 || !(in->change > 0.0))
		return;
	for (size_t i = 0; i < t->n_rows; i++) {
		struct cmp_row *row = &t->rows[i];

		row->sizing = xcalloc(t->n_sides - 1, sizeof(*row->sizing));
		for (size_t s = 1; s < t->n_sides; s++) {
			size_one(row, s, sides, in, &row->sizing[s - 1]);
			any |= row->sizing[s - 1].valid;
		}
	}
	if (any)
		say(t, in);
}
