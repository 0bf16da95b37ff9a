/*
 * Environment checks for a comparison.  A difference of machine, CPU,
 * governor, THP mode, mitigations or aimkit version can move results more
 * than the kernel change under study, so each one becomes a warning.
 */
#include "config.h"

#include "compare_env.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

struct env_key {
	const char *key;
	const char *label;
};

/* The order of the warnings. */
static const struct env_key checked[] = {
	{ "hostname", "machine" },
	{ "cpu.model", "CPU model" },
	{ "cpufreq.governor", "cpufreq governor" },
	{ "thp.enabled", "THP" },
	{ "mitigations", "mitigations" },
	{ "aimkit.version", "aimkit version" },
};

static const char *
run_value(const struct query_run *run, const char *key)
{
	/* The run row names the machine even for imports without env. */
	if (strcmp(key, "hostname") == 0 && run->host != NULL &&
	    run->host[0] != '\0')
		return run->host;
	return query_env(run, key);
}

/*
 * Distinct values of KEY over the runs of SIDE, in run order, joined by
 * ", " (malloc'd); NULL when no run has it.  *COUNT gets their number.
 */
static char *
distinct(const struct query_tag *side, const char *key, size_t *count)
{
	char *out = NULL;

	*count = 0;
	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = run_value(&side->runs[i], key);
		int seen = 0;

		if (v == NULL || v[0] == '\0')
			continue;
		for (size_t j = 0; j < i && !seen; j++) {
			const char *w = run_value(&side->runs[j], key);

			seen = w != NULL && strcmp(v, w) == 0;
		}
		if (seen)
			continue;
		if (out == NULL) {
			out = xstrdup(v);
		} else {
			char *joined = xasprintf("%s, %s", out, v);

			free(out);
			out = joined;
		}
		(*count)++;
	}
	return out;
}

static void
add_warning(struct cmp_table *t, char *msg)
{
	t->warnings = xrealloc(t->warnings,
			       (t->n_warnings + 1) * sizeof(*t->warnings));
	t->warnings[t->n_warnings++] = msg;
}

static void
fill_side(const struct query_tag *q, struct cmp_side *s)
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
	for (size_t i = 0; i < q->n_results; i++)
		if (strcmp(q->results[i].status, "ok") == 0)
			s->n_samples += q->results[i].n_samples;
	s->kernels = distinct(q, "uname.release", &count);
	if (s->kernels == NULL)
		s->kernels = xstrdup("unknown");
	s->hosts = distinct(q, "hostname", &count);
	if (s->hosts == NULL)
		s->hosts = xstrdup("unknown");
}

/* Warnings for one key: runs of one side that disagree, then each NEW. */
static void
check_key(const struct query_tag *sides, size_t n, const struct env_key *k,
	  struct cmp_table *t)
{
	char **vals = xcalloc(n, sizeof(*vals));
	size_t count;

	for (size_t s = 0; s < n; s++) {
		vals[s] = distinct(&sides[s], k->key, &count);
		if (count > 1)
			add_warning(t, xasprintf("runs of %s differ in %s: %s",
						 sides[s].tag, k->label,
						 vals[s]));
	}
	for (size_t s = 1; s < n; s++)
		if (vals[0] != NULL && vals[s] != NULL &&
		    strcmp(vals[0], vals[s]) != 0)
			add_warning(t, xasprintf("%s differs: %s (%s) vs %s (%s)",
						 k->label, vals[0],
						 sides[0].tag, vals[s],
						 sides[s].tag));
	for (size_t s = 0; s < n; s++)
		free(vals[s]);
	free(vals);
}

void
compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	t->sides = xcalloc(n, sizeof(*t->sides));
	for (size_t s = 0; s < n; s++)
		fill_side(&sides[s], &t->sides[s]);
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++)
		check_key(sides, n, &checked[i], t);
}
