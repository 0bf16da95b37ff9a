/*
 * How the copies of a run ran: as processes (aimrun --copies), or as
 * threads of one process (--threads, the run fact copies_mode=threads).
 * A thread shares its process's address space, locks and files with the
 * others, so the same count as threads measures another thing: a
 * comparison across the two, or a side that pools both, is refused.
 */
#include "config.h"

#include <string.h>

#include "compare_env.h"
#include "xalloc.h"

/* A run without the fact ran its copies as processes. */
static const char *
run_mode(const struct query_run *run)
{
	const char *v = query_env(run, "copies_mode");

	return v != NULL && strcmp(v, "threads") == 0 ? "threads" : "processes";
}

/* The mode of every run of Q, or NULL when its runs differ. */
static const char *
side_mode(const struct query_tag *q)
{
	const char *m = q->n_runs > 0 ? run_mode(&q->runs[0]) : "processes";

	for (size_t i = 1; i < q->n_runs; i++)
		if (strcmp(run_mode(&q->runs[i]), m) != 0)
			return NULL;
	return m;
}

static void
refuse(struct cmp_table *t, char *what)
{
	t->refusals = xrealloc(t->refusals,
			       (t->n_refusals + 1) * sizeof(*t->refusals));
	t->refusals[t->n_refusals++] = what;
}

const char *
compare_mode_mixed(const struct query_tag *sides, size_t n)
{
	for (size_t s = 0; s < n; s++)
		if (side_mode(&sides[s]) == NULL)
			return sides[s].tag;
	return NULL;
}

void
compare_mode(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	const char *base = side_mode(&sides[0]);

	for (size_t s = 0; s < n; s++) {
		const char *m = side_mode(&sides[s]);

		if (m == NULL) {
			compare_warn(t, xasprintf("runs of %s ran copies both as threads and as processes (aimrun --threads)",
						  sides[s].tag));
			refuse(t, xasprintf("copies as threads and as processes within %s",
					    sides[s].tag));
		} else if (s > 0 && base != NULL && strcmp(m, base) != 0) {
			compare_warn(t, xasprintf("copies ran as %s (%s) vs as %s (%s) (aimrun --threads)",
						  base, sides[0].tag, m,
						  sides[s].tag));
			refuse(t, n > 2 ? xasprintf("copies as threads and as processes of %s",
						    sides[s].tag)
				     : xstrdup("copies as threads and as processes"));
		}
	}
}
