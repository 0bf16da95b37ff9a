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

#include "gate.h"
#include "measure.h"

struct store;

/* A format of results, from the table of report/import_table.c. */
struct importer;

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
	const struct importer *format;
	struct import_report *reports;
	size_t n_reports;
};

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
 * Store every report of F in one transaction, report i under TAGS[i],
 * recording SOURCE_FILE.  Returns 0, or -1 after a message on stderr
 * naming DB_NAME, with everything rolled back.
 */
int import_store(struct store *st, const char *db_name,
		 const struct import_file *f, char *const *tags,
		 const char *source_file);

#endif
