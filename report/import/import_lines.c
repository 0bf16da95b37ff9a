// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Comparisons posted in the line form aimcmp --format lines prints ("N
 * name before after delta pct% units", with repeated samples the
 * statistics columns before the units), two reports.  The delta and the
 * percentage of a line are redundant: they must be exactly what the
 * comparison of its two rates prints, or the line is refused.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* A signed figure of two decimals as cents, or -1. */
static int
cents(const char *s, size_t len, int64_t *out)
{
	int neg = len > 0 && s[0] == '-';
	double x;

	if (import_number(s + neg, len - (size_t)neg, &x) < 0 ||
	    x > IMPORT_VALUE_MAX)
		return -1;
	*out = (int64_t)llround(x * 100.0) * (neg ? -1 : 1);
	return 0;
}

/* The delta and percentage at TOK must be those of BEFORE and AFTER. */
static int
line_check(const char *name, size_t no, const struct catalog_test *t,
	   const char **tok, const size_t *len, double before, double after)
{
	int64_t b = llround(before * 100.0), a = llround(after * 100.0), d;
	char pct[64];

	if (cents(tok[4], len[4], &d) < 0 || d != a - b)
		return import_error(name, no, "%s: delta %.*s is not %.2f - %.2f",
				    t->name, (int)len[4], tok[4], after, before);
	if (b == 0)
		snprintf(pct, sizeof(pct), "-");
	else
		snprintf(pct, sizeof(pct), "%.2f%%",
			 (double)(a - b) / (double)b * 100.0);
	if (!import_tok_is(tok[5], len[5], pct))
		return import_error(name, no, "%s: %.*s is not the change from %.2f to %.2f (%s)",
				    t->name, (int)len[5], tok[5], before, after, pct);
	return 0;
}

/*
 * One side's value at TOK of a line: its rate (0), or the status word
 * aimcmp prints for a test it could not compare (1), with "missing" for
 * none.  -1 when neither.
 */
static int
side_value(const char *tok, size_t len, double *v, const char **status)
{
	static const char *const words[] = {
		"missing", "fail", "skip", "timeout", "crash",
	};

	if (import_number(tok, len, v) == 0)
		return 0;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (import_tok_is(tok, len, words[i])) {
			*status = words[i];
			return 1;
		}
	return -1;
}

/* Side R of test T at NO: rate V, or STATUS when not NULL. */
static int
side_add(const char *name, size_t no, struct import_report *r,
	 const struct catalog_test *t, double v, const char *status)
{
	struct record_result *res;

	if (status == NULL)
		return import_add_printed(name, no, r, t, "ops/s", v) != NULL ?
			       0 : -1;
	if (strcmp(status, "missing") != 0) {
		res = import_add_result(r, t, status, no);
		res->factor = catalog_factor(t, 5120);
	}
	return 0;
}

/* The LEN bytes at S are nonempty and of the characters of SET. */
static int
tok_of(const char *s, size_t len, const char *set)
{
	for (size_t i = 0; i < len; i++)
		if (strchr(set, s[i]) == NULL)
			return 0;
	return len > 0;
}

/*
 * What aimcmp prints between the percentage and the units with repeated
 * samples, at S: "mean|peak cv CV VERDICT INTERVAL mdc MDC" (fmt_text.c),
 * each checked for its shape and passed over: they follow from samples
 * the line does not hold, so only the rates are imported.  The units
 * after them, or NULL.
 */
