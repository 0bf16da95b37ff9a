/*
 * Import front end: reads the whole file into numbered lines (refusing
 * binary data), recognises its format and hands it to the right parser.
 * Also the small helpers every parser uses.
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
import_kind_parse(const char *s, enum import_kind *out)
{
	static const char *const names[] = {
		[IMPORT_AUTO] = "auto",	      [IMPORT_CONSOLE] = "console",
		[IMPORT_LOGFILE] = "logfile", [IMPORT_SS] = "ss",
		[IMPORT_CSV] = "csv",	      [IMPORT_MMTESTS] = "mmtests",
		[IMPORT_LKP] = "lkp",	      [IMPORT_JSON] = "json",
		[IMPORT_BLOCKS] = "blocks",   [IMPORT_LINES] = "lines",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(s, names[i]) == 0) {
			*out = (enum import_kind)i;
			return 0;
		}
	}
	return -1;
}

const char *
import_source(enum import_kind kind)
{
	switch (kind) {
	case IMPORT_LOGFILE:
		return "import-logfile";
	case IMPORT_SS:
		return "import-ss";
	case IMPORT_CSV:
		return "import-csv";
	case IMPORT_MMTESTS:
		return "import-mmtests";
	case IMPORT_LKP:
		return "import-lkp";
	case IMPORT_JSON:
		return "import-json";
	case IMPORT_BLOCKS:
		return "import-blocks";
	case IMPORT_LINES:
		return "import-lines";
	case IMPORT_CONSOLE:
	case IMPORT_AUTO:
	default:
		return "import-console";
	}
}

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
	if ((n & (n - 1)) == 0)
		array = xrealloc(array, (n ? 2 * n : 1) * size);
	return array;
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

struct import_result *
import_add_result(struct import_report *r, const struct catalog_test *t,
		  const char *status, size_t line)
{
	struct import_result *res;

	r->results = import_grow(r->results, r->n_results,
				 sizeof(*r->results));
	res = &r->results[r->n_results++];
	memset(res, 0, sizeof(*res));
	res->number = t->number;
	res->test = t->name;
	res->units = t->units;
	res->judged = t->judged;
	res->better = t->better;
	res->rep = 1;
	res->status = xstrdup(status);
	res->line = (int)line;
	res->warmup_calls = res->warmup_ns = -1;
	return res;
}

int
import_add_sample(const char *name, size_t line, struct import_result *res,
		  const struct import_sample *s)
{
	double rate = s->elapsed_ns > 0 ? (double)s->calls *
						  (double)res->factor * 1e9 /
						  (double)s->elapsed_ns : 0.0;

	if (!(s->calls >= 0 && s->calls <= IMPORT_VALUE_MAX &&
	      s->elapsed_ns >= 0 && s->elapsed_ns <= IMPORT_VALUE_MAX) ||
	    (s->has_printed && import_value(name, line, res->test, "ops/s",
					    s->printed_ops) < 0))
		return import_error(name, line, "%s rep %d: sample out of range",
				    res->test, res->rep);
	if (rate > IMPORT_VALUE_MAX)
		return import_error(name, line,
				    "%s rep %d: calls, factor and elapsed_ns give %g ops/s, beyond %g",
				    res->test, res->rep, rate, IMPORT_VALUE_MAX);
	res->samples = import_grow(res->samples, res->n_samples,
			    sizeof(*res->samples));
	res->samples[res->n_samples++] = *s;
	return 0;
}

void
import_add_env(struct import_report *r, const char *key, const char *value)
{
	r->env = import_grow(r->env, r->n_env, sizeof(*r->env));
	r->env[r->n_env].key = xstrdup(key);
	r->env[r->n_env].value = xstrdup(value);
	r->n_env++;
}

struct import_result *
import_find_result(struct import_report *r, const char *test, int rep)
{
	for (size_t i = 0; i < r->n_results; i++)
		if (r->results[i].rep == rep &&
		    strcmp(r->results[i].test, test) == 0)
			return &r->results[i];
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
read_lines(FILE *in, struct import_lines *l, struct filehash *hash)
{
	struct infile_reader r = { .in = in };
	char *line = NULL;
	const char *why;
	size_t cap = 0, len, alloc = 0;
	enum infile_status st;
	int rc = 0;

	while ((st = infile_getline(&r, &line, &cap, &len)) != INFILE_EOF) {
		if (st == INFILE_ERROR) {
			rc = import_error(l->name, 0, "cannot read: %s",
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
}

const struct catalog_test *
import_test(const char *s, size_t len)
{
	char name[64];

	if (len == 0 || len >= sizeof(name))
		return NULL;
	memcpy(name, s, len);
	name[len] = '\0';
	return catalog_find(name);
}

/* However mail spaced or quoted it. */
static int
is_console_heading(const char *s)
{
	return import_console_heading(s);
}

