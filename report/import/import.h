/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading results written elsewhere: the classic AIM9 console report, its
 * logfile.suite9 and suite9.ss files, other tools' results, and aimkit's
 * own CSV and JSON exports, each report into the record of a run
 * (lib/core/record.h).  Parsing is strict and complete, and every run
 * checked by record_check, before anything is stored, so a bad file is
 * refused whole with the file and line of the first problem.
 */
#ifndef AIM_IMPORT_H
#define AIM_IMPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gate.h"
#include "measure.h"
#include "record.h"

struct store;

/* A format of results, from the table of report/import_table.c. */
struct importer;

/*
 * One report of a file: the run it is stored as (lib/core/record.h: its
 * environment and results, and for aimkit's own exports its identity,
 * times and provenance), and what the parser found about it beside.
 */
struct import_report {
	struct record_run run;	/* tag and host are given when stored */
	char *title;		/* tag candidate for --split, NULL if none */
	/*
	 * The tag when none is given: what the report says names the run
	 * (its kernel, commit or column), and how it said so, for the note
	 * that shows it ("the Subject (line 3)").  NULL when nothing does.
	 */
	char *name;
	char *name_how;
	char *host;		/* machine name the file gives, or NULL */
	char *configuration;	/* the machine's configuration, or NULL */
	int config_line;	/* the line that gives it */
	char *date;
	int64_t source_run;	/* CSV: the run id in the exported database */
	int line;		/* first line of the report */
	/*
	 * An aimkit export that carries the run whole (JSON, and CSV from
	 * this version on): stored as it was, its uuid, times, provenance
	 * and environment kept.  A CSV export of the older columns gives
	 * a run's uuid alone (run.uuid), the rest made anew.
	 */
	int copy;
};

struct import_file {
	const char *name;	/* as given on the command line */
	char sha256[64 + 1];	/* of the bytes read, lowercase hex */
	const struct importer *format;
	struct import_report *reports;
	size_t n_reports;
};

/*
 * The columns of aimkit's CSV export, in order (doc/schema.md): what
 * aimdb export writes as its header and aimdb import reads.
 */
enum import_csv_col {
	COL_TAG, COL_RUN, COL_NUMBER, COL_TEST, COL_REP, COL_SEQ, COL_STATUS,
	COL_REASON, COL_CALLS, COL_ELAPSED, COL_FACTOR, COL_UNITS, COL_PRINTED,
	COL_ENV_KEY, COL_ENV_VALUE, COL_METRICS, COL_UUID, COL_JUDGED,
	COL_BETTER, COL_COPIES, COL_SUITE, COL_OPTIONS, COL_STARTED, COL_ENDED,
	COL_RUN_STATUS, COL_SOURCE, COL_SOURCE_FILE, COL_SHA256,
	COL_AIM_VERSION, COL_HOST, COL_FINISHED, COL_WARMUP_CALLS,
	COL_WARMUP_NS, COL_SOURCE_LINE, COL_BOUND, COL_MONITOR, COL_VALUE,
	COL_LOG_LEVEL, COL_LOG_FACILITY, COL_LOG_USEC, COL_LOG_TEXT, COL_COUNT
};

/*
 * Older files end before the kernel's monitors and log lines (at bound),
 * before the run's own columns (a run's uuid and a result's judged,
 * better and copies only), at metrics, at env_value, or without the
 * environment at printed_ops.
 */
#define COL_COUNT_HIST COL_MONITOR
#define COL_COUNT_JUDGED COL_SUITE
#define COL_COUNT_METRICS COL_UUID
#define COL_COUNT_ENV COL_METRICS
#define COL_COUNT_OLD COL_ENV_KEY

#define IMPORT_CSV_COLUMNS COL_COUNT
extern const char *const import_csv_columns[IMPORT_CSV_COLUMNS];

/*
 * The fact import_store records for a run whose file gave no environment
 * (classic reports, CSV exports of the older 13 columns): aimcmp refuses
 * to compare such runs with runs whose environment is known.
 */
#define IMPORT_ENV_UNKNOWN_KEY GATE_ENV_UNKNOWN_KEY
#define IMPORT_ENV_UNKNOWN GATE_ENV_UNKNOWN
/*
 * The fact of a run whose report numbered its rows by position, as
 * singleuser numbers a part of the suite (1, 2, 3 ...), not by the
 * catalog: aimdb show numbers them so again.  No fact of the machine.
 */
#define IMPORT_ROW_NUMBERS_KEY "import.row_numbers"
#define IMPORT_ROW_NUMBERS_POSITION "position"

/*
 * The importer --format calls NAME into *OUT; "auto" is NULL, detection.
 * 0, or -1 when no importer has that name.
 */
int import_format(const char *name, const struct importer **out);
/* Its name, as --format takes it ("console", "lkp-compare", ...). */
const char *import_format_name(const struct importer *imp);
/* Its files name the tag of every run (aimkit's own exports). */
int import_format_own_tags(const struct importer *imp);
/* Every --format name into BUF of LEN, "auto" first, separated by ", ". */
void import_format_names(char *buf, size_t len);

/*
 * Parse all of IN (named NAME in messages) with importer IMP, detecting
 * the format when IMP is NULL; gzip and xz data is decompressed first.
 * Returns 0, or -1 after one message on stderr of the form
 * "NAME:LINE: why"; OUT is then empty.
 */
int import_parse(FILE *in, const char *name, const struct importer *imp,
		 struct import_file *out);
/*
 * The result directory DIRFD (named NAME) parsed by IMP, or by the first
 * importer of the table that recognises it when IMP is NULL: mmtests logs
 * aim9-1 ... aim9-N as the samples of one run, an lkp run directory.
 * Its hash is of every member read.  0 or -1 (reported).
 */
int import_dir(int dirfd, const char *name, const struct importer *imp,
	       struct import_file *out);
/* The value of R's fact KEY, or NULL (aimplan reads a guest's so). */
const char *import_find_env(const struct import_report *r, const char *key);

/* Release the reports of F. */
void import_free(struct import_file *f);

/*
 * Make the runs of F what is stored: report i under TAGS[i], a new run
 * with SOURCE_FILE and F's content hash, its import facts and an end
 * now; a copy (an aimkit export) as it was, under TAGS[i].  Then each
 * checked (record_check).  0, or -1 after "NAME: <the check's line>".
 */
int import_finish(struct import_file *f, char *const *tags,
		  const char *source_file);

/*
 * Store every report of F, finished, in one transaction.  Returns 0, or
 * -1 after a message on stderr naming DB_NAME, with everything rolled
 * back.
 */
int import_store(struct store *st, const char *db_name,
		 const struct import_file *f);

#endif