static const char *
stats_columns(const char *s)
{
	static const char *const verdicts[] = {
		"regressed", "improved", "equivalent", "inconclusive", "-",
	};
	const char *tok[8];
	size_t len[8];
	int known = 0;

	if (import_tokens(s, tok, len, 8) < 8 ||
	    !(import_tok_is(tok[0], len[0], "mean") ||
	      import_tok_is(tok[0], len[0], "peak")) ||
	    !import_tok_is(tok[1], len[1], "cv") ||
	    !tok_of(tok[2], len[2], "0123456789.%/-") ||
	    !import_tok_is(tok[5], len[5], "mdc") ||
	    !tok_of(tok[6], len[6], "0123456789.%-"))
		return NULL;
	for (size_t i = 0; i < sizeof(verdicts) / sizeof(verdicts[0]); i++)
		known |= import_tok_is(tok[3], len[3], verdicts[i]);
	if (!known || !(import_tok_is(tok[4], len[4], "-") ||
			(tok_of(tok[4], len[4], "0123456789.%,+-[]") &&
			 tok[4][0] == '[' && tok[4][len[4] - 1] == ']')))
		return NULL;
	return tok[7];
}

/* REST, at NO, is T's units, after the statistics columns if any. */
static int
line_units(const char *name, size_t no, const struct catalog_test *t,
	   const char *rest)
{
	const char *units = rest;

	if (strcmp(rest, t->units) != 0 &&
	    (strncmp(rest, "mean ", 5) == 0 || strncmp(rest, "peak ", 5) == 0) &&
	    (units = stats_columns(rest)) == NULL)
		return import_error(name, no, "%s: statistics columns: expected \"mean|peak cv CV VERDICT INTERVAL mdc MDC\" before the units",
				    t->name);
	if (strcmp(units, t->units) != 0)
		return import_error(name, no, "%s: units \"%s\", expected \"%s\"",
				    t->name, units, t->units);
	return 0;
}

/*
 * Mended line S, at NO, as "N name before after delta pct% units", or
 * as aimcmp comments a test it could not compare ("# N name fail after
 * - - units"): then a side is a status word and there is no change.  N
 * is the test's number, or its position POS among the lines, as
 * singleuser numbers a part of the suite (diff-aim9.sh).
 */
static int
cmp_line(const char *name, size_t no, const char *s, int64_t pos,
	 struct import_numbering *numbering, struct import_file *f)
{
	const char *tok[7], *st[2] = { NULL, NULL };
	size_t len[7];
	const struct catalog_test *t;
	double v[2] = { 0, 0 };
	int64_t number;
	int comment = s[0] == '#', k[2];

	if (comment)
		s += 2;
	if (import_tokens(s, tok, len, 7) < 7 ||
	    import_count(tok[0], len[0], &number) < 0 ||
	    (t = import_test(tok[1], len[1])) == NULL ||
	    (number != t->number && number != pos) ||
	    (k[0] = side_value(tok[2], len[2], &v[0], &st[0])) < 0 ||
	    (k[1] = side_value(tok[3], len[3], &v[1], &st[1])) < 0 ||
	    (k[0] + k[1] > 0) != comment)
		return import_error(name, no,
				    "expected \"number test before after delta pct%% units\" of a known test");
	if (line_units(name, no, t, tok[6]) < 0)
		return -1;
	import_numbering_row(numbering, number, t);
	if (import_find_result(&f->reports[0], t->name, 1) != NULL ||
	    import_find_result(&f->reports[1], t->name, 1) != NULL)
		return import_error(name, no, "%s given twice", t->name);
	if (comment && !(import_tok_is(tok[4], len[4], "-") &&
			 import_tok_is(tok[5], len[5], "-")))
		return import_error(name, no, "%s: a change without two rates",
				    t->name);
	if (import_value(name, no, t->name, "before", v[0]) < 0 ||
	    import_value(name, no, t->name, "after", v[1]) < 0)
		return -1;
	if (!comment &&
	    line_check(name, no, t, tok, len, v[0], v[1]) < 0)
		return -1;
	if (side_add(name, no, &f->reports[0], t, v[0], st[0]) < 0)
		return -1;
	return side_add(name, no, &f->reports[1], t, v[1], st[1]);
}

