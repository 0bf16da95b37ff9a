// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The import parsers under fuzzing: any bytes must be either refused with
 * a message (by the parser, or by record_check when the import is
 * finished) or parsed into runs that make sense and store whole.  A file
 * that is taken but cannot be stored would reach the user as an SQL
 * error, so storing is part of the check.
 */
#include "config.h"

#include "fuzz_import.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "fuzz.h"
#include "import_int.h"
#include "query_admin.h"
#include "store.h"
#include "xalloc.h"

static int
check_status(const char *s)
{
	static const char *const known[] = {
		"ok", "skip", "fail", "timeout", "crash",
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (s != NULL && strcmp(s, known[i]) == 0)
			return 0;
	return -1;
}

/* Every count, time and rate an import accepts. */
static int
in_range(double v)
{
	return v >= 0 && v <= IMPORT_VALUE_MAX;
}

/* Facts of an exported environment: names and printable text only. */
static int
check_env(const struct import_report *r)
{
	if (r->source_run < 0 || r->source_run > IMPORT_RUN_MAX)
		return fuzz_broken("run id %lld", (long long)r->source_run);
	for (size_t i = 0; i < r->run.n_env; i++) {
		const char *k = r->run.env[i].key, *v = r->run.env[i].value;

		if (k == NULL || v == NULL || k[0] == '\0' ||
		    strspn(k, "abcdefghijklmnopqrstuvwxyz"
			      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
			    strlen(k))
			return fuzz_broken("environment fact %zu", i + 1);
		for (const char *p = v; *p != '\0'; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				return fuzz_broken("control character in %s", k);
		for (size_t j = 0; j < i; j++)
			if (strcmp(r->run.env[j].key, k) == 0)
				return fuzz_broken("%s given twice", k);
	}
	return 0;
}

/*
 * A result of a taken run: a test of the catalog with its facts, or (in
 * aimkit's own exports, OWN) any the record says; its line one of the
 * file's unless a copy (COPY) keeps the line it was imported from.
 */
static int
check_result(const struct record_result *res, size_t lines, int own,
	     int copy)
{
	const struct catalog_test *t = catalog_find(res->test);

	if (!own &&
	    (t == NULL || t->number != res->number ||
	     strcmp(t->units, res->units) != 0))
		return fuzz_broken("result names no catalog test");
	if (check_status(res->status) < 0)
		return fuzz_broken("%s: status '%s'", res->test, res->status);
	if (res->rep < 1 || res->rep > IMPORT_REP_MAX || res->factor < 1 ||
	    res->factor > (unsigned long)RECORD_VALUE_MAX)
		return fuzz_broken("%s: rep %d, factor %lu", res->test,
				   res->rep, res->factor);
	if (!copy && (res->source_line < 1 || (size_t)res->source_line > lines))
		return fuzz_broken("%s: line %d of %zu", res->test, res->source_line,
				   lines);
	if (strcmp(res->status, "ok") == 0 && res->n_samples == 0)
		return fuzz_broken("%s: ok without samples", res->test);
	for (size_t i = 0; i < res->n_samples; i++) {
		const struct measure_sample *s = &res->samples[i];

		/* suite9.ss gives rates only: no time, no count. */
		if (!in_range((double)s->calls) ||
		    !in_range((double)s->elapsed_ns) ||
		    (s->elapsed_ns == 0 && !(s->printed_ops >= 0)) ||
		    (s->printed_ops >= 0 && !in_range(s->printed_ops)) ||
		    (s->elapsed_ns > 0 &&
		     !in_range((double)s->calls * (double)res->factor * 1e9 /
			       (double)s->elapsed_ns)))
			return fuzz_broken("%s: sample %zu out of range",
					   res->test, i + 1);
	}
	return 0;
}

static size_t
count_samples(const struct import_report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->run.n_results; i++)
		n += r->run.results[i].n_samples;
	return n;
}

/* What the database holds must be exactly what was parsed. */
static int
compare_stored(struct store *st, const struct import_file *f)
{
	struct query_list_row *rows;
	size_t n;
	int rc = 0;

	if (query_list(store_db(st), &rows, &n) < 0)
		return fuzz_broken("cannot list the stored runs");
	if (n != f->n_reports)
		rc = fuzz_broken("%zu reports stored as %zu runs",
				 f->n_reports, n);
	for (size_t i = 0; rc == 0 && i < n; i++)
		if ((size_t)rows[i].n_samples != count_samples(&f->reports[i]))
			rc = fuzz_broken("report %zu: %zu samples stored as %lld",
					 i + 1, count_samples(&f->reports[i]),
					 (long long)rows[i].n_samples);
	query_list_free(rows, n);
	return rc;
}

static int
store_all(const struct import_file *f)
{
	char err[512];
	struct store *st = store_open_memory(err, sizeof(err));
	int rc;

	if (st == NULL)
		return fuzz_broken("in-memory database: %s", err);
	if (import_store(st, ":memory:", f) != 0)
		rc = fuzz_broken("a parsed and checked file could not be stored");
	else
		rc = compare_stored(st, f);
	store_close(st);
	return rc;
}

/*
 * F's runs made what they are stored as (import_finish): 1 when taken,
 * 0 when record_check refuses one, which is a refusal, not a break.
 */
static int
finish(struct import_file *f)
{
	char **tags = xcalloc(f->n_reports + 1, sizeof(*tags));
	int taken;

	for (size_t i = 0; i < f->n_reports; i++)
		tags[i] = xasprintf("fuzz-%zu", i + 1);
	taken = import_finish(f, tags, "fuzz.txt") == 0;
	for (size_t i = 0; i < f->n_reports; i++)
		free(tags[i]);
	free(tags);
	return taken;
}

/*
 * Lines of DATA, which no result may lie beyond; of gzip or xz data the
 * lines are those decompressed, which only the parser knows.
 */
static size_t
count_lines(const uint8_t *data, size_t size)
{
	size_t n = 1;

	if ((size >= 2 && data[0] == 0x1f && data[1] == 0x8b) ||
	    (size >= 6 && memcmp(data, "\xfd" "7zXZ", 5) == 0))
		return SIZE_MAX;
	for (size_t i = 0; i < size; i++)
		n += data[i] == '\n';
	return n;
}

int
fuzz_import(const uint8_t *data, size_t size, const char *format)
{
	struct import_file f;
	size_t lines = count_lines(data, size);
	/* fmemopen refuses an empty buffer on older C libraries. */
	static const char empty[1];
	FILE *in = fmemopen(size ? (void *)data : (void *)empty, size, "r");
	const struct importer *imp;
	int rc = 0;

	if (in == NULL || import_format(format, &imp) < 0) {
		if (in != NULL)
			(void)fclose(in);	/* read-only memory stream */
		return fuzz_broken("fmemopen failed, or no importer %s", format);
	}
	if (import_parse(in, "fuzz.txt", imp, &f) != 0) {
		(void)fclose(in);	/* read-only memory stream */
		if (f.n_reports != 0)
			return fuzz_broken("a refused file left reports behind");
		return 0;
	}
	(void)fclose(in);
	if (imp != NULL && f.format != imp)
		rc = fuzz_broken("asked for %s, got %s", format,
				 import_format_name(f.format));
	if (rc == 0 && f.n_reports == 0)
		rc = fuzz_broken("a file with no report was accepted");
	if (rc == 0 && !finish(&f)) {
		import_free(&f);
		return 0;
	}
	for (size_t i = 0; rc == 0 && i < f.n_reports; i++) {
		rc = check_env(&f.reports[i]);
		for (size_t j = 0; rc == 0 && j < f.reports[i].run.n_results;
		     j++)
			rc = check_result(&f.reports[i].run.results[j], lines,
					  import_format_own_tags(f.format),
					  f.reports[i].copy);
	}
	if (rc == 0)
		rc = store_all(&f);
	import_free(&f);
	return rc;
}
