// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boot plans against a fake boot driver (t/planfx.h), each case in a new
 * schema of a PostgreSQL server: the plan's SQL on the second engine.
 * Skips without one.
 */
#include "config.h"

#include <stdio.h>

#include "pgfx.h"
#include "planfx.h"
#include "tap.h"

static const char *
make_db(int n, void *arg)
{
	struct pgfx *fx = arg;
	char suffix[16];

	snprintf(suffix, sizeof(suffix), "%d", n);
	pgfx_new_schema(fx, suffix);
	return fx->conninfo;
}

int
main(void)
{
	struct pgfx fx;

	plan_lazy();
	pgfx_init(&fx, "plan");
	planfx_run(make_db, &fx);
	return pgfx_finish(&fx, done_testing());
}
