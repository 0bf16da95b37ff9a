/*
 * The parts of the JSON import (report/import/import_json.c) that the reading
 * of a run's identity (report/import/import_json_id.c) and aimdb merge share.
 */
#ifndef AIM_IMPORT_JSON_H
#define AIM_IMPORT_JSON_H

#include <stdint.h>

#include <json-c/json.h>

#include "import.h"

struct jin {
	const char *name;	/* the file */
	char where[96];		/* the member being read */
};

/* "NAME: WHERE.FIELD: WHY" reported; -1. */
int import_json_bad(const struct jin *j, const char *field, const char *why);
/* Member KEY of O as an integer in [MIN, MAX]: 0 or -1 (reported). */
int import_json_int(const struct jin *j, struct json_object *o,
		    const char *key, int64_t min, int64_t max, int64_t *out);
/* Member KEY of O as printable text, NULL when NULLABLE and null. */
int import_json_text(const struct jin *j, struct json_object *o,
		     const char *key, int nullable, const char **out);

/*
 * A run's identity members into R->identity when O has a "uuid" (every
 * export of a schema 4 database or of this aimkit); older exports have
 * none and are imported as new runs.  0 or -1 (reported).
 */
int import_json_identity(struct jin *j, struct json_object *o,
			 const struct import_file *f, struct import_report *r);
/* A result's finished_utc, warm-up and source line when R has one. */
int import_json_result_identity(struct jin *j, struct json_object *o,
				const struct import_report *r,
				struct import_result *res);

/*
 * The runs of the export document DOC (a file NAME) into F.  0, or -1
 * after reporting; release F with import_free either way.
 */
int import_json_doc(const char *name, struct json_object *doc,
		    struct import_file *f);

#endif
