/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The plans behind a comparison (report/query/query_plan.c).
 */
#ifndef AIM_QUERY_PLAN_H
#define AIM_QUERY_PLAN_H

#include <stddef.h>

#include "store_plan.h"

struct db;

/*
 * The plans (newest first) whose finished boots stored runs of the N
 * TAGS into *PLANS (malloc'd, free with query_plans_free), and the costs
 * they measured into *COSTS.  A database before plans has none.  0, or
 * -1 after a message.
 */
int query_plans(struct db *db, char *const *tags, size_t n,
		struct plan **plans, size_t *n_plans,
		struct plan_costs *costs);
void query_plans_free(struct plan *plans, size_t n);

#endif
