// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * compare-mmtests.pl tables, as printed and as mail quotes them: a row a
 * statistic and an operation, then one value and its change a kernel;
 * one report per kernel column, titled by the two header lines above.
 * Each test's mean row (Hmean, or Amean in tables of before 2014) is that
 * kernel's sample; the other statistics (Min, Max, Stddev, CoeffVar,
 * BHmean-95 or BHmean.95, ...) are checked for shape, and tell a test
 * mmtests had no result for (every statistic 0.00 or NaN: singleuser
 * skipped it) from a rate.  Tables of other benchmarks in the same text
 * are passed over with a note.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import_int.h"
#include "xalloc.h"

/* Kernels one compare table may hold. */
#define CMP_COLS_MAX 64

struct seg {
	size_t from, to;	/* its lines (indexes), TO past the last */
	int aim9;		/* some operation is an AIM9 test */
};

/* The summary rows of compare-mmtests.pl, in any of its spellings. */
static int
is_stat(const char *s, size_t len)
{
	static const char *const names[] = {
		"Min", "Max", "Hmean", "HStddev", "HCoeffVar", "Amean",
		"Stddev", "CoeffVar", "Ratio", "Geomean", "Range", "Median",
	};
	size_t k;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (import_tok_is(s, len, names[i]))
			return 1;
	/* BHmean.95 (now), BHmean-95 (2020), BAmean.99, Hmean-95 ... */
	k = len > 0 && s[0] == 'B' ? 1 : 0;
	if (len < k + 7 || (memcmp(s + k, "Hmean", 5) != 0 &&
			    memcmp(s + k, "Amean", 5) != 0) ||
	    (s[k + 5] != '.' && s[k + 5] != '-'))
		return 0;
	return strspn(s + k + 6, "0123456789") == len - k - 6;
}

/* Token S (LEN) is a value: a number, or NaN as Perl prints it. */
static int
value_of(const char *s, size_t len, double *v)
{
	if (import_tok_is(s, len, "NaN") || import_tok_is(s, len, "nan") ||
	    import_tok_is(s, len, "-nan")) {
		*v = NAN;
		return 0;
	}
	return import_number(s, len, v);
}

/* "(  -0.96%)" or "*   4.30%*" at *P: the change against the base. */
static int
change(const char **p)
{
	const char *s = *p + strspn(*p, " ");
	char close = *s == '(' ? ')' : '*';
	const char *end;
	double x;

	if (*s != '(' && *s != '*')
		return -1;
	s += 1 + strspn(s + 1, " ");
	if (*s == '-')
		s++;
	end = strchr(s, '%');
	if (end == NULL || end[1] != close ||
	    value_of(s, (size_t)(end - s), &x) < 0)
		return -1;
	*p = end + 2;
	return 0;
}

/*
 * Values and their changes in S into V: how many, -1 when malformed.  A
 * table printed without comparison has no changes; a row has all or none.
 */
static int
row_values(const char *s, double *v, size_t max)
{
	size_t n = 0, changes = 0;

	for (;;) {
		const char *p = s + strspn(s, " \t"), *e;

		if (*p == '\0')
			return changes == 0 || changes == n ? (int)n : -1;
		e = p + strcspn(p, " \t");
		if (n == max || value_of(p, (size_t)(e - p), &v[n]) < 0)
			return -1;
		s = e;
		p = s + strspn(s, " \t");
		if (*p == '(' || *p == '*') {
			if (change(&s) < 0)
				return -1;
			changes++;
		}
		n++;
	}
}

/* Mended line S is a statistic row: its operation in *OP, *OPLEN. */
static int
stat_row(const char *s, const char **op, size_t *oplen)
{
	const char *tok[3];
	size_t len[3];

	if (import_tokens(s, tok, len, 3) < 3 || !is_stat(tok[0], len[0]))
		return 0;
	*op = tok[1];
	*oplen = len[1];
	return 1;
}

