// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The header facts of a comparison: what each side pools, and, through
 * the comparability gate of lib/core/gate.c (one rule for every command that
 * compares), where the environments differ and whether that refuses.
 */
#include "config.h"

#include "compare_env.h"

#include <stdlib.h>
#include <string.h>

#include "gate.h"
#include "xalloc.h"

/* The gate reads a loaded side through these. */
static const char *
side_value(const void *ctx, size_t i, const char *key)
{
	return record_env(&((const struct query_tag *)ctx)->runs[i], key);
}

static const char *
side_host(const void *ctx, size_t i)
{
	return ((const struct query_tag *)ctx)->runs[i].host;
}

static const char *
side_source(const void *ctx, size_t i)
{
	return ((const struct query_tag *)ctx)->runs[i].source;
}

static size_t
side_n_env(const void *ctx, size_t i)
{
	return ((const struct query_tag *)ctx)->runs[i].n_env;
}

void
compare_env_gate(const struct query_tag *q, struct gate_side *out)
{
	*out = (struct gate_side){
		.tag = q->tag, .n_runs = q->n_runs, .ctx = q,
		.value = side_value, .host = side_host, .source = side_source,
		.n_env = side_n_env,
	};
}

/* The N SIDES as the gate reads them; malloc'd. */
static struct gate_side *
gate_sides(const struct query_tag *sides, size_t n)
{
	struct gate_side *g = xcalloc(n ? n : 1, sizeof(*g));

	for (size_t s = 0; s < n; s++)
		compare_env_gate(&sides[s], &g[s]);
	return g;
}

const char *
compare_mode_mixed(const struct query_tag *sides, size_t n)
{
	struct gate_side *g = gate_sides(sides, n);
	const char *tag = gate_mode_mixed(g, n);

	free(g);
	return tag;
}

/* A recorded value of KEY of RUN, as the gate reads one. */
static const char *
run_value(const struct record_run *run, const char *key)
{
	const char *v = record_env(run, key);

	if (v == NULL || v[0] == '\0' || strcmp(v, "unknown") == 0)
		return NULL;
	return v;
}

const char *
compare_env_boot(const struct query_tag *side, int64_t run_id)
{
	for (size_t i = 0; side != NULL && i < side->n_runs; i++)
		if (side->runs[i].id == run_id)
			return run_value(&side->runs[i], "boot_id");
	return NULL;
}

static void
count_boots(const struct query_tag *q, struct cmp_side *s)
{
	for (size_t i = 0; i < q->n_runs; i++) {
		const char *b = run_value(&q->runs[i], "boot_id");
		int seen = 0;

		if (b == NULL) {
			s->boots_unknown = 1;
			continue;
		}
		for (size_t j = 0; j < i && !seen; j++) {
			const char *c = run_value(&q->runs[j], "boot_id");

			seen = c != NULL && strcmp(b, c) == 0;
		}
		s->n_boots += !seen;
	}
}

/* Processes, samples and flagged samples over every ok result. */
static void
count_samples(const struct query_tag *q, int exclude, struct cmp_side *s)
{
	for (size_t i = 0; i < q->n_results; i++) {
		const struct record_result *r = &q->results[i];
		struct cmp_value v;

		if (strcmp(r->status, "ok") != 0)
			continue;
		s->n_samples += r->n_samples;
		if (r->n_samples == 0)
			continue;
		memset(&v, 0, sizeof(v));
		v.better = r->better;
		compare_value_stats(q, &r, 1, exclude, STATS_BASIS_MEAN, &v);
		/* Each run of a timed command is a process of its own. */
		s->n_procs += r->better == MEASURE_LOWER ? r->n_samples : 1;
		s->n_flagged += v.n_flagged;
		s->n_excluded += v.n_excluded;
		compare_value_free(&v);
	}
}

static void
fill_side(const struct query_tag *q, const struct gate_side *g, int exclude,
	  struct cmp_side *s)
{
	size_t count;

	s->tag = q->tag;
	s->n_runs = q->n_runs;
	s->run_ids = xcalloc(q->n_runs ? q->n_runs : 1, sizeof(*s->run_ids));
	for (size_t i = 0; i < q->n_runs; i++) {
		s->run_ids[i] = q->runs[i].id;
		if (q->runs[i].status == NULL ||
		    strcmp(q->runs[i].status, "complete") != 0)
			s->n_incomplete++;
	}
	count_samples(q, exclude, s);
	count_boots(q, s);
	s->kernels = gate_distinct(g, "uname.release", &count);
	if (s->kernels == NULL)
		s->kernels = xstrdup("unknown");
	s->hosts = gate_distinct(g, "hostname", &count);
	if (s->hosts == NULL)
		s->hosts = xstrdup("unknown");
}

void
compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	struct gate_side *g = gate_sides(sides, n);

	t->sides = xcalloc(n, sizeof(*t->sides));
	for (size_t s = 0; s < n; s++)
		fill_side(&sides[s], &g[s], t->opt.exclude_flagged,
			  &t->sides[s]);
	free(g);
}

void
compare_env_gate_all(const struct query_tag *sides, size_t n,
		     struct cmp_table *t)
{
	struct gate_side *g = gate_sides(sides, n);
	const struct gate_lines warn = { &t->warnings, &t->n_warnings };
	const struct gate_lines refuse = { &t->refusals, &t->n_refusals };

	gate_compare(g, n, &warn, &refuse);
	free(g);
}

int
compare_env_known(const struct query_tag *side)
{
	struct gate_side g;

	compare_env_gate(side, &g);
	return gate_has_env(&g);
}