/* "# base: TAG (" or "# new: TAG (" gives report R its title. */
static void
line_title(const char *s, const char *side, struct import_report *r)
{
	size_t n = strlen(side), len;

	if (strncmp(s, side, n) != 0 || r->title != NULL)
		return;
	s += n;
	len = strcspn(s, " ");
	if (len > 0 && s[len] == ' ' && s[len + 1] == '(') {
		r->title = xasprintf("%.*s", (int)len, s);
		if (!import_peer_text_ok(r->title)) {
			free(r->title);
			r->title = NULL;
		} else {
			import_name(r, r->title, strcmp(side, "# base: ") == 0 ?
				    "the comparison's base" : "the comparison's new side", 0);
		}
	}
}

/* Mended line S starts "N name" of a known test. */
static int
is_test_line(const char *s)
{
	const char *tok[2];
	size_t len[2];
	int64_t no;

	return import_tokens(s, tok, len, 2) == 2 &&
	       import_count(tok[0], len[0], &no) == 0 &&
	       import_test(tok[1], len[1]) != NULL;
}

/* Mended line S is "# N name ...": aimcmp's comment on a test. */
static int
is_row_comment(const char *s)
{
	return s[0] == '#' && s[1] == ' ' && is_test_line(s + 2);
}

/*
 * Mail text before the first line is passed over; from it on, lines are
 * comparison lines, comments (aimcmp's header, tests it could not
 * compare) or blank.
 */
static int
lines(const struct import_lines *l, char *const *m, struct import_file *f)
{
	size_t i = 0, first, last = 0, n = l->n;
	struct import_numbering numbering = { 0 };
	int64_t pos = 0;

	/* From the first line naming a test: a damaged one is refused. */
	while (i < n && !is_row_comment(m[i]) && !is_test_line(m[i]))
		i++;
	if (i == n)
		return import_error(l->name, n ? 1 : 0, "no comparison line: expected \"number test before after delta pct%% units\"");
	first = i;
	(void)import_add_report(f, import_no(l, i));
	(void)import_add_report(f, import_no(l, i));
	for (size_t j = 0; j < first; j++) {
		line_title(m[j], "# base: ", &f->reports[0]);
		line_title(m[j], "# new: ", &f->reports[1]);
	}
	for (size_t j = first; j < n; j++)
		if (is_row_comment(m[j]) || is_test_line(m[j]))
			last = j;
	/* Mail text after a blank line under the last line is passed over. */
	if (last + 2 < n && m[last + 1][0] == '\0')
		n = last + 1;
	for (; i < n; i++)
		/* "+ ..." is aimcmp --counters: what moved with a rate. */
		if (m[i][0] != '\0' && (m[i][0] != '#' || is_row_comment(m[i])) &&
		    m[i][0] != '+' &&
		    cmp_line(l->name, import_no(l, i), m[i], ++pos, &numbering,
			     f) < 0)
			return -1;
	import_numbering_mark(&numbering, &f->reports[0]);
	import_numbering_mark(&numbering, &f->reports[1]);
	return 0;
}

static int
import_lines(const struct import_lines *l, struct import_file *f)
{
	char **m = import_mend_all(l);
	int rc = lines(l, m, f);

	import_mend_free(m, l->n);
	return rc;
}

/* "N name a b delta pct% ..." of a known test. */
static int
cmp_line_at(char *const *m, size_t n, size_t i)
{
	const char *tok[7];
	size_t len[7];
	int64_t no;

	(void)n;
	return import_tokens(m[i], tok, len, 7) == 7 &&
	       import_count(tok[0], len[0], &no) == 0 &&
	       import_test(tok[1], len[1]) != NULL && len[5] > 1 &&
	       tok[5][len[5] - 1] == '%';
}

static int
is_lines(const struct import_lines *l)
{
	return import_any_mended(l, cmp_line_at);
}

const struct importer importer_lines = {
	.name = "lines",
	.detect = is_lines,
	.parse = import_lines,
};