/*
 * Mended line S carries on a row a mail broke, wherever it broke it:
 * pieces of values and changes only ("545446.23 (", "0.17%)").  The
 * row joined is checked whole.
 */
static int
continues(const char *s)
{
	const char *tok[1];
	size_t len[1];

	if (s[0] == '\0')
		return 0;
	for (const char *p = s; import_tokens(p, tok, len, 1) == 1;
	     p = tok[0] + len[0])
		if (strspn(tok[0], "0123456789.()*%+-") != len[0] &&
		    !import_tok_is(tok[0], len[0], "NaN") &&
		    !import_tok_is(tok[0], len[0], "nan") &&
		    !import_tok_is(tok[0], len[0], "-nan"))
			return 0;
	return 1;
}

int
import_mmtests_cmp_row(const char *mended, int any)
{
	const char *op;
	size_t len;

	return stat_row(mended, &op, &len) &&
	       (any || import_test(op, len) != NULL);
}

/* The row at I of M with its continuation lines: its text (malloc'd). */
static char *
joined_row(char *const *m, size_t to, size_t i, size_t *used)
{
	char *row = xstrdup(m[i]), *more;

	*used = 0;
	/* Each line carries on at least a piece of a value: few lines. */
	while (i + 1 + *used < to && *used < 2 * CMP_COLS_MAX &&
	       continues(m[i + 1 + *used])) {
		more = xasprintf("%s %s", row, m[i + 1 + *used]);
		free(row);
		row = more;
		(*used)++;
	}
	return row;
}

/* The title of a kernel from its two header parts (Compare.pm's split). */
static char *
column_title(const char *top, size_t tlen, const char *bottom, size_t blen)
{
	/* A name without '-' comes as itself less its last byte, and whole. */
	if (blen == tlen + 1 && memcmp(top, bottom, tlen) == 0)
		return xasprintf("%.*s", (int)blen, bottom);
	return xasprintf("%.*s-%.*s", (int)tlen, top, (int)blen, bottom);
}

/*
 * The column names above line FIRST, the parts before the '-' first,
 * then the parts after, each on one line or wrapped over several: the
 * tokens of those lines into TOK[0] and TOK[1] (N[0], N[1] of them).
 */
static void
header_tokens(char *const *m, size_t first, size_t cols,
	      const char *tok[2][CMP_COLS_MAX + 1],
	      size_t len[2][CMP_COLS_MAX + 1], size_t *n)
{
	const char *t[2 * CMP_COLS_MAX + 2];
	size_t tl[2 * CMP_COLS_MAX + 2], got = 0, i = first, lines = 0;

	/* The nearest lines above that hold twice as many names. */
	while (i > 0 && got < 2 * cols && lines < 8) {
		size_t k;

		if (m[--i][0] == '\0')
			continue;
		k = import_tokens(m[i], t, tl, 2 * CMP_COLS_MAX + 2);
		got += k;
		lines++;
	}
	n[0] = n[1] = 0;
	if (got != 2 * cols || lines <= 2)
		return;
	for (got = 0; i < first; i++)
		for (size_t j = 0, k = import_tokens(m[i], t, tl, 2 * CMP_COLS_MAX + 2);
		     j < k; j++, got++) {
			size_t h = got < cols ? 0 : 1;

			tok[h][n[h]] = t[j];
			len[h][n[h]++] = tl[j];
		}
}

/* Reports' titles: the two lines of column names above line FIRST. */
static void
titles(const struct import_lines *l, char *const *m, size_t first,
       struct import_file *f)
{
	const char *tok[2][CMP_COLS_MAX + 1];
	size_t len[2][CMP_COLS_MAX + 1], n[2] = { 0, 0 }, h = 2;

	for (size_t i = first; i > 0 && h > 0; i--)
		if (m[i - 1][0] != '\0') {
			h--;
			n[h] = import_tokens(m[i - 1], tok[h], len[h],
					     CMP_COLS_MAX + 1);
		}
	/* Headers a mail client wrapped. */
	if (n[0] != f->n_reports || n[1] != f->n_reports)
		header_tokens(m, first, f->n_reports, tok, len, n);
	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_report *r = &f->reports[i];

