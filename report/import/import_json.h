/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The parts of the JSON import (report/import/import_json.c) that the
 * reading of a run's identity and of a sample's metrics
 * (report/import/import_json_id.c) share.
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
/*
 * Member KEY of O as text (any, but no NUL; record_check says what may
 * be stored), copied into R's run; NULL when NULLABLE and null.
 */
int import_json_text(const struct jin *j, struct json_object *o,
		     const char *key, int nullable, struct import_report *r,
		     const char **out);

/*
 * A run's identity, times and provenance into R when O has a "uuid"
 * (every export of a schema 4 database or of this aimkit): R is then a
 * copy.  Older exports have none and are imported as new runs.  0 or -1
 * (reported).
 */
int import_json_identity(struct jin *j, struct json_object *o,
			 const struct import_file *f, struct import_report *r);
/* A result's finished_utc, warm-up and source line when R is a copy. */
int import_json_result_identity(struct jin *j, struct json_object *o,
				struct import_report *r,
				struct record_result *res);
/*
 * The "metrics" member of sample O into S: each metric of the table by
 * name, a histogram (lat_ns) as its [bound, count] pairs, owned by R's
 * run.  0 or -1 (reported).
 */
int import_json_metrics(const struct jin *j, struct json_object *o,
			struct import_report *r, struct measure_sample *s);
/*
 * The kernel's monitors of result O ("monitors": each change by name)
 * and its kernel log lines ("kernel_log": level, facility, usec, text)
 * into RES, when O has them (exports before this aimkit do not); what
 * may be stored, record_check says.  0 or -1 (reported).
 */
int import_json_kernel(struct jin *j, struct json_object *o,
		       struct record_result *res);

#endif
