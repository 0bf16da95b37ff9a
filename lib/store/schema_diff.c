/*
 * The comparison behind schema_verify(): the objects a database holds
 * against the ones this build's migrations create, as two lists sorted by
 * "type name".  Kept free of SQL; schema.c reads both lists.
 */
#include "config.h"

#include "schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"

/* One difference: OBJ ("table sample") and what is wrong with it. */
static void
say(const char *obj, const char *what, schema_problem_fn fn, void *arg)
{
	char line[256];

	snprintf(line, sizeof(line), "%.200s: %s", obj, what);
	/* Names come from the file, which may be anyone's. */
	tag_printable(line);
	fn(line, arg);
}

int
schema_diff(const struct schema_object *have, size_t n_have,
	    const struct schema_object *want, size_t n_want,
	    schema_problem_fn fn, void *arg)
{
	size_t i = 0, j = 0;
	int problems = 0;

	while (i < n_have || j < n_want) {
		int c = i == n_have ? 1 : j == n_want ? -1 :
			strcmp(have[i].key, want[j].key);

		if (c < 0) {
			say(have[i++].key, "not part of the aimkit schema", fn,
			    arg);
		} else if (c > 0) {
			say(want[j++].key, "missing", fn, arg);
		} else {
			if (strcmp(have[i].sql, want[j].sql) != 0) {
				say(want[j].key, "definition differs", fn, arg);
				problems++;
			}
			i++;
			j++;
			continue;
		}
		problems++;
	}
	return problems;
}

void
schema_objects_free(struct schema_object *o, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(o[i].key);
		free(o[i].sql);
	}
	free(o);
}
