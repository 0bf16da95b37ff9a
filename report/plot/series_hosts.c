// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A series never crosses machines: over a store of several (a fleet's,
 * or one that holds another box's runs) each machine's tags are drawn
 * and judged as a series of their own, and a step between two tags of
 * one machine is judged only when the comparability gate of lib/core/gate.h
 * lets them be compared (the same CPU model, memory size and aimkit
 * build), unless --force, which says so.
 */
#include "config.h"

#include "series_db.h"

#include <stdlib.h>
#include <string.h>

#include "compare_env.h"
#include "gate.h"
#include "xalloc.h"

static int
same_host(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* The distinct machines of the N tags' runs (NULL: unknown), in order. */
static size_t
hosts_of(const struct qplot_tag *tags, size_t n, const char ***out)
{
	size_t k = 0;

	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < tags[i].n_runs; j++) {
			const char *h = tags[i].runs[j].host;
			size_t m;

			for (m = 0; m < k && !same_host((*out)[m], h); m++)
				continue;
			if (m < k)
				continue;
			*out = xrealloc(*out, (k + 1) * sizeof(**out));
			(*out)[k++] = h;
		}
	}
	return k;
}

/*
 * A view of ALL with only the runs of HOST and their results: arrays of
 * its own, strings and sample rates borrowed.  Free its two arrays.
 */
static void
tag_of_host(const struct qplot_tag *all, const char *host,
	    struct qplot_tag *out)
{
	size_t *at = xcalloc(all->n_runs + 1, sizeof(*at));

	memset(out, 0, sizeof(*out));
	out->tag = all->tag;
	out->runs = xcalloc(all->n_runs + 1, sizeof(*out->runs));
	out->results = xcalloc(all->n_results + 1, sizeof(*out->results));
	for (size_t j = 0; j < all->n_runs; j++) {
		at[j] = out->n_runs;
		if (same_host(all->runs[j].host, host))
			out->runs[out->n_runs++] = all->runs[j];
	}
	for (size_t r = 0; r < all->n_results; r++) {
		const struct qplot_result *res = &all->results[r];

		if (!same_host(all->runs[res->run].host, host))
			continue;
		out->results[out->n_results] = *res;
		out->results[out->n_results++].run = at[res->run];
	}
	free(at);
}

void
series_hosts_model(const struct qplot_tag *tags, size_t n,
		   const struct plot_want *want, size_t n_want,
		   struct plot_model *m)
{
	const char **hosts;
	size_t n_hosts = hosts_of(tags, n, &hosts);
	struct qplot_tag *view = xcalloc(n + 1, sizeof(*view));

	if (n_hosts < 2) {
		plot_model_build(tags, n, want, n_want, m);
		free(hosts);
		free(view);
		return;
	}
	memset(m, 0, sizeof(*m));
	for (size_t h = 0; h < n_hosts; h++) {
		struct plot_model one;

		for (size_t i = 0; i < n; i++)
			tag_of_host(&tags[i], hosts[h], &view[i]);
		plot_model_build(view, n, want, n_want, &one);
		if (h == 0) {
			m->tags = one.tags;
			m->n_tags = one.n_tags;
			one.tags = NULL;
			one.n_tags = 0;
		}
		plot_model_take(m, &one, hosts[h]);
		for (size_t i = 0; i < n; i++) {
			free(view[i].runs);
			free(view[i].results);
		}
	}
	free(view);
	free(hosts);
}

/*
 * The runs of Q on the machine named HOST as a side for the gate: every
 * run when HOST is NULL (one machine), those without a host when it is
 * the split's "unknown".
 */
static void
side_on(const struct query_tag *q, const char *host, struct query_tag *view)
{
	*view = *q;
	view->runs = xcalloc(q->n_runs + 1, sizeof(*view->runs));
	view->n_runs = 0;
	for (size_t j = 0; j < q->n_runs; j++) {
		const char *h = q->runs[j].host;

		if (host == NULL ||
		    same_host(h != NULL ? h : "unknown", host))
			view->runs[view->n_runs++] = q->runs[j];
	}
}

/* A line of SD's notes, once. */
static void
note(struct series_db *sd, char *line)
{
	for (size_t i = 0; i < sd->n_notes; i++) {
		if (strcmp(sd->notes[i], line) == 0) {
			free(line);
			return;
		}
	}
	sd->notes = xrealloc(sd->notes, (sd->n_notes + 1) * sizeof(*sd->notes));
	sd->notes[sd->n_notes++] = line;
}

/*
 * The gate between tags FROM and TO of test TEST's machine: refused
 * steps are noted once per pair of tags, and judged only with --force.
 */
int
series_hosts_comparable(void *arg, size_t test, size_t from, size_t to)
{
	struct series_db *sd = arg;
	const char *host = sd->model.tests[test].host;
	struct query_tag view[2];
	struct gate_side g[2];
	char **why = NULL;
	size_t n_why = 0;
	const struct gate_lines refuse = { &why, &n_why };

	/* The split's "unknown" machine is the runs without a host. */
	side_on(&sd->envs[from], host, &view[0]);
	side_on(&sd->envs[to], host, &view[1]);
	for (size_t s = 0; s < 2; s++)
		compare_env_gate(&view[s], &g[s]);
	gate_compare(g, 2, NULL, &refuse);
	if (n_why > 0)
		note(sd, gate_say(sd->model.tags[from], sd->model.tags[to],
				  why, n_why, sd->force));
	for (size_t i = 0; i < n_why; i++)
		free(why[i]);
	free(why);
	free(view[0].runs);
	free(view[1].runs);
	return n_why == 0 || sd->force;
}
