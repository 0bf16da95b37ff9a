/*
 * Reading results written elsewhere: the classic AIM9 console report, its
 * logfile.suite9 and suite9.ss files, and aimkit's own CSV export.  Parsing
 * is strict and complete before anything is stored, so a bad file is
 * refused whole with the file and line of the first problem.
 */
#ifndef AIM_IMPORT_H
#define AIM_IMPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measure.h"

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

struct import_sample {
	int64_t calls;
	int64_t elapsed_ns;
	int has_printed;
	double printed_ops;	/* ops/s exactly as printed */
	struct measure_metrics m;	/* none but in aimkit's own CSV */
};

struct import_result {
	int number;		/* classic number from the catalog */
	const char *test;	/* catalog name (static) */
	const char *units;	/* catalog units (static) */
	int rep;
	char *status;		/* ok skip fail timeout crash */
	char *reason;		/* NULL when none */
	unsigned long factor;
	int line;		/* line of the file that gave it */
	enum measure_judged judged;	/* the file's word, else the catalog's */
	enum measure_better better;
	int copies;		/* run at once (aimrun --copies); 0 means 1 */
	/* The JSON export's own: NULL (now) and -1 (unknown) elsewhere. */
	char *finished_utc;
	int64_t warmup_calls;
	int64_t warmup_ns;
	struct import_sample *samples;
	size_t n_samples;
};

struct import_env {
	char *key;
	char *value;
};

/*
 * A run of aimkit's JSON export as it was stored, kept whole: its
 * identity, times and provenance, and its environment exactly as given.
 * Of a CSV export only the uuid: the rest NULL, made anew.
 */
struct import_identity {
	char *uuid;		/* NULL: a new one (--again, older exports) */
	char *started_utc;
	char *ended_utc;	/* NULL: never ended */
	char *status;
	char *suite;
	char *options;
	char *source;
	char *source_file;	/* may be NULL */
	char *aim_version;
};

struct import_report {
	char *title;		/* tag candidate for --split, NULL if none */
	char *host;		/* machine name the file gives, or NULL */
	char *configuration;	/* logfile/ss header fields, or NULL */
	char *date;
	int64_t source_run;	/* CSV: the run id in the exported database */
	struct import_env *env;	/* CSV: the run's environment as exported */
	size_t n_env;
	int line;		/* first line of the report */
	struct import_identity *identity;	/* JSON or CSV export, else NULL */
	struct import_result *results;
	size_t n_results;
};

struct import_file {
	const char *name;	/* as given on the command line */
	char sha256[64 + 1];	/* of the bytes read, lowercase hex */
	enum import_kind kind;
	struct import_report *reports;
	size_t n_reports;
};

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
/* The fact KEY of report R (its environment), or NULL. */
const char *import_fact(const struct import_report *r, const char *key);

/* Release the reports of F. */
void import_free(struct import_file *f);

/*
 * Store every report of F in one transaction, report i under TAGS[i],
 * recording SOURCE_FILE.  Returns 0, or -1 after a message on stderr
 * naming DB_NAME, with everything rolled back.
 */
int import_store(struct store *st, const char *db_name,
		 const struct import_file *f, char *const *tags,
		 const char *source_file);

#endif
