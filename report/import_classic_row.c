/*
 * The numbers of a classic console row once its lines are joined: elapsed
 * seconds, [user and system seconds,] count, loops/s and ops/s, then the
 * units, each checked against the others and the test's catalog entry.
 */
#include "config.h"

#include <string.h>

#include "import_int.h"

const char import_console_malformed[] =
	"malformed row: expected number name elapsed count loops/s ops/s units/second";

/* The units of a complete row are T's, else say how they differ. */
static int
check_units(const char *name, size_t no, const char *units,
	    const struct catalog_test *t, int units_above)
{
	if (strcmp(units, t->units) == 0 || (units[0] == '\0' && units_above))
		return 0;
	if (strstr(units, "/second") != NULL &&
	    strchr("0123456789", units[0]) == NULL)
		return import_error(name, no,
				    "%s: units \"%s\", expected \"%s\"", t->name,
				    units, t->units);
	if (units[0] != '\0' && strncmp(t->units, units, strlen(units)) == 0)
		return import_error(name, no,
				    "malformed row: %s units \"%s\" cut short, expected \"%s\"",
				    t->name, units, t->units);
	return import_error(name, no, "%s", import_console_malformed);
}

/* The CPU seconds of the variant's row as metrics of S. */
static int
cpu_seconds(const char *name, size_t no, const struct catalog_test *t,
	    const double *v, struct import_sample *s)
{
	static const enum measure_id id[2] = { MEASURE_USER_NS, MEASURE_SYS_NS };

	for (int k = 0; k < 2; k++) {
		int64_t ns;

		if (import_scaled(v[k], 1e9, 0, &ns) < 0)
			return import_error(name, no,
					    "%s: CPU time %g s out of range",
					    t->name, v[k]);
		measure_set(&s->m, id[k], ns);
	}
	return 0;
}

int
import_console_values(const char *name, size_t no, const char *row,
		      const struct catalog_test *t, int cpu, int units_above,
		      struct import_sample *s, unsigned long *factor)
{
	const char *tok[6], *units;
	size_t len[6], want = cpu ? 6 : 4, k = want - 4;
	double v[6];
	int64_t count;
	int bad = import_row_numbers(row, want, &units) != want ||
		  import_tokens(row, tok, len, want) != want;

	for (size_t j = 0; j < want && !bad; j++)
		bad = j == k + 1 ? import_count(tok[j], len[j], &count) < 0 :
				   import_number(tok[j], len[j], &v[j]) < 0;
	if (bad)
		return import_error(name, no, "%s", import_console_malformed);
	if (check_units(name, no, units, t, units_above) < 0 ||
	    import_value(name, no, t->name, "count", (double)count) < 0 ||
	    import_value(name, no, t->name, "loops/s", v[k + 2]) < 0 ||
	    import_value(name, no, t->name, "ops/s", v[k + 3]) < 0 ||
	    (cpu && cpu_seconds(name, no, t, v + 1, s) < 0))
		return -1;
	if (import_scaled(v[0], 1e9, 1, &s->elapsed_ns) < 0)
		return import_error(name, no,
				    "%s: elapsed time %g s out of range (1 ns to %g s)",
				    t->name, v[0], IMPORT_VALUE_MAX / 1e9);
	if (import_factor(name, no, t, v[k + 2], v[k + 3], 0, factor) < 0)
		return -1;
	s->calls = count;
	s->has_printed = 1;
	s->printed_ops = v[k + 3];
	return 0;
}
