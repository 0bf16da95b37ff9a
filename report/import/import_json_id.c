/*
 * What makes a run of the JSON export the same run when imported: its
 * uuid, times, status and provenance, and each result's own time, warm-up
 * and source line, all in the forms the store writes (lib/store/store.h), so
 * exporting the copy gives the same document.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "import_json.h"
#include "store.h"
#include "xalloc.h"

/* Member KEY as text, copied; NULL when NULLABLE and null. */
static int
get_copy(const struct jin *j, struct json_object *o, const char *key,
	 int nullable, char **out)
{
	const char *s;

	if (import_json_text(j, o, key, nullable, &s) < 0)
		return -1;
	*out = s != NULL ? xstrdup(s) : NULL;
	return 0;
}

/* Member KEY as a UTC time the store writes; NULL allowed when NULLABLE. */
static int
get_utc(const struct jin *j, struct json_object *o, const char *key,
	int nullable, char **out)
{
	if (get_copy(j, o, key, nullable, out) < 0)
		return -1;
	if (*out != NULL && !store_utc_valid(*out))
		return import_json_bad(j, key,
				       "not a UTC time YYYY-MM-DDTHH:MM:SSZ of a real date");
	return 0;
}

static int
identity_read(struct jin *j, struct json_object *o, struct import_identity *id)
{
	if (get_copy(j, o, "uuid", 0, &id->uuid) < 0)
		return -1;
	if (!store_uuid_valid(id->uuid))
		return import_json_bad(j, "uuid",
				       "not a UUID in lower-case hex, 8-4-4-4-12");
	if (get_utc(j, o, "started_utc", 0, &id->started_utc) < 0 ||
	    get_utc(j, o, "ended_utc", 1, &id->ended_utc) < 0 ||
	    get_copy(j, o, "status", 0, &id->status) < 0 ||
	    get_copy(j, o, "suite", 0, &id->suite) < 0 ||
	    get_copy(j, o, "options", 0, &id->options) < 0 ||
	    get_copy(j, o, "source", 0, &id->source) < 0 ||
	    get_copy(j, o, "source_file", 1, &id->source_file) < 0 ||
	    get_copy(j, o, "aim_version", 0, &id->aim_version) < 0)
		return -1;
	if (strcmp(id->status, "complete") == 0 && id->ended_utc == NULL)
		return import_json_bad(j, "ended_utc", "null for a complete run");
	if (strcmp(id->status, "complete") != 0 &&
	    strcmp(id->status, "incomplete") != 0)
		return import_json_bad(j, "status", "not complete or incomplete");
	return 0;
}

int
import_json_identity(struct jin *j, struct json_object *o,
		     const struct import_file *f, struct import_report *r)
{
	if (!json_object_object_get_ex(o, "uuid", NULL))
		return 0;
	r->identity = xcalloc(1, sizeof(*r->identity));
	if (identity_read(j, o, r->identity) < 0)
		return -1;
	for (size_t i = 0; i < f->n_reports; i++) {
		const struct import_identity *id = f->reports[i].identity;

		if (&f->reports[i] != r && id != NULL &&
		    strcmp(id->uuid, r->identity->uuid) == 0)
			return import_json_bad(j, "uuid", "given to two runs");
	}
	return 0;
}

/* Member KEY as null (-1) or a count up to IMPORT_VALUE_MAX. */
static int
get_count(const struct jin *j, struct json_object *o, const char *key,
	  int64_t *out)
{
	struct json_object *v;

	*out = -1;
	if (json_object_object_get_ex(o, key, &v) && v == NULL)
		return 0;
	return import_json_int(j, o, key, 0, (int64_t)IMPORT_VALUE_MAX, out);
}

int
import_json_result_identity(struct jin *j, struct json_object *o,
			    const struct import_report *r,
			    struct import_result *res)
{
	int64_t line;

	if (r->identity == NULL)
		return 0;
	if (get_utc(j, o, "finished_utc", 0, &res->finished_utc) < 0 ||
	    get_count(j, o, "warmup_calls", &res->warmup_calls) < 0 ||
	    get_count(j, o, "warmup_ns", &res->warmup_ns) < 0 ||
	    import_json_int(j, o, "source_line", 0, IMPORT_LINES_MAX,
			    &line) < 0)
		return -1;
	res->line = (int)line;
	return 0;
}

void
import_identity_free(struct import_identity *id)
{
	if (id == NULL)
		return;
	free(id->uuid);
	free(id->started_utc);
	free(id->ended_utc);
	free(id->status);
	free(id->suite);
	free(id->options);
	free(id->source);
	free(id->source_file);
	free(id->aim_version);
	free(id);
}
