/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the import parsers share: the file as numbered lines, strict number
 * reading, "file:line: why" errors, and building reports.  Private to the
 * import module.
 */
#ifndef AIM_IMPORT_INT_H
#define AIM_IMPORT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "import.h"

/*
 * The file as lines, without their ends: text[i] is line no[i] of the
 * file, or line i + 1 when NO is NULL (mail decoded from quoted-printable
 * joins lines, import_mime.c).
 */
struct import_lines {
	const char *name;
	char **text;
	size_t n;
	size_t *no;
};

/* The line of the file that text[I] comes from, for messages. */
size_t import_no(const struct import_lines *l, size_t i);

/*
 * One format of the table (import_table.c): adding one is a file that
 * defines its importer and a line of IMPORTERS, in the order detection
 * tries them (the more particular forms first).
 */
struct filehash;
struct importer {
	const char *name;	/* --format NAME; the run's source "import-NAME" */
	/* Whether L is in this format; NULL: only when --format names it. */
	int (*detect)(const struct import_lines *l);
	int (*parse)(const struct import_lines *l, struct import_file *f);
	/* A result directory of the tool: whether DIRFD is one, and read it. */
	int (*dir_detect)(int dirfd);
	int (*dir_parse)(int dirfd, const char *name, struct import_file *f,
			 struct filehash *hash);
	const char *dir_what;	/* such a directory, for messages */
	int own_tags;		/* the file names its runs' tags */
};

#define IMPORTERS(X) \
	X(importer_csv) X(importer_json) X(importer_lkp) \
	X(importer_lkp_compare) X(importer_mmtests) X(importer_blocks) \
	X(importer_console) X(importer_ss) X(importer_logfile) \
	X(importer_lines)
#define IMPORTER_DECLARE(v) extern const struct importer v;
IMPORTERS(IMPORTER_DECLARE)
#undef IMPORTER_DECLARE

/*
 * Most lines of one file: with the line and size bounds of lib/core/infile.h
 * this bounds the memory of a parse (a report line is tens of bytes).
 */
#define IMPORT_LINES_MAX (4 * 1024 * 1024)
#define IMPORT_LINES_MAX_TEXT "4194304"

/*
 * Largest count, time in nanoseconds or rate a report may hold: 10^15
 * calls or ops/s, or 11.6 days, is beyond any run, yet leaves every
 * product of them finite and every printed figure short.
 */
#define IMPORT_VALUE_MAX 1e15
/* Most repetitions of a test, and samples of one (aimrun: 1000). */
#define IMPORT_REP_MAX 1000000
#define IMPORT_SEQ_MAX 1000000
/* Run ids of a CSV export: 18 digits always fit in int64. */
#define IMPORT_RUN_MAX 999999999999999999LL
/* Operations per call, as the factor of the largest disk test file. */
#define IMPORT_FACTOR_MAX 1000000000