		if (n[0] == f->n_reports && n[1] == f->n_reports)
			r->title = column_title(tok[0][i], len[0][i], tok[1][i],
						len[1][i]);
		else if (n[1] == f->n_reports)
			r->title = import_strip(tok[1][i], len[1][i]);
		if (r->title != NULL && import_peer_text_ok(r->title))
			import_name(r, r->title, "its column's header",
				    import_no(l, first - 1));
	}
}

struct cmprow {
	const struct catalog_test *t;
	int mean;		/* 2 Hmean, 1 Amean, 0 another statistic */
	size_t no;
	double v[CMP_COLS_MAX];
};

/* The rows of segment S into *ROWS: how many, or -1 (reported). */
static long
seg_rows(const struct import_lines *l, char *const *m, const struct seg *s,
	 struct import_file *f, struct cmprow **rows)
{
	long n = 0;

	for (size_t i = s->from, used; i < s->to; i += 1 + used) {
		const char *op, *tok[1];
		size_t oplen, len[1], no = import_no(l, i);
		char *row;
		struct cmprow *r;
		int k;

		used = 0;
		/* Ratios (--print-ratio) follow from the rates: not read. */
		if (!stat_row(m[i], &op, &oplen) || strncmp(m[i], "Ratio ", 6) == 0)
			continue;
		*rows = import_grow(*rows, (size_t)n, sizeof(**rows));
		r = &(*rows)[n++];
		r->no = no;
		if ((r->t = import_test(op, oplen)) == NULL)
			return import_error(l->name, no, "unknown test \"%.*s\" in a table of AIM9 tests",
					    (int)oplen, op);
		(void)import_tokens(m[i], tok, len, 1);
		r->mean = import_tok_is(tok[0], len[0], "Hmean") ? 2 :
			  import_tok_is(tok[0], len[0], "Amean") ? 1 : 0;
		row = joined_row(m, s->to, i, &used);
		k = row_values(row + (op + oplen - m[i]), r->v, CMP_COLS_MAX);
		free(row);
		if (k <= 0 || (f->n_reports > 0 && (size_t)k != f->n_reports))
			return import_error(l->name, no,
					    "malformed row: expected %s then one value and its change per kernel (%zu)",
					    r->t->name, f->n_reports);
		for (int c = (int)f->n_reports; c < k; c++)
			(void)import_add_report(f, no);
	}
	return n;
}

/* Whether every statistic of T under column C is 0 or NaN: no result. */
static int
no_result(const struct cmprow *rows, long n, const struct catalog_test *t,
	  size_t c)
{
	for (long i = 0; i < n; i++)
		if (rows[i].t == t && !isnan(rows[i].v[c]) && rows[i].v[c] != 0)
			return 0;
	return 1;
}

/* The mean row R of a test: a sample of each kernel, or its absence. */
static int
mean_row(const struct import_lines *l, const struct cmprow *rows, long n,
	 const struct cmprow *r, struct import_file *f)
{
	for (size_t c = 0; c < f->n_reports; c++) {
		struct import_report *rep = &f->reports[c];
		struct record_result *res;

		if (import_find_result(rep, r->t->name, 1) != NULL)
			return import_error(l->name, r->no, "the mean of %s given twice",
					    r->t->name);
		if (isfinite(r->v[c]) && r->v[c] > 0) {
			if (import_add_printed(l->name, r->no, rep, r->t,
					       r->mean == 2 ? "Hmean" : "Amean",
					       r->v[c]) == NULL)
				return -1;
			continue;
		}
		if (!no_result(rows, n, r->t, c))
			return import_error(l->name, r->no,
					    "%s: a mean of %g under kernel %zu, yet other statistics: not a rate",
					    r->t->name, r->v[c], c + 1);
		/* singleuser skipped it: mmtests read no number at all. */
		res = import_add_result(rep, r->t, "skip", r->no);
		res->factor = catalog_factor(r->t, 5120);
		res->reason = record_strdup(&rep->run,
					    "every statistic 0.00: no result");
	}
	return 0;
}

