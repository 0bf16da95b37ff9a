/*
 * Which table a row goes in, and opening and closing them in turn.
 */
#include "config.h"

#include "run_table.h"

#include <string.h>

#include "catalog.h"
#include "classic.h"

int
run_tables_is_mem(const struct aim_test *t)
{
	return t->info >= &catalog_tests[CATALOG_MEMFAM_FIRST];
}

void
run_tables_init(struct run_tables *rt, const struct suite *su,
		int max_copies)
{
	int suffix = 0;

	/* " x64": the copies of a sweep. */
	for (int c = max_copies; max_copies > 1 && c > 0; c /= 10)
		suffix += suffix == 0 ? 3 : 1;
	*rt = (struct run_tables){ .open = RUN_TABLE_NONE };
	rt->mem.name_width = 4;		/* "Test" */
	for (size_t i = 0; i < su->n_tests; i++) {
		int len = (int)strlen(su->tests[i]->info->name) + suffix;

		if (run_tables_is_mem(su->tests[i]) &&
		    len > rt->mem.name_width)
			rt->mem.name_width = len;
	}
}

int
run_tables_close(struct run_tables *rt, FILE *f)
{
	enum run_table_kind open = rt->open;

	rt->open = RUN_TABLE_NONE;
	if (open == RUN_TABLE_CLASSIC)
		return classic_print_rule(f);
	if (open == RUN_TABLE_MEM)
		return memtable_print_end(f, &rt->mem);
	return 0;
}

int
run_tables_enter(struct run_tables *rt, FILE *f, const struct aim_test *t)
{
	enum run_table_kind want = run_tables_is_mem(t) ? RUN_TABLE_MEM :
			RUN_TABLE_CLASSIC;

	if (rt->open == want)
		return 0;
	/* A blank line between two tables. */
	if (rt->open != RUN_TABLE_NONE &&
	    (run_tables_close(rt, f) < 0 || fputc('\n', f) == EOF))
		return -1;
	rt->open = want;
	return want == RUN_TABLE_MEM ? memtable_print_header(f, &rt->mem) :
	       classic_print_header(f);
}
