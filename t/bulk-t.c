// SPDX-License-Identifier: GPL-2.0-or-later
/* t/bulkfx.c on a new SQLite file. */
#include "config.h"

#include <stdio.h>

#include "bulkfx.h"
#include "storefx.h"
#include "tap.h"

int
main(void)
{
	struct storefx fx;
	char path[512];

	plan_lazy();
	storefx_init(&fx, "bulk");
	bulkfx_run(storefx_path(&fx, "bulk.db", path, sizeof(path)));
	return storefx_finish(&fx, done_testing());
}
