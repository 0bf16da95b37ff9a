// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plans behind a comparison (aimcmp): those whose finished boots
 * stored runs of the compared tags, read whole through lib/store/store_plan.h,
 * and the costs they measured, for the header and the sizing.
 */
#include "config.h"

#include "query_plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "log.h"
#include "stats.h"
#include "xalloc.h"

/* Whether a finished boot of P ran a kernel tagged one of TAGS. */
static int
behind(const struct plan *p, char *const *tags, size_t n)
{
	for (size_t i = 0; i < p->n_boots; i++) {
		const char *tag = p->kernels[p->boots[i].kernel].tag;

		if (p->boots[i].state != PLAN_BOOT_DONE)
			continue;
		for (size_t j = 0; j < n; j++)
			if (strcmp(tags[j], tag) == 0)
				return 1;
	}
	return 0;
}

/* The median costs the plans behind TAGS measured. */
static int
costs_of(struct db *db, char *const *tags, size_t n, struct plan_costs *out)
{
	double *boot = NULL, *proc = NULL;
	size_t k = 0;
	int rc = store_plan_costs(db, (const char *const *)tags, n, &boot,
				  &proc, &k, &out->plan_id);

	out->n_boots = rc == 0 ? k : 0;
	out->boot_s = k > 0 ? stats_median(boot, k) : NAN;
	out->process_s = k > 0 ? stats_median(proc, k) : NAN;
	free(boot);
	free(proc);
	return rc;
}

int
query_plans(struct db *db, char *const *tags, size_t n, struct plan **plans,
	    size_t *n_plans, struct plan_costs *costs)
{
	int64_t *ids = NULL;
	size_t n_ids = 0;
	int rc = store_plan_ids(db, &ids, &n_ids);

	*plans = NULL;
	*n_plans = 0;
	for (size_t i = 0; i < n_ids && rc == 0; i++) {
		struct plan p;

		rc = store_plan_load(db, ids[i], &p) < 0 ? -1 : 0;
		if (rc < 0)
			break;
		if (!behind(&p, tags, n)) {
			store_plan_free(&p);
			continue;
		}
		*plans = xrealloc(*plans, (*n_plans + 1) * sizeof(**plans));
		(*plans)[(*n_plans)++] = p;
	}
	free(ids);
	if (rc == 0)
		rc = costs_of(db, tags, n, costs);
	if (rc < 0) {
		aim_warn("cannot read the plans: %s", db_errmsg(db));
		query_plans_free(*plans, *n_plans);
		*plans = NULL;
		*n_plans = 0;
	}
	return rc;
}

void
query_plans_free(struct plan *plans, size_t n)
{
	for (size_t i = 0; i < n; i++)
		store_plan_free(&plans[i]);
	free(plans);
}
