// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boot plans against a fake boot driver (t/planfx.h), on SQLite files:
 * the order, the steps and their refusals, the targets.
 */
#include "config.h"

#include <stdio.h>

#include "planfx.h"
#include "storefx.h"
#include "tap.h"

static const char *
make_db(int n, void *arg)
{
	static char path[4096];
	char name[32];

	snprintf(name, sizeof(name), "plan-%d.db", n);
	return storefx_path(arg, name, path, sizeof(path));
}

int
main(void)
{
	struct storefx fx;

	plan_lazy();
	storefx_init(&fx, "plan-t");
	planfx_run(make_db, &fx);
	return storefx_finish(&fx, done_testing());
}
