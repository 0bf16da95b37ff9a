// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Import front end: reads the whole file, decompressed, into numbered
 * lines (refusing binary data), decodes mail, and hands it to the table
 * of importers (import_table.c).  Also the small helpers every parser
 * uses.
 */
#include "config.h"

#include "import.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "filehash.h"
#include "import_int.h"
#include "infile.h"
#include "log.h"
#include "tag.h"
#include "xalloc.h"

int
import_error(const char *name, size_t line, const char *fmt, ...)
{
	char msg[512], where[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(where, sizeof(where), "%s:%zu", name, line);
	else
		snprintf(where, sizeof(where), "%s", name);
	/* Both may quote the file, which may hold anything: keep one line. */
	tag_printable(where);
	tag_printable(msg);
	aim_warn("%s: %s", where, msg);
	return -1;
}

int
import_note(const char *name, size_t line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	(void)import_error(name, line, "note: %s", msg);
	return 0;
}

size_t
import_no(const struct import_lines *l, size_t i)
{
	return l->no != NULL ? l->no[i] : i + 1;
}

size_t
import_tokens(const char *line, const char **start, size_t *len, size_t max)
{
	size_t n = 0;
	const char *p = line;

	while (n < max) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		start[n] = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
		len[n] = (size_t)(p - start[n]);
		n++;
	}
	return n;
}

int
import_tok_is(const char *start, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(start, word, len) == 0;
}

char *
import_strip(const char *s, size_t len)
{
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return xasprintf("%.*s", (int)len, s);
}

void *
import_grow(void *array, size_t n, size_t size)
{
	return record_grow(array, n, size);
}

struct import_report *
import_add_report(struct import_file *f, size_t line)
{
	struct import_report *r;

	f->reports = import_grow(f->reports, f->n_reports,
				 sizeof(*f->reports));
	r = &f->reports[f->n_reports++];
	memset(r, 0, sizeof(*r));
	r->line = (int)line;
	return r;
}

struct record_result *
import_add_result(struct import_report *r, const struct catalog_test *t,
		  const char *status, size_t line)
{
	struct record_result *res = record_add_result(&r->run);

	res->number = t->number;
	res->test = t->name;
	res->units = t->units;
	res->judged = t->judged;
	res->better = t->better;
	res->status = record_strdup(&r->run, status);
	res->source_line = (int)line;
	return res;
}

int
import_add_sample(const char *name, size_t line, struct record_result *res,
		  const struct measure_sample *s)
{
	int printed = s->printed_ops >= 0.0;
	double rate = s->elapsed_ns > 0 ? (double)s->calls *
						  (double)res->factor * 1e9 /
						  (double)s->elapsed_ns : 0.0;

	if (!(s->calls >= 0 && s->calls <= IMPORT_VALUE_MAX &&
	      s->elapsed_ns >= 0 && s->elapsed_ns <= IMPORT_VALUE_MAX) ||
	    (printed && import_value(name, line, res->test, "ops/s",
				     s->printed_ops) < 0))
		return import_error(name, line, "%s rep %d: sample out of range",
				    res->test, res->rep);
	if (rate > IMPORT_VALUE_MAX)
		return import_error(name, line,
				    "%s rep %d: calls, factor and elapsed_ns give %g ops/s, beyond %g",
				    res->test, res->rep, rate, IMPORT_VALUE_MAX);
	*record_add_sample(res) = *s;
	res->samples[res->n_samples - 1].seq = (int32_t)res->n_samples;
	return 0;
}

void
import_add_env(struct import_report *r, const char *key, const char *value)
{
	record_add_env(&r->run, key, value);
}

const char *
import_find_env(const struct import_report *r, const char *key)
{
	return record_env(&r->run, key);
}

struct record_result *
import_find_result(struct import_report *r, const char *test, int rep)
{
	for (size_t i = 0; i < r->run.n_results; i++)
		if (r->run.results[i].rep == rep &&
		    strcmp(r->run.results[i].test, test) == 0)
			return &r->run.results[i];
	return NULL;
}

static int
check_fixed(const char *name, size_t line, const struct catalog_test *t,
	    double loops, double ops)
{
	double want = loops * (double)t->factor;
	/* loops/s is printed with 5 decimals (%10.5f) or 6 digits (%g). */
	double tol = 0.01 * fmax(ops, want) + (double)t->factor * 5e-5 +
		     0.01;

	if (loops >= 0 && fabs(ops - want) > tol)
		return import_error(name, line,
				    "%s: ops/s %.2f is not loops/s %g times the factor %lu",
				    t->name, ops, loops, t->factor);
	return 0;
}

int
import_factor(const char *name, size_t line, const struct catalog_test *t,
	      double loops, double ops, unsigned long filesize_k,
	      unsigned long *factor)
{
	double f;

	if (t->scale == CATALOG_SCALE_FIXED) {
		*factor = t->factor;
		return check_fixed(name, line, t, loops, ops);
	}
	if (loops <= 0) {
		*factor = catalog_factor(t, filesize_k ? filesize_k : 5120);
		return 0;
	}
	/* The file size of the run is not in the table: its ratio is. */
	f = round(ops / loops);
	if (!(f >= 1 && f <= 1e9))
		return import_error(name, line,
				    "%s: ops/s %.2f and loops/s %g give no factor",
				    t->name, ops, loops);
	*factor = (unsigned long)f;
	return 0;
}

