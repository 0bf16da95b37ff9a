/* t/bulkfx.c in a new schema of a PostgreSQL server; skips without one. */
#include "config.h"

#include "bulkfx.h"
#include "pgfx.h"

int
main(void)
{
	struct pgfx fx;

	pgfx_init(&fx, "bulk");
	return pgfx_finish(&fx, bulkfx_run(fx.conninfo));
}
