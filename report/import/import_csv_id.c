/*
 * What a record of aimkit's CSV export says beside its sample: a fact of
 * the run's environment, the run's uuid (its identity, kept as the JSON
 * import keeps it, so the run is the same run where it is imported) and
 * how its result is judged, which way is better and its copies.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_index.h"
#include "import_int.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

/* Bounds of one environment fact. */
#define ENV_KEY_MAX 64
#define ENV_VALUE_MAX 16384

int
import_csv_fact(const char *name, size_t line, const char *key,
		const char *value)
{
	size_t len = strlen(key);
	char *shown;
	int same;

	if (len == 0 || len > ENV_KEY_MAX ||
	    strspn(key, "abcdefghijklmnopqrstuvwxyz"
			"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != len)
		return import_error(name, line,
				    "env_key: \"%s\" is not a name of 1 to %d letters, digits and ._-",
				    key, ENV_KEY_MAX);
	if (value == NULL || strlen(value) > ENV_VALUE_MAX)
		return import_error(name, line,
				    "env_value of %s: missing or longer than %d bytes",
				    key, ENV_VALUE_MAX);
	/* Printable means unchanged by tag_printable(). */
	shown = xstrdup(value);
	tag_printable(shown);
	same = strcmp(shown, value) == 0;
	free(shown);
	if (!same)
		return import_error(name, line,
				    "env_value of %s: control character or invalid UTF-8",
				    key);
	return 0;
}

struct uuid_key {
	const struct import_file *f;
	const char *uuid;
};

static int
same_uuid(size_t pos, const void *key)
{
	const struct uuid_key *k = key;

	return strcmp(k->f->reports[pos].identity->uuid, k->uuid) == 0;
}

int
import_csv_uuid(const char *name, size_t line, const char *uuid,
		struct import_file *f, struct import_report *r,
		struct import_index *by_uuid)
{
	const char *had = r->identity != NULL ? r->identity->uuid : NULL;
	struct uuid_key k = { f, uuid };
	uint64_t h;

	/* The run's first record says it; every other says the same. */
	if (r->n_env > 0 || r->n_results > 0) {
		if ((had == NULL && uuid == NULL) ||
		    (had != NULL && uuid != NULL && strcmp(had, uuid) == 0))
			return 0;
		return import_error(name, line,
				    "uuid: \"%.40s\" where the run's first record, line %d, has \"%s\"",
				    uuid != NULL ? uuid : "", r->line,
				    had != NULL ? had : "");
	}
	if (uuid == NULL)	/* a run older than uuids: a new one */
		return 0;
	if (!store_uuid_valid(uuid))
		return import_error(name, line,
				    "uuid: not a UUID in lower-case hex, 8-4-4-4-12");
	h = import_index_hash(by_uuid, uuid, strlen(uuid), 0, 0);
	if (import_index_find(by_uuid, h, same_uuid, &k) != IMPORT_INDEX_NONE)
		return import_error(name, line, "uuid %s given to two runs",
				    uuid);
	import_index_add(by_uuid, h, (size_t)(r - f->reports));
	r->identity = xcalloc(1, sizeof(*r->identity));
	r->identity->uuid = xstrdup(uuid);
	return 0;
}

/* Word S is A (0) or B (1); else -1 after naming FIELD. */
static int
either(const char *name, size_t line, const char *field, const char *s,
       const char *a, const char *b)
{
	if (s != NULL && strcmp(s, a) == 0)
		return 0;
	if (s != NULL && strcmp(s, b) == 0)
		return 1;
	return import_error(name, line, "%s: expected %s or %s, found \"%s\"",
			    field, a, b, s != NULL ? s : "");
}

int
import_csv_judging(const char *name, size_t line, char *const *w, int fresh,
		   struct import_result *res)
{
	int peak = either(name, line, "judged", w[0],
			  measure_judged_word(MEASURE_JUDGED_MEAN),
			  measure_judged_word(MEASURE_JUDGED_PEAK));
	int lower = peak < 0 ? -1 : either(name, line, "better", w[1],
					   measure_better_word(MEASURE_HIGHER),
					   measure_better_word(MEASURE_LOWER));
	size_t len = w[2] != NULL ? strlen(w[2]) : 0;
	enum measure_judged j = peak ? MEASURE_JUDGED_PEAK : MEASURE_JUDGED_MEAN;
	enum measure_better b = lower ? MEASURE_LOWER : MEASURE_HIGHER;
	int64_t copies;

	if (peak < 0 || lower < 0)
		return -1;
	/* aimrun --copies runs at most one copy per CPU it may use. */
	if (len == 0 || strspn(w[2], "0123456789") != len ||
	    import_count(w[2], len, &copies) < 0 || copies < 1 ||
	    copies > 1024)
		return import_error(name, line,
				    "copies: expected a whole number from 1 to 1024, found \"%s\"",
				    w[2] != NULL ? w[2] : "");
	if (fresh) {
		res->judged = j;
		res->better = b;
		res->copies = (int)copies;
	} else if (res->judged != j || res->better != b ||
		   (res->copies > 0 ? res->copies : 1) != copies) {
		return import_error(name, line,
				    "%s rep %d: judged, better or copies differ from line %d",
				    res->test, res->rep, res->line);
	}
	return 0;
}