/* "name<TAB>..." with a classic name: a suite9.ss result line. */
static int
is_ss_line(const char *s)
{
	const char *tab = strchr(s, '\t');

	return tab != NULL && import_test(s, (size_t)(tab - s)) != NULL;
}

/* "name delta loops ops units": a logfile.suite9 result line. */
static int
is_log_line(const char *s)
{
	const char *tok[5];
	size_t len[5];
	double x;

	if (import_tokens(s, tok, len, 5) < 5 ||
	    import_test(tok[0], len[0]) == NULL)
		return 0;
	for (int i = 1; i <= 3; i++)
		if (import_number(tok[i], len[i], &x) < 0)
			return 0;
	return 1;
}

/* A JSON object naming an aim9 key: lkp-tests' stats. */
static int
is_peer_json(const struct import_lines *l)
{
	size_t i = 0;

	while (i < l->n && l->text[i][strspn(l->text[i], " \t")] == '\0')
		i++;
	if (i == l->n || l->text[i][strspn(l->text[i], " \t")] != '{')
		return 0;
	for (; i < l->n; i++)
		if (strstr(l->text[i], "\"aim9.") != NULL)
			return 1;
	return 0;
}

/* A console table anywhere wins: mail text around it may hold anything. */
static enum import_kind
detect(const struct import_lines *l)
{
	static int (*const probe[])(const char *) = {
		is_console_heading, is_ss_line, is_log_line,
	};
	static const enum import_kind kind[] = {
		IMPORT_CONSOLE, IMPORT_SS, IMPORT_LOGFILE,
	};
	enum import_kind cmp;

	if (l->n > 0 && strncmp(l->text[0], "tag,run_id,number,test,", 23) == 0)
		return IMPORT_CSV;
	if (import_is_json(l))
		return IMPORT_JSON;
	if (is_peer_json(l))
		return IMPORT_LKP;
	for (size_t i = 0; i < l->n; i++)
		if (import_mmtests_cmp_row(l->text[i]) ||
		    strcmp(l->text[i], "spawn ./singleuser") == 0)
			return IMPORT_MMTESTS;
	for (size_t k = 0; k < sizeof(kind) / sizeof(kind[0]); k++)
		for (size_t i = 0; i < l->n; i++)
			if (probe[k](l->text[i]))
				return kind[k];
	if (import_cmp_detect(l, &cmp))
		return cmp;
	return IMPORT_AUTO;
}

int
import_parse(FILE *in, const char *name, enum import_kind kind,
	     struct import_file *out)
{
	struct import_lines l = { .name = name };
	struct filehash hash;
	int rc;

	memset(out, 0, sizeof(*out));
	out->name = name;
	filehash_init(&hash);
	if (read_lines(in, &l, &hash) < 0) {
		free_lines(&l);
		return -1;
	}
	filehash_hex(&hash, out->sha256);
	if (kind == IMPORT_AUTO)
		kind = detect(&l);
	out->kind = kind;
	switch (kind) {
	case IMPORT_CONSOLE:
		rc = import_console(&l, out);
		break;
	case IMPORT_LOGFILE:
		rc = import_logfile(&l, out);
		break;
	case IMPORT_SS:
		rc = import_ss(&l, out);
		break;
	case IMPORT_CSV:
		rc = import_csv(&l, out);
		break;
	case IMPORT_MMTESTS:
		rc = import_mmtests(&l, out);
		break;
	case IMPORT_LKP:
		rc = import_lkp(&l, out);
		break;
	case IMPORT_JSON:
		rc = import_json(&l, out);
		break;
	case IMPORT_BLOCKS:
		rc = import_cmp_blocks(&l, out);
		break;
	case IMPORT_LINES:
		rc = import_cmp_lines(&l, out);
		break;
	case IMPORT_AUTO:
	default:
		rc = import_error(name, l.n ? 1 : 0,
				  "not an AIM9 console report, logfile.suite9, suite9.ss, aimkit CSV export, mmtests or lkp-tests result");
		break;
	}
	free_lines(&l);
	if (rc < 0)
		import_free(out);
	return rc;
}

void
import_free(struct import_file *f)
{
	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_report *r = &f->reports[i];

		for (size_t j = 0; j < r->n_results; j++) {
			free(r->results[j].status);
			free(r->results[j].reason);
			free(r->results[j].finished_utc);
			free(r->results[j].samples);
		}
		for (size_t j = 0; j < r->n_env; j++) {
			free(r->env[j].key);
			free(r->env[j].value);
		}
		free(r->env);
		free(r->results);
		free(r->title);
		free(r->host);
		free(r->configuration);
		free(r->date);
		import_identity_free(r->identity);
	}
	free(f->reports);
	f->reports = NULL;
	f->n_reports = 0;
}
