// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared fixture of the comparison tests: tags, runs, results and samples
 * built in memory as query.c would load them, and the rendering of a
 * table, so compare-t and verdict-t describe their data the same way.
 */
#include "config.h"

#include "cmpfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "tap.h"
#include "xalloc.h"

const char cmpfx_add_units[] = "Thousand Long Integer Additions/second";

void
cmpfx_env(struct record_run *r, const char *key, const char *value)
{
	record_add_env(r, key, value);
}

struct record_run *
cmpfx_run(struct query_tag *t, int64_t id, const char *host, const char *cpu)
{
	struct record_run *r;

	t->runs = xrealloc(t->runs, (t->n_runs + 1) * sizeof(*t->runs));
	r = &t->runs[t->n_runs++];
	memset(r, 0, sizeof(*r));
	r->id = id;
	r->tag = record_strdup(r, t->tag);
	r->status = "complete";
	r->host = record_strdup(r, host);
	if (cpu != NULL) {
		cmpfx_env(r, "cpu.model", cpu);
		cmpfx_env(r, "uname.release", "6.8.0");
	}
	return r;
}

static const char *
units_of(int number)
{
	switch (number) {
	case 3:
		return cmpfx_add_units;
	case 8:
		return "System Memory Allocations/second";
	case 11:
		return "Program Loads/second";
	default:
		return "Task Creations/second";
	}
}

struct record_result *
cmpfx_result(struct query_tag *t, int number, const char *test,
	     const char *status, unsigned long factor)
{
	struct record_result *r;

	t->results = xrealloc(t->results,
			      (t->n_results + 1) * sizeof(*t->results));
	r = &t->results[t->n_results++];
	memset(r, 0, sizeof(*r));
	r->run_id = t->n_runs > 0 ? t->runs[t->n_runs - 1].id : 1;
	r->number = number;
	r->test = record_strdup(&t->own, test);
	r->status = record_strdup(&t->own, status);
	r->factor = factor;
	r->units = units_of(number);
	/* As aimrun stores it: the catalog's, the mean for names it lacks. */
	r->judged = catalog_find(test) != NULL ? catalog_find(test)->judged
					       : MEASURE_JUDGED_MEAN;
	r->rep = (int)t->n_results;
	return r;
}

void
cmpfx_sample(struct record_result *r, int64_t calls, int64_t elapsed_ns,
	     double printed)
{
	struct measure_sample *s;

	r->samples = xrealloc(r->samples, (r->n_samples + 1) * sizeof(*s));
	s = &r->samples[r->n_samples++];
	measure_init(s, (int)r->n_samples);
	s->calls = calls;
	s->elapsed_ns = elapsed_ns;
	s->printed_ops = printed >= 0 ? printed : -1.0;
}

/* A tag with no runs yet (RUN 0) or with one plain run. */
void
cmpfx_tag(struct query_tag *t, const char *tag, int64_t run)
{
	memset(t, 0, sizeof(*t));
	t->tag = xstrdup(tag);
	if (run > 0)
		cmpfx_run(t, run, NULL, NULL);
}

/* An imported classic report of one test: one printed sample. */
void
cmpfx_printed_tag(struct query_tag *t, const char *tag, int64_t run,
		  double ops)
{
	cmpfx_tag(t, tag, run);
	cmpfx_sample(cmpfx_result(t, 3, "add_long", "ok", 60000), 100,
		     2000000000, ops);
}

char *
cmpfx_render(const char *format, const struct cmp_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream failed");
	ok(fmt_find(format)->table(f, t, 0) == 0, "format %s writes", format);
	if (fclose(f) != 0)
		bail("cannot close the memory stream");
	return buf;
}

/* The data lines only: the header and legend start with '#'. */
char *
cmpfx_data_lines(const char *text)
{
	char *out = xstrdup(""), *copy = xstrdup(text), *save = NULL;

	for (char *l = strtok_r(copy, "\n", &save); l != NULL;
	     l = strtok_r(NULL, "\n", &save)) {
		char *next;

		if (l[0] == '#')
			continue;
		next = xasprintf("%s%s\n", out, l);
		free(out);
		out = next;
	}
	free(copy);
	return out;
}

void
cmpfx_release(struct cmp_table *t, struct query_tag *s, size_t n)
{
	compare_free(t);
	for (size_t i = 0; i < n; i++)
		query_tag_free(&s[i]);
}

