/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimdb export: every fact of the chosen tags' runs, each run read whole
 * into its record and written before the next is read, as CSV (one
 * record per sample, and per run, fact and histogram bucket) or as one
 * JSON document; aimdb import reads either back into the same runs.
 */
#ifndef AIM_EXPORT_H
#define AIM_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "record.h"

struct db;

enum export_format {
	EXPORT_CSV,
	EXPORT_JSON,
};

/*
 * Write the runs of the N TAGS of DB to F.  A run that no import would
 * take back whole (record_check refuses it, or it holds rows no record
 * carries: metrics this build does not know) stops the export with one
 * line saying so, unless LOSSY, when it is written as well as the format
 * can.  Returns 0, -1 after reporting a database error, -2 on a write
 * error (errno from the stream), -3 after reporting such a run.
 */
int export_write(FILE *f, enum export_format format, struct db *db,
		 char *const *tags, size_t n, int lossy);

/*
 * Whether RUN (read with UNREAD rows no record carries) moves whole: 0,
 * or -1 with one line in ERR that names it and what it would lose, for
 * merge, push and export alike.
 */
int export_whole(const struct record_run *run, size_t unread, char *err,
		 size_t errlen);

/*
 * RUN's uuid when it has none (a run of a file older than uuids): the
 * SHA-256 of its row id and all it holds but its histograms, made an
 * RFC 9562 version 8 UUID, the same at every read of the file
 * (export_uuid.c).  RUN owns it.
 */
void export_derive_uuid(struct record_run *run);

/* One run of the CSV export (export_csv.c), its records in order. */
void export_csv_run(FILE *f, const struct record_run *run);
/* The CSV header, the columns of import_csv_columns. */
void export_csv_header(FILE *f);

#endif