/* Why a line (LEN bytes at S) cannot be part of a report, or NULL. */
static const char *
bad_line(enum infile_status st, const char *s, size_t len)
{
	if (memchr(s, '\0', len) != NULL)
		return "binary data (NUL byte)";
	if (st == INFILE_LONG || st == INFILE_BIG)
		return infile_strerror(st);
	return NULL;
}

/* Whole file as lines, within the bounds of lib/core/infile.h. */
static int
read_lines(FILE *in, struct import_lines *l, struct filehash *hash,
	   const struct import_unzip *z)
{
	struct infile_reader r = { .in = in };
	char *line = NULL;
	const char *why;
	size_t cap = 0, len, alloc = 0;
	enum infile_status st;
	int rc = 0;

	while ((st = infile_getline(&r, &line, &cap, &len)) != INFILE_EOF) {
		if (st == INFILE_ERROR) {
			rc = import_unzip_error(z) != NULL ?
				     import_error(l->name, 0, "%s",
						  import_unzip_error(z)) :
				     import_error(l->name, 0, "cannot read: %s",
						  strerror(errno));
			break;
		}
		why = bad_line(st, line, len);
		if (why == NULL && l->n == IMPORT_LINES_MAX)
			why = "more than " IMPORT_LINES_MAX_TEXT " lines";
		if (why != NULL) {
			rc = import_error(l->name, st == INFILE_BIG ? 0 : l->n + 1,
					  "%s", why);
			break;
		}
		filehash_update(hash, line, len);
		while (len > 0 && strchr("\r\n \t", line[len - 1]) != NULL)
			line[--len] = '\0';
		if (l->n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			l->text = xrealloc(l->text, alloc * sizeof(*l->text));
		}
		l->text[l->n++] = xstrdup(line);
	}
	free(line);
	return rc;
}

static void
free_lines(struct import_lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->text[i]);
	free(l->text);
	free(l->no);
}

/*
 * Names of a singleuser variant that prints CPU utilisation columns, for
 * the classic tests they stand for (LKML, 2002); the catalog's names are
 * what is stored.
 */
static const char *const aliases[][2] = {
	{ "fun_cal0", "fun_cal" },	   { "fun_cal_15", "fun_cal15" },
	{ "sync_diskrw", "sync_disk_rw" }, { "sync_diskwrt", "sync_disk_wrt" },
	{ "sync_diskcp", "sync_disk_cp" },
};

const struct catalog_test *
import_test(const char *s, size_t len)
{
	char name[64];

	if (len == 0 || len >= sizeof(name))
		return NULL;
	memcpy(name, s, len);
	name[len] = '\0';
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (strcmp(name, aliases[i][0]) == 0)
			return catalog_find(aliases[i][1]);
	return catalog_find(name);
}

int
import_parse(FILE *in, const char *name, const struct importer *imp,
	     struct import_file *out)
{
	struct import_lines l = { .name = name };
	struct import_unzip *z = NULL;
	struct filehash hash;
	FILE *plain = import_unzip_open(in, &z);
	int rc;

	memset(out, 0, sizeof(*out));
	out->name = name;
	if (plain == NULL)
		return import_error(name, 0, "cannot read: %s", strerror(errno));
	filehash_init(&hash);
	rc = read_lines(plain, &l, &hash, z);
	(void)fclose(plain);	/* reads only; IN stays the caller's */
	if (rc == 0)
		rc = import_mime_decode(&l);
	if (rc == 0) {
		filehash_hex(&hash, out->sha256);
		rc = import_table_parse(&l, imp, out);
	}
	if (rc == 0)
		import_name_reports(&l, out);
	free_lines(&l);
	if (rc < 0)
		import_free(out);
	return rc;
}

void
import_numbering_row(struct import_numbering *n, int64_t number,
		     const struct catalog_test *t)
{
	n->not_position |= number != ++n->rows;
	n->not_catalog |= number != t->number;
}

void
import_numbering_mark(const struct import_numbering *n,
		      struct import_report *r)
{
	if (n->rows > 0 && !n->not_position && n->not_catalog &&
	    import_find_env(r, IMPORT_ROW_NUMBERS_KEY) == NULL)
		import_add_env(r, IMPORT_ROW_NUMBERS_KEY,
			       IMPORT_ROW_NUMBERS_POSITION);
}

void
import_report_free(struct import_report *r)
{
	record_free(&r->run);
	free(r->title);
	free(r->name);
	free(r->name_how);
	free(r->host);
	free(r->configuration);
	free(r->date);
}

void
import_free(struct import_file *f)
{
	for (size_t i = 0; i < f->n_reports; i++)
		import_report_free(&f->reports[i]);
	free(f->reports);
	f->reports = NULL;
	f->n_reports = 0;
}
