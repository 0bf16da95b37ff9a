// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The change-point pipeline shared by aimplot and aimcmp --series: tags
 * picked and ordered (tagorder), loaded (query_plot), gridded
 * (plot_model) and judged step by step (series); series_out.c lists
 * the result in text, CSV and JSON.
 */
#include "config.h"

#include "series_db.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_exit.h"
#include "compare.h"
#include "csvout.h"
#include "jsonout.h"
#include "log.h"
#include "query.h"
#include "xalloc.h"
#include "tag.h"

/* Tags by their first run: its start, then its id. */
static int
first_cmp(const void *pa, const void *pb)
{
	const struct qplot_tag_info *a = *(const struct qplot_tag_info *const *)pa;
	const struct qplot_tag_info *b = *(const struct qplot_tag_info *const *)pb;
	int c = strcmp(a->first_utc != NULL ? a->first_utc : "",
		       b->first_utc != NULL ? b->first_utc : "");

	if (c != 0)
		return c;
	return a->first_id < b->first_id ? -1 : a->first_id > b->first_id;
}

/* One line on stderr: the first SKIP of the N tags SORTED are left out. */
static void
say_left_out(const struct series_db_opts *o,
	     const struct qplot_tag_info *const *sorted, size_t n, size_t skip)
{
	const struct series_window *w = &o->window;
	char window[64];

	if (w->since != NULL && (!w->last_given || w->last == 0 ||
				 n - skip < w->last))
		snprintf(window, sizeof(window), "the %zu since %s", n - skip,
			 w->since);
	else
		snprintf(window, sizeof(window), "the last %zu", n - skip);
	aim_warn("series of %s of %zu tags%s%s: %zu earlier left out, %s (%s) to %s (%s) (--last N, 0 for all, or --since DATE for others)",
		 window, n, o->host != NULL ? " of host " : "",
		 o->host != NULL ? o->host : "", skip, sorted[0]->tag,
		 sorted[0]->first_utc, sorted[skip - 1]->tag,
		 sorted[skip - 1]->first_utc);
}

/*
 * The window of a store's tags when none is named, as items pointing
 * into INFO (unsorted); the ones left out are said on stderr.
 */
static void
window(const struct series_db_opts *o, const struct qplot_tag_info *info,
       size_t n_info, struct tagorder_item *items, size_t *n)
{
	const struct qplot_tag_info **sorted = xcalloc(n_info + 1,
						       sizeof(*sorted));
	const struct series_window *w = &o->window;
	size_t last = w->last_given || w->since != NULL ? w->last :
		      SERIES_DB_LAST, skip = 0;

	for (size_t i = 0; i < n_info; i++)
		sorted[i] = &info[i];
	qsort(sorted, n_info, sizeof(*sorted), first_cmp);
	while (w->since != NULL && skip < n_info &&
	       strcmp(sorted[skip]->first_utc != NULL ?
		      sorted[skip]->first_utc : "", w->since) < 0)
		skip++;
	if (last > 0 && n_info - skip > last)
		skip = n_info - last;
	if (skip > 0)
		say_left_out(o, sorted, n_info, skip);
	for (*n = 0; skip + *n < n_info; (*n)++) {
		items[*n].tag = sorted[skip + *n]->tag;
		items[*n].first_utc = sorted[skip + *n]->first_utc;
		items[*n].first_id = sorted[skip + *n]->first_id;
	}
	free(sorted);
}

/* The tags of the series, in series order, as items pointing into INFO. */
static int
pick_tags(const struct series_db_opts *o, const struct qplot_tag_info *info,
	  size_t n_info, const char *path, struct tagorder_item **items,
	  size_t *n)
{
	*items = xcalloc((o->n_tags > 0 ? o->n_tags : n_info) + 1,
			 sizeof(**items));
	*n = 0;
	if (o->n_tags == 0)
		window(o, info, n_info, *items, n);
	for (size_t k = 0; k < o->n_tags; k++) {
		const char *tag = o->tags[k];
		size_t i;

		for (i = 0; i < n_info && strcmp(info[i].tag, tag) != 0; i++)
			continue;
		if (i == n_info)
			return query_no_runs(tag, o->host, path);
		for (size_t j = 0; j < *n; j++) {
			if (strcmp((*items)[j].tag, tag) == 0) {
				aim_warn("%s: tag given twice", tag);
				return CLI_USER;
			}
		}
		(*items)[*n].tag = info[i].tag;
		(*items)[*n].first_utc = info[i].first_utc;
		(*items)[(*n)++].first_id = info[i].first_id;
	}
	tagorder_sort(*items, *n, o->order);
	return CLI_OK;
}

/* Whether a result named NAME is among those of the N tags T. */
static int
loaded(const struct qplot_tag *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < t[i].n_results; j++)
			if (strcmp(t[i].results[j].test, name) == 0)
				return 1;
	return 0;
}

/* The names the results of the N tags T hold, into *SEEN (malloc'd). */
static size_t
seen_of(const struct qplot_tag *t, size_t n, struct cli_test_seen **seen)
{
	size_t n_seen = 0, total = 0;

	for (size_t i = 0; i < n; i++)
		total += t[i].n_results;
	*seen = xcalloc(total + 1, sizeof(**seen));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < t[i].n_results; j++) {
			const struct qplot_result *r = &t[i].results[j];

			(*seen)[n_seen++] = (struct cli_test_seen){
				r->number, r->test, r->units };
		}
	return n_seen;
}

