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

#include "measure.h"
#include "record.h"

struct store;

enum import_kind {
	IMPORT_AUTO,
	IMPORT_CONSOLE,		/* the singleuser console table */
	IMPORT_LOGFILE,		/* logfile.suite9 */
	IMPORT_SS,		/* suite9.ss */
	IMPORT_CSV,		/* aimdb export --format csv */
	IMPORT_MMTESTS,		/* mmtests: aim9 log, compare-mmtests.pl table */
	IMPORT_LKP,		/* lkp-tests: aim9.json, stats.json, matrix.json */
	IMPORT_JSON,		/* aimdb export --format json */
	IMPORT_BLOCKS,		/* per-test blocks, a "[kernel] ..." row each */
	IMPORT_LINES,		/* aimcmp --format lines: before and after */
};

/*
 * One report of a file: the run it is stored as (lib/core/record.h: its
 * environment and results, and for aimkit's own exports its identity,
 * times and provenance), and what the parser found about it beside.
 */
struct import_report {
	struct record_run run;	/* tag and host are given when stored */
	char *title;		/* tag candidate for --split, NULL if none */
	char *host;		/* machine name the file gives, or NULL */
	char *configuration;	/* logfile/ss header fields, or NULL */
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
	enum import_kind kind;
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
	COL_WARMUP_NS, COL_SOURCE_LINE, COL_BOUND, COL_COUNT
};

/*
 * Older files end before the run's own columns (a run's uuid and a
 * result's judged, better and copies only), at metrics, at env_value,
 * or without the environment at printed_ops.
 */
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
#define IMPORT_ENV_UNKNOWN_KEY "environment"
#define IMPORT_ENV_UNKNOWN "unknown"

/*
 * "console", "logfile", "ss", "csv", "mmtests", "lkp", "json", "blocks",
 * "lines", "auto".  0, or -1 when unknown.
 */
int import_kind_parse(const char *s, enum import_kind *out);
/* The run's source column for KIND: "import-console", ... */
const char *import_source(enum import_kind kind);

/*
 * Parse all of IN (named NAME in messages) as KIND, detecting the format
 * when KIND is IMPORT_AUTO.  Returns 0, or -1 after one message on stderr
 * of the form "NAME:LINE: why"; OUT is then empty.
 */
int import_parse(FILE *in, const char *name, enum import_kind kind,
		 struct import_file *out);
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