/* An AIM9 table: each test's mean row gives every kernel its result. */
static int
aim9_table(const struct import_lines *l, char *const *m, const struct seg *s,
	   struct import_file *f)
{
	struct cmprow *rows = NULL;
	int first = f->n_reports == 0, mean = 0, rc = 0;
	long n = seg_rows(l, m, s, f, &rows);

	for (long i = 0; i < n; i++)
		mean = rows[i].mean > mean ? rows[i].mean : mean;
	if (n >= 0 && mean == 0)
		rc = import_error(l->name, import_no(l, s->from),
				  "no Hmean or Amean rows: nothing to import");
	for (long i = 0; rc == 0 && i < n; i++)
		if (rows[i].mean == mean)
			rc = mean_row(l, rows, n, &rows[i], f);
	if (n >= 0 && rc == 0 && first)
		titles(l, m, s->from, f);
	free(rows);
	return n < 0 ? -1 : rc;
}

/* What another benchmark's table measured, said once the import is sure. */
static char *
other_table(char *const *m, const struct seg *s)
{
	char ops[160] = "", name[64];
	size_t at = 0;
	int shown = 0;

	for (size_t i = s->from; i < s->to && shown < 3; i++) {
		const char *op;
		size_t len;

		if (!stat_row(m[i], &op, &len) || len >= sizeof(name))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)len, op);
		if (strstr(ops, name) != NULL)
			continue;
		at += (size_t)snprintf(ops + at, sizeof(ops) - at, "%s%s",
				       shown++ ? ", " : "", name);
		if (at >= sizeof(ops))
			break;
	}
	return xasprintf("%s%s", ops, shown == 3 ? ", ..." : "");
}

/* The table starting at stat row I of M: where it ends, whether AIM9's. */
static void
segment(char *const *m, size_t n, size_t i, struct seg *s)
{
	const char *op;
	size_t len;

	s->from = i;
	s->aim9 = 0;
	for (s->to = i; i < n; i++) {
		if (stat_row(m[i], &op, &len)) {
			s->aim9 |= import_test(op, len) != NULL;
			s->to = i + 1;
		} else if (continues(m[i])) {
			s->to = i + 1;
		} else if (m[i][0] != '\0') {
			break;
		}
	}
}

int
import_mmtests_compare(const struct import_lines *l, struct import_file *f)
{
	char **m = import_mend_all(l), **other = NULL;
	size_t *at = NULL, n_other = 0, len;
	const char *op;
	int rc = 0, tables = 0;

	for (size_t i = 0; i < l->n && rc == 0; i++) {
		struct seg s;

		if (!stat_row(m[i], &op, &len))
			continue;
		segment(m, l->n, i, &s);
		if (s.aim9) {
			rc = aim9_table(l, m, &s, f);
			tables++;
		} else {
			other = import_grow(other, n_other, sizeof(*other));
			at = import_grow(at, n_other, sizeof(*at));
			at[n_other] = import_no(l, s.from);
			other[n_other++] = other_table(m, &s);
		}
		i = s.to - 1;
	}
	if (rc == 0 && tables == 0)
		rc = import_error(l->name, l->n ? 1 : 0, "no compare-mmtests.pl table of AIM9 tests%s",
				  n_other > 0 ? ", only of other benchmarks" : "");
	for (size_t i = 0; i < n_other; i++) {
		if (rc == 0)
			(void)import_note(l->name, at[i],
					  "passed over a compare-mmtests.pl table of another benchmark (%s)",
					  other[i]);
		free(other[i]);
	}
	free(other);
	free(at);
	import_mend_free(m, l->n);
	return rc;
}
