/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reading of aimkit's CSV export, shared by import_csv.c (records,
 * samples, results) and import_csv_id.c (what a record says beside its
 * sample: the run's own record, a fact, the uuid, how a result is
 * judged, its identity, a histogram bucket, a monitor, a log line).  Private to those two.
 */
#ifndef AIM_IMPORT_CSV_H
#define AIM_IMPORT_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "import_index.h"
#include "import_int.h"

struct res_at {
	size_t report, result;
};

struct csvin {
	const struct import_lines *l;
	struct import_file *f;
	char *field[COL_COUNT + 1];
	size_t n_fields;	/* may exceed COL_COUNT: only counted then */
	size_t line;		/* line being fed */
	size_t rec_line;	/* line where the record started */
	size_t n_records;
	size_t n_cols;		/* of the header: COL_COUNT or an older count */
	int failed;
	/* Reports by (tag, run id) and uuid; results by (report, test, rep). */
	struct import_index by_report, by_uuid, by_result;
	struct res_at *res_at;	/* what by_result positions stand for */
	size_t n_res_at;
};

/* Field K as a whole number from MIN to MAX, else an error naming it. */
int import_csv_count(const struct csvin *c, enum import_csv_col k, int64_t min,
		     int64_t max, int64_t *out);
/* The fields FROM .. TO - 1 but EXCEPT are empty, else an error. */
int import_csv_empty(const struct csvin *c, enum import_csv_col from, enum import_csv_col to,
		     enum import_csv_col except, const char *what);

/*
 * The record of the run's own columns (this version's files), the first
 * of the run R: it makes R a copy, stored as it was.  0 or -1.
 */
int import_csv_run(struct csvin *c, struct import_report *r);
/*
 * Of the result RES of R: its finished_utc, warm-up and source line,
 * those of its first record (FRESH) or the same as them.  0 or -1.
 */
int import_csv_result_id(const struct csvin *c, struct import_report *r,
			 struct record_result *res, int fresh);
/*
 * A bucket of the histogram of sample SEQ of RES: metrics names the
 * histogram, bound its bound, calls its count.  0 or -1.
 */
int import_csv_bucket(const struct csvin *c, struct import_report *r,
		      struct record_result *res);
/*
 * A record of the result RES of R after its samples: a monitor (monitor
 * its name, in order of names, value its change) or a kernel log line
 * (log_level, log_facility, log_usec, log_text), in order.  0 or -1.
 */
int import_csv_kernel(const struct csvin *c, struct import_report *r,
		      struct record_result *res);

#endif