/*
 * The tags of SD read again with every test, or NULL when that fails
 * (said): only --tests' results were read, and a name none of them has
 * is answered with the near names the tags hold.
 */
static struct qplot_tag *
every_test(struct db *db, const struct series_db_opts *o,
	   const struct series_db *sd)
{
	const struct qplot_pick every = { o->host, NULL, 0 };
	struct qplot_tag *all = xcalloc(sd->n_tags + 1, sizeof(*all));

	for (size_t i = 0; i < sd->n_tags; i++)
		if (qplot_load(db, sd->tags[i].tag, &every, &all[i]) < 0) {
			/* A failed load freed its own. */
			for (size_t k = 0; k < i; k++)
				qplot_free(&all[k]);
			free(all);
			return NULL;
		}
	return all;
}

/*
 * --tests matched against the names the loaded tags' results hold, into
 * *WANT (malloc'd, *N): CLI_OK, or CLI_USER after the line naming them
 * (CLI_ENV when the store fails).
 */
static int
tests_of_tags(struct db *db, const struct series_db_opts *o,
	      const struct series_db *sd, struct plot_want **want, size_t *n)
{
	struct cli_test_seen *seen;
	struct qplot_tag *all = NULL;
	char **tags = xcalloc(sd->n_tags + 1, sizeof(*tags));
	size_t n_seen;
	int rc;

	for (size_t i = 0; i < o->n_want && all == NULL; i++)
		if (!loaded(sd->tags, sd->n_tags, o->want[i].name) &&
		    (all = every_test(db, o, sd)) == NULL) {
			free(tags);
			return CLI_ENV;
		}
	for (size_t i = 0; i < sd->n_tags; i++)
		tags[i] = sd->tags[i].tag;
	n_seen = seen_of(all != NULL ? all : sd->tags, sd->n_tags, &seen);
	*n = o->n_want;
	*want = xcalloc(o->n_want + 1, sizeof(**want));
	memcpy(*want, o->want, o->n_want * sizeof(**want));
	rc = cli_tests_resolve(*want, n, seen, n_seen, tags, sd->n_tags);
	free(seen);
	free(tags);
	for (size_t i = 0; all != NULL && i < sd->n_tags; i++)
		qplot_free(&all[i]);
	free(all);
	return rc;
}

/* The grid and its steps, from the loaded tags. */
static int
judge(struct db *db, const struct series_db_opts *o, struct series_db *sd)
{
	struct plot_model *m = &sd->model;
	struct plot_want *want = NULL;
	size_t n_want = 0;
	const struct series_gate gate = { series_hosts_comparable, sd };
	int rc;

	if (o->n_want > 0 &&
	    (rc = tests_of_tags(db, o, sd, &want, &n_want)) != CLI_OK) {
		free(want);
		return rc;
	}
	series_hosts_model(sd->tags, sd->n_tags, want, n_want, m);
	free(want);
	if (m->n_tests == 0) {
		aim_warn("no ok results in these tags");
		return CLI_USER;
	}
	sd->tests = plot_series_tests(m);
	if (series_compute_gated(sd->tests, m->n_tests, m->n_tags, &o->stats,
				 &gate, &sd->steps) < 0) {
		aim_warn("invalid --alpha or --equivalence");
		return CLI_USER;
	}
	return CLI_OK;
}

int
series_db_load(struct db *db, const char *path,
	       const struct series_db_opts *o, struct series_db *out)
{
	struct qplot_tag_info *info;
	struct tagorder_item *items = NULL;
	const char **names = xcalloc(o->n_want + 1, sizeof(*names));
	const struct qplot_pick pick = { o->host, names, o->n_want };
	size_t n_info, n = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	out->order = o->order;
	out->force = o->force;
	for (size_t k = 0; k < o->n_want; k++)
		names[k] = o->want[k].name;
	if (qplot_tags(db, o->host, &info, &n_info) < 0) {
		free(names);
		return CLI_ENV;
	}
	rc = pick_tags(o, info, n_info, path, &items, &n);
	if (rc == CLI_OK) {
		out->tags = xcalloc(n + 1, sizeof(*out->tags));
		out->envs = xcalloc(n + 1, sizeof(*out->envs));
		for (; out->n_tags < n && rc == CLI_OK; out->n_tags++)
			if (qplot_load(db, items[out->n_tags].tag, &pick,
				       &out->tags[out->n_tags]) < 0 ||
			    query_runs_load(db, items[out->n_tags].tag,
					    o->host, &out->envs[out->n_tags]) < 0)
				rc = CLI_ENV;
	}
	if (rc == CLI_OK)
		rc = judge(db, o, out);
	free(items);
	free(names);
	qplot_tags_free(info, n_info);
	return rc;
}

void
series_db_free(struct series_db *sd)
{
	series_free(&sd->steps);
	plot_series_free(sd->tests, sd->model.n_tests);
	plot_model_free(&sd->model);
	for (size_t i = 0; i < sd->n_tags; i++) {
		qplot_free(&sd->tags[i]);
		if (sd->envs != NULL)
			query_tag_free(&sd->envs[i]);
	}
	for (size_t i = 0; i < sd->n_notes; i++)
		free(sd->notes[i]);
	free(sd->notes);
	series_hosts_memo_free(sd);
	free(sd->envs);
	free(sd->tags);
	memset(sd, 0, sizeof(*sd));
}
