/*
 * Whether the environment of a run is known.  A run imported without
 * any (a classic report, an older CSV export) may come from any machine,
 * CPU or build, so it is compared only with runs as unknown as itself:
 * the gate of compare_env.c could not see a difference.  Part of the
 * compare module.
 */
#include "config.h"

#include "compare_env.h"

#include <string.h>

#include "import.h"
#include "xalloc.h"

/*
 * Imported without an environment: marked so by the import, or, in a
 * database filled before imports marked it, an import that recorded
 * none of the build facts every measured run has.
 */
static int
env_unknown(const struct query_run *run)
{
	const char *mark = query_env(run, IMPORT_ENV_UNKNOWN_KEY);

	if (mark != NULL)
		return strcmp(mark, IMPORT_ENV_UNKNOWN) == 0;
	return run->source != NULL && strncmp(run->source, "import-", 7) == 0 &&
	       query_env(run, "aimkit.version") == NULL;
}

/* Whether some run of SIDE has a known (KNOWN 1) or unknown environment. */
static int
side_env(const struct query_tag *side, int known)
{
	for (size_t i = 0; i < side->n_runs; i++)
		if (env_unknown(&side->runs[i]) != known)
			return 1;
	return 0;
}

int
compare_env_has(const struct query_tag *side)
{
	for (size_t i = 0; i < side->n_runs; i++) {
		const struct query_run *r = &side->runs[i];

		/* The mark of an unknown environment is no environment. */
		if (r->n_env > (query_env(r, IMPORT_ENV_UNKNOWN_KEY) != NULL))
			return 1;
	}
	return 0;
}

/* Known against unknown, either way round: refused unless forced. */
void
compare_env_unknown(const struct query_tag *sides, size_t s,
		    struct cmp_table *t)
{
	const struct query_tag *unknown = NULL;

	if (side_env(&sides[0], 0) && side_env(&sides[s], 1))
		unknown = &sides[0];
	else if (side_env(&sides[0], 1) && side_env(&sides[s], 0))
		unknown = &sides[s];
	if (unknown == NULL)
		return;
	t->refusals = xrealloc(t->refusals,
			       (t->n_refusals + 1) * sizeof(*t->refusals));
	t->refusals[t->n_refusals++] =
		xasprintf("environment (unknown for %s)", unknown->tag);
}
