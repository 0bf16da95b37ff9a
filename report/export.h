/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimdb export: every sample of the chosen tags, as CSV (one record per
 * sample, which aimdb import reads back) or as one JSON document (runs,
 * environment, results and samples, every stored column).
 */
#ifndef AIM_EXPORT_H
#define AIM_EXPORT_H

#include <stddef.h>
#include <stdio.h>

struct db;

/* CSV header, in column order. */
extern const char export_csv_header[];

/*
 * Write the N TAGS to F.  Returns 0, -1 on a database error (reported) or
 * -2 on a write error (errno from the stream).
 */
int export_csv(FILE *f, struct db *db, char *const *tags, size_t n);
int export_json(FILE *f, struct db *db, char *const *tags, size_t n);

/*
 * The document export_json writes, or NULL after reporting; with IDS
 * each run also holds its "id" in DB (for aimdb merge).  Free it with
 * jsonout_free.
 */
struct json_object;
struct json_object *export_json_doc(struct db *db, char *const *tags,
				    size_t n, int ids);

#endif