/* Report "NAME:LINE: why" (LINE 0: "NAME: why") and return -1. */
int import_error(const char *name, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "NAME:LINE: note: what" on stderr: something passed over; returns 0. */
int import_note(const char *name, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Strict decimal "123", "4.5", "1e+06" (as %g prints): no sign, no
 * spaces, no inf or nan.  0 or -1.
 */
int import_number(const char *s, size_t len, double *out);
/* Digits only, fitting in int64.  0 or -1. */
int import_count(const char *s, size_t len, int64_t *out);
/*
 * V * SCALE rounded into *OUT when the result lies in [MIN,
 * IMPORT_VALUE_MAX] (a count or nanoseconds of a sane report).  0 or -1.
 */
int import_scaled(double v, double scale, int64_t min, int64_t *out);

/*
 * 0 when V lies in [0, IMPORT_VALUE_MAX], else -1 after reporting
 * "NAME:LINE: TEST: FIELD V out of range" (TEST may be NULL).
 */
int import_value(const char *name, size_t line, const char *test,
		 const char *field, double v);

/* The catalog test named by the LEN bytes at S, or NULL. */
const struct catalog_test *import_test(const char *s, size_t len);

/* Split LINE on blanks: up to MAX tokens, their starts and lengths. */
size_t import_tokens(const char *line, const char **start, size_t *len,
		     size_t max);
/* Token I equals WORD. */
int import_tok_is(const char *start, size_t len, const char *word);

/*
 * ARRAY of N elements of SIZE with room for one more.  Its capacity is
 * the least power of two not below N, doubled when N reaches it, so a
 * file of many records costs few reallocations, not one each.
 */
void *import_grow(void *array, size_t n, size_t size);

/*
 * How a table numbers its rows: by position (1, 2, 3 ... as singleuser
 * numbers a part of the suite) or by the catalog.  Start it zeroed; each
 * row of a new test counts; then a report whose rows were positions, not
 * the catalog's numbers, gets the fact IMPORT_ROW_NUMBERS_KEY.
 */
struct import_numbering {
	int64_t rows;
	int not_position, not_catalog;
};
void import_numbering_row(struct import_numbering *n, int64_t number,
			  const struct catalog_test *t);
void import_numbering_mark(const struct import_numbering *n,
			   struct import_report *r);
/* Release what report R holds (not R itself). */
void import_report_free(struct import_report *r);
/* A new empty report starting at LINE. */
struct import_report *import_add_report(struct import_file *f, size_t line);
/*
 * A new result of test T at LINE (its source_line) with status STATUS
 * (copied), the catalog's facts of T; the results of R may move.
 */
struct record_result *import_add_result(struct import_report *r,
					const struct catalog_test *t,
					const char *status, size_t line);
/*
 * Add (a copy of) sample S to RES, whose factor is set, after checking
 * what follows from it: the rate its calls, the factor and its time give
 * must lie within IMPORT_VALUE_MAX too.  S's printed_ops is the rate as
 * printed, or below 0 when the report gives none (measure_init).  0, or
 * -1 reported at NAME:LINE.
 */
int import_add_sample(const char *name, size_t line,
		      struct record_result *res,
		      const struct measure_sample *s);
/* Add the fact KEY = VALUE (both copied) to the environment of R. */
void import_add_env(struct import_report *r, const char *key,
		    const char *value);
/* The value of R's fact KEY, or NULL. */
const char *import_find_env(const struct import_report *r, const char *key);
/* The result of test T already in R, or NULL. */
struct record_result *import_find_result(struct import_report *r,
					 const char *test, int rep);

/*
 * Operations per call of T as the file shows them: the catalog factor,
 * checked against OPS / LOOPS (within the rounding of the printed
 * figures, plus 1 %), or for tests scaled by the file size, OPS / LOOPS
 * rounded; FILESIZE_K (or the classic 5120) when LOOPS < 0.  0 or -1
 * (reported at NAME:LINE).
 */
int import_factor(const char *name, size_t line, const struct catalog_test *t,
		  double loops, double ops, unsigned long filesize_k,
		  unsigned long *factor);

/* Copy of S without leading and trailing blanks (malloc'd). */
char *import_strip(const char *s, size_t len);

/*
 * The classic console table as mail leaves it (import_classic_mend.c).
 * The two heading lines with every blank taken out.
 */
#define IMPORT_HEADING1 "TestTestElapsedIterationIterationOperation"
#define IMPORT_HEADING2 \
	"NumberNameTime(sec)CountRate(loops/sec)Rate(ops/sec)"
/* S after its mail quote prefix ("> ", ">> ") and leading blanks. */
const char *import_unquote(const char *s);
/* S unquoted, every run of blanks one space, none at the ends (malloc'd). */
char *import_mend(const char *s);
/* S, quoted or not, is SQUEEZED spaced in any way. */
int import_heading_is(const char *s, const char *squeezed);
/* S is the second console heading line, however spaced or quoted. */
int import_console_heading(const char *s);
/*
 * Line I of the mended lines M (N of them) starts the second heading
 * line, alone or broken onto line I + 1: how many lines, 0 when not;
 * *CPU is set for the variant with CPU utilisation columns
 * (import_classic_head.c).  The first heading line of that variant just
 * above line I: how many lines it takes, or 0.
 */
size_t import_heading_at(char *const *m, size_t n, size_t i, int *cpu);
size_t import_heading1_above(char *const *m, size_t n, size_t i, int cpu);
/*
 * ROW, the text after a console row's name at NAME:NO, as sample S of
 * test T and its factor: elapsed, [user, system when CPU,] count, loops/s,
 * ops/s and units (none when UNITS_ABOVE: they stood on the line above).
 * 0, or -1 (reported).  The message of a row that is none of that.
 */
int import_console_values(const char *name, size_t no, const char *row,
			  const struct catalog_test *t, int cpu,
			  int units_above, struct measure_sample *s,
			  unsigned long *factor);
extern const char import_console_malformed[];
/*
 * Row text REST starts "[kernel]": its name (*LEN bytes), *REST moved
 * past it; else NULL.  The LEN bytes at S are printable text for a
 * kernel's name.  Mended line M is a row tagged by its kernel.
 */
const char *import_row_tag(const char **rest, size_t *len);
int import_tag_printable(const char *s, size_t len);
int import_tagged_row(const char *m);
/* Row numbers a mail moved to the end of the line above, moved back. */
void import_carry_numbers(char **m, size_t n);
/* The title of a table at START: the text line nearest above, after FROM. */
char *import_console_title(char *const *m, size_t from, size_t start);
/* Mended line S is dashes only: a rule, or the tail of a broken one. */
int import_is_dashes(const char *s);
/*
 * Mended line M starts a row of a classic test: the row number and the
 * test, apart or fused ("10signal_test"); *REST follows the name.
 */
int import_row_start(const char *m, int64_t *number, const struct catalog_test **t,
		     const char **rest);
/* Leading numbers of row text S (up to MAX); *UNITS is the text after. */
#define IMPORT_ROW_NUMBERS_MAX 6
size_t import_row_numbers(const char *s, size_t max, const char **units);
/*
 * The row of T whose text after the name, REST, is on mended line I of
 * M (N lines), joined with the lines a mail client broke it onto while
 * they carry on its WANT numbers or (when JOIN_UNITS) its units; *USED is
 * how many (malloc'd).
 */
char *import_row_join(char *const *m, size_t n, size_t i,
		      const struct catalog_test *t, const char *rest,
		      size_t want, int join_units, size_t *used);

/* The console tables of L (import_classic.c), as mmtests logs hold too. */
int import_console(const struct import_lines *l, struct import_file *f);
/*
 * Of a record of the CSV export at NAME:LINE (import_csv_id.c), each 0
 * or -1 (reported).  The environment fact KEY = VALUE is one aimkit
 * writes.  UUID (NULL: none) is that of the run of report R of F: the
 * first record of R gives it, in the store's form and given to no other
 * run (BY_UUID: the reports by uuid), each later record the same.
 */
struct import_index;
int import_csv_fact(const char *name, size_t line, const char *key,
		    const char *value);
int import_csv_uuid(const char *name, size_t line, const char *uuid,
		    struct import_file *f, struct import_report *r,
		    struct import_index *by_uuid);
/*
 * W: the judged, better and copies fields of RES's record: those of RES
 * when FRESH (its first record), else the same as its first record's.
 */
int import_csv_judging(const char *name, size_t line, char *const *w,
		       int fresh, struct record_result *res);

/*
 * Other tools' results (import_mmtests.c, import_lkp.c, import_peer.c).
 * S is printable text of 1 to 256 bytes, one line.
 */
int import_peer_text_ok(const char *s);
/* Add the fact KEY = VALUE to R when VALUE is such text, else report. */
int import_peer_fact(const char *name, size_t line, struct import_report *r,
		     const char *key, const char *value);
/*
 * MEMBER of the directory DIRFD, opened as lib/core/infile.h opens files but
 * never through a symbolic link, or NULL with the reason in WHY.
 */
FILE *import_peer_open(int dirfd, const char *member, char *why,
		       size_t whylen);
/* MEMBER exists in DIRFD (a link counts, and is then refused). */
int import_peer_has(int dirfd, const char *member);
/*
 * MEMBER of DIRFD, or else MEMBER.gz or MEMBER.xz (the name found into
 * FOUND of LEN), parsed by IMP into OUT; the member is named DIR/FOUND in
 * messages.  0 or -1 (reported).
 */
int import_peer_member(int dirfd, const char *dir, const char *member,
		       const struct importer *imp, char *found, size_t len,
		       struct import_file *out);
/* MEMBER, MEMBER.gz or MEMBER.xz is in DIRFD. */
int import_peer_has_any(int dirfd, const char *member);
/*
 * Result directories: an lkp run (aim9.json, else stats.json, with the
 * facts of the result root's path) and mmtests logs aim9-1 ... aim9-N as
 * the samples of one run (import_peer.c).
 */
int import_lkp_dir(int dirfd, const char *name, struct import_file *out,
		   struct filehash *hash);
int import_mmtests_dir(int dirfd, const char *name, struct import_file *out,
		       struct filehash *hash);
/*
 * compare-mmtests.pl tables (import_mmcmp.c): mended line S is a row of
 * an AIM9 test (of any operation when ANY); the tables of L read into F.
 */
int import_mmtests_cmp_row(const char *mended, int any);
int import_mmtests_compare(const struct import_lines *l, struct import_file *f);
/*
 * One group of the table of lkp compare (import_lkpcmp_head.c): its
 * commit columns and the parameters of its job, read from the lines
 * FROM to J of M, J being the "%stddev %change" header: 0, or -1 when
 * they are not that (then it is no table).
 */
#define IMPORT_LKP_COLS_MAX 16
#define IMPORT_LKP_PARAMS_MAX 24
#define IMPORT_LKP_NO_REPORT ((size_t)-1)
struct import_lkp_group {
	size_t ncols, ids_line;
	char *id[IMPORT_LKP_COLS_MAX];
	char *key[IMPORT_LKP_PARAMS_MAX], *value[IMPORT_LKP_PARAMS_MAX];
	size_t nparams, params_line;
	size_t first;		/* its first report, IMPORT_LKP_NO_REPORT */
};
int import_lkp_group_at(const struct import_lines *l, char *const *m,
			size_t from, size_t j, struct import_lkp_group *g);
void import_lkp_group_free(struct import_lkp_group *g);
/*
 * A line "name delta_ms loops/s ops/s units/second" of logfile.suite9
 * (import_log.c) at NAME:NO: 1 with its test, sample and factor in OUT
 * (FILESIZE_K, or 0, for the disk tests), 0 when S is no such line and
 * names no test, -1 (reported) when it is broken.
 */
struct import_log_line {
	const struct catalog_test *t;
	struct measure_sample s;
	unsigned long factor;
};
int import_log_line(const char *name, size_t no, const char *s,
		    unsigned long filesize_k, struct import_log_line *out);
/*
 * Such lines as posted: a group per test, a line per kernel in the order
 * of a list of kernels above them.  1 when L is so
 * laid out and read into F, 0 when it is not, -1 (reported).
 */
int import_log_posted(const struct import_lines *l, struct import_file *f);
/* Facts of the lkp result root PATH lies in, when it is so shaped. */
int import_lkp_path_env(const char *name, size_t line, struct import_report *r,
			const char *path);

/*
 * A result of T in R whose one sample is the rate V as printed (no calls
 * or time: a summary, a posted comparison), or NULL after reporting
 * NAME:LINE (FIELD names V).
 */
struct record_result *import_add_printed(const char *name, size_t line,
					 struct import_report *r,
					 const struct catalog_test *t,
					 const char *field, double v);
/*
 * singleuser's prompts above a table (import_name.c): their answers
 * on the mended lines M of L from FROM to TO, NULL where none was given
 * (answered from a pipe, the prompts share one line and none is).
 */
enum {
	IMPORT_PROMPT_NAME, IMPORT_PROMPT_CONFIG, IMPORT_PROMPT_SECONDS,
	IMPORT_PROMPT_PATH, IMPORT_PROMPT_START, IMPORT_PROMPTS
};
struct import_prompts {
	char *answer[IMPORT_PROMPTS];
	size_t line[IMPORT_PROMPTS];
};
void import_prompts_read(const struct import_lines *l, char *const *m,
			 size_t from, size_t to, struct import_prompts *p);
void import_prompts_free(struct import_prompts *p);
/* Every answer is printable text of at most 256 bytes: 0, or -1 (reported). */
int import_prompts_check(const struct import_lines *l,
			 const struct import_prompts *p);
/* R's host and configuration from the answers, where R has none. */
void import_prompts_apply(const struct import_prompts *p,
			  struct import_report *r);

/* Every line of L mended as mail leaves it (malloc'd, L->n of them). */
char **import_mend_all(const struct import_lines *l);
void import_mend_free(char **m, size_t n);
/* Some line of L satisfies IS: the detectors of the table. */
int import_any_line(const struct import_lines *l, int (*is)(const char *s));
/* Some line I of the lines M of L mended (N of them) satisfies IS. */
int import_any_mended(const struct import_lines *l,
		      int (*is)(char *const *m, size_t n, size_t i));

/* The importer IMP (NULL: detected) run on L into F (import_table.c). */
int import_table_parse(const struct import_lines *l, const struct importer *imp,
		       struct import_file *f);

/*
 * Compressed input (import_unzip.c): RAW read through a stream that
 * decompresses gzip or xz data and passes any other on, with the state U
 * (freed when the stream is closed; RAW stays open).  NULL on a read
 * error.  After a failed read, the reason, else NULL.
 */
struct import_unzip;
FILE *import_unzip_open(FILE *raw, struct import_unzip **u);
const char *import_unzip_error(const struct import_unzip *u);

/*
 * Mail (import_mime.c).  Decode the quoted-printable parts of L in place
 * (its line numbers kept in L->no): 0, or -1 (reported).
 */
int import_mime_decode(struct import_lines *l);
/* Mended line S is a mail or MIME header, a part boundary: not a title. */
int import_mail_line(const char *s);
/*
 * The mail's Subject (unfolded, malloc'd) and the line it starts on, or
 * NULL when L has none.
 */
char *import_mail_subject(const struct import_lines *l, size_t *line);

/*
 * Names for the runs (import_name.c).  The kernel version the text S
 * names, "2.6.20-rc1" of "kernel-2.6.20-rc1 on P3" (malloc'd), or NULL
 * when it names none or more than one.
 */
char *import_kernel_named(const char *s);
/* Give each report of F that has no name the one its file gives it. */
void import_name_reports(const struct import_lines *l, struct import_file *f);
/*
 * Name R by the kernel version KERNEL, which HOW says at LINE: also its
 * uname.release, and an environment unknown still.
 */
void import_name_kernel(struct import_report *r, const char *kernel,
			const char *how, size_t line);
/* Name R by NAME (copied), which HOW says, at LINE of the file. */
void import_name(struct import_report *r, const char *name, const char *how,
		 size_t line);

#endif
