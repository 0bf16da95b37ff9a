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

/* Line i of the file is text[i - 1], without its end of line. */
struct import_lines {
	const char *name;
	char **text;
	size_t n;
};

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

/* A new empty report starting at LINE. */
struct import_report *import_add_report(struct import_file *f, size_t line);
/* A new result of test T at LINE with status STATUS (copied). */
struct import_result *import_add_result(struct import_report *r,
					const struct catalog_test *t,
					const char *status, size_t line);
/*
 * Add sample S to RES, whose factor is set, after checking what follows
 * from it: the rate its calls, the factor and its time give must lie
 * within IMPORT_VALUE_MAX too.  0, or -1 reported at NAME:LINE.
 */
int import_add_sample(const char *name, size_t line,
		      struct import_result *res,
		      const struct import_sample *s);
/* Add the fact KEY = VALUE (both copied) to the environment of R. */
void import_add_env(struct import_report *r, const char *key,
		    const char *value);
/* The result of test T already in R, or NULL. */
struct import_result *import_find_result(struct import_report *r,
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
/* Mended line S is dashes only: a rule, or the tail of a broken one. */
int import_is_dashes(const char *s);
/*
 * Mended line M starts a row of a classic test: the row number and the
 * test, apart or fused ("10signal_test"); *REST follows the name.
 */
int import_row_start(const char *m, int64_t *number, const struct catalog_test **t,
		     const char **rest);
/* Leading numbers of row text S (up to 4); *UNITS is the text after. */
size_t import_row_numbers(const char *s, const char **units);
/*
 * The row of T whose text after the name, REST, is on mended line I of
 * M (N lines), joined with the lines a mail client broke it onto while
 * they carry on its numbers or its units; *USED is how many (malloc'd).
 */
char *import_row_join(char *const *m, size_t n, size_t i,
		      const struct catalog_test *t, const char *rest,
		      size_t *used);

int import_console(const struct import_lines *l, struct import_file *f);
int import_logfile(const struct import_lines *l, struct import_file *f);
int import_ss(const struct import_lines *l, struct import_file *f);
int import_csv(const struct import_lines *l, struct import_file *f);
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
		       int fresh, struct import_result *res);

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
 * The result directory DIRFD (named NAME) parsed as KIND (auto, mmtests
 * or lkp) into OUT: an lkp run directory (aim9.json, else stats.json,
 * with the facts of the result root's path) or mmtests logs aim9-1 ...
 * aim9-N as the samples of one run.  Its hash is of every member read.
 * The entry point of aimdb import for a directory.  0 or -1 (reported).
 */
int import_peer_dir(int dirfd, const char *name, enum import_kind kind,
		    struct import_file *out);
/* S is a row of compare-mmtests.pl: a statistic and a test. */
int import_mmtests_cmp_row(const char *s);
int import_mmtests(const struct import_lines *l, struct import_file *f);
/* An lkp-tests JSON file: aim9.json, stats.json or matrix.json. */
/* Facts of the lkp result root PATH lies in, when it is so shaped. */
int import_lkp_path_env(const char *name, size_t line, struct import_report *r,
			const char *path);
int import_lkp(const struct import_lines *l, struct import_file *f);

/* Release a run's identity (import_json_id.c); NULL-safe. */
void import_identity_free(struct import_identity *id);

/* aimkit's JSON export (import_json.c); the document has its shape. */
int import_json(const struct import_lines *l, struct import_file *f);
int import_is_json(const struct import_lines *l);
/*
 * A result of T in R whose one sample is the rate V as printed (no calls
 * or time: a summary, a posted comparison), or NULL after reporting
 * NAME:LINE (FIELD names V).
 */
struct import_result *import_add_printed(const char *name, size_t line,
					 struct import_report *r,
					 const struct catalog_test *t,
					 const char *field, double v);
/* Posted comparisons (import_cmpblock.c): per-test blocks, line form. */
int import_cmp_blocks(const struct import_lines *l, struct import_file *f);
int import_cmp_lines(const struct import_lines *l, struct import_file *f);
/* L holds either: 1 with *KIND set, else 0. */
int import_cmp_detect(const struct import_lines *l, enum import_kind *kind);

#endif
