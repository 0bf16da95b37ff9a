// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The damage mail does to a classic AIM9 console table, undone where it
 * is unambiguous: quote prefixes, tabs and runs of blanks, headings in
 * other spacing, rows broken across lines.  A row is only joined with
 * the lines after it while what it gains can still be its own numbers or
 * a prefix of its test's units, so no other line is ever taken in.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

static const char skipping[] = "Skipping to next test.";

const char *
import_unquote(const char *s)
{
	while (*s == '>' || *s == ' ' || *s == '\t')
		s++;
	return s;
}

static int
is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' ||
	       ch == '\f';
}

char *
import_mend(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *p = out;

	for (s = import_unquote(s); *s != '\0'; s++) {
		if (!is_blank(*s))
			*p++ = *s;
		else if (p > out && p[-1] != ' ')
			*p++ = ' ';
	}
	if (p > out && p[-1] == ' ')
		p--;
	*p = '\0';
	return out;
}

int
import_heading_is(const char *s, const char *squeezed)
{
	for (s = import_unquote(s); *s != '\0'; s++) {
		if (is_blank(*s))
			continue;
		if (*s != *squeezed++)
			return 0;
	}
	return *squeezed == '\0';
}

int
import_is_dashes(const char *s)
{
	return s[0] == '-' && s[strspn(s, "-")] == '\0';
}

/*
 * Mended line M starts a row: the row number and a classic test name,
 * apart or fused ("10signal_test": a one or two digit number).  *REST is
 * what follows the name.
 */
int
import_row_start(const char *m, int64_t *number, const struct catalog_test **t,
		 const char **rest)
{
	const char *tok[2];
	size_t len[2], n = import_tokens(m, tok, len, 2), d;

	if (n == 0)
		return 0;
	d = strspn(tok[0], "0123456789");
	if (d == len[0] && n == 2 &&
	    import_count(tok[0], len[0], number) == 0) {
		*t = import_test(tok[1], len[1]);
		*rest = tok[1] + len[1];
	} else if (d >= 1 && d <= 2 && d < len[0] &&
		   import_count(tok[0], d, number) == 0) {
		*t = import_test(tok[0] + d, len[0] - d);
		*rest = tok[0] + len[0];
	} else {
		return 0;
	}
	if (*t == NULL)
		return 0;
	*rest += strspn(*rest, " ");
	return 1;
}

size_t
import_row_numbers(const char *s, size_t max, const char **units)
{
	const char *tok[IMPORT_ROW_NUMBERS_MAX + 1];
	size_t len[IMPORT_ROW_NUMBERS_MAX + 1], n, k = 0;
	double x;

	if (max > IMPORT_ROW_NUMBERS_MAX)
		max = IMPORT_ROW_NUMBERS_MAX;
	n = import_tokens(s, tok, len, max + 1);
	while (k < n && k < max && import_number(tok[k], len[k], &x) == 0)
		k++;
	*units = k < n ? tok[k] : s + strlen(s);
	return k;
}

/* Line M can carry on the numbers of a row: it starts with one. */
static int
continues_numbers(const char *m)
{
	const char *tok[1], *rest;
	const struct catalog_test *t;
	size_t len[1];
	int64_t number;
	double x;

	return import_tokens(m, tok, len, 1) == 1 &&
	       import_number(tok[0], len[0], &x) == 0 &&
	       !import_row_start(m, &number, &t, &rest);
}

/*
 * UNITS joined to line M, if that is still a prefix of WANT: a wrap at a
 * blank, or "/second" on a line of its own.  NULL otherwise.
 */
static char *
units_grow(const char *units, const char *m, const char *want)
{
	char *cand;

	if (*units == '\0')
		cand = xstrdup(m);
	else
		cand = xasprintf("%s%s%s", units, m[0] == '/' ? "" : " ", m);
	if (strncmp(want, cand, strlen(cand)) != 0) {
		free(cand);
		return NULL;
	}
	return cand;
}

/*
 * The next piece of the row in BUF from line M, or NULL: a row of WANT
 * numbers, taking the rest of its units when JOIN_UNITS.
 */
static char *
row_piece(const char *buf, const char *m, const struct catalog_test *t,
	  size_t want, int join_units)
{
	const char *units;
	size_t k = import_row_numbers(buf, want, &units);
	char *grown, *joined;

	if (k == 0 || strstr(buf, skipping) != NULL || m[0] == '\0')
		return NULL;
	if (k < want)
		return *units == '\0' && continues_numbers(m) ?
			       xasprintf("%s %s", buf, m) :
			       NULL;
	if (!join_units || strcmp(units, t->units) == 0)
		return NULL;
	grown = units_grow(units, m, t->units);
	if (grown == NULL)
		return NULL;
	joined = xasprintf("%.*s%s%s", (int)(units - buf), buf,
			   units == buf + strlen(buf) && units > buf ? " " : "",
			   grown);
	free(grown);
	return joined;
}

char *
import_row_join(char *const *m, size_t n, size_t i, const struct catalog_test *t,
		const char *rest, size_t want, int join_units, size_t *used)
{
	char *buf = xstrdup(rest), *next;

	/* Every piece adds a number or a word of the units: few lines. */
	*used = 0;
	while (i + 1 + *used < n &&
	       (next = row_piece(buf, m[i + 1 + *used], t, want,
				 join_units)) != NULL) {
		free(buf);
		buf = next;
		(*used)++;
	}
	return buf;
}

char **
import_mend_all(const struct import_lines *l)
{
	char **m = xcalloc(l->n ? l->n : 1, sizeof(*m));

	for (size_t i = 0; i < l->n; i++)
		m[i] = import_mend(l->text[i]);
	return m;
}

void
import_mend_free(char **m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(m[i]);
	free(m);
}

int
import_any_line(const struct import_lines *l, int (*is)(const char *s))
{
	for (size_t i = 0; i < l->n; i++)
		if (is(l->text[i]))
			return 1;
	return 0;
}

int
import_any_mended(const struct import_lines *l,
		  int (*is)(char *const *m, size_t n, size_t i))
{
	char **m = import_mend_all(l);
	int found = 0;

	for (size_t i = 0; i < l->n && !found; i++)
		found = is(m, l->n, i);
	import_mend_free(m, l->n);
	return found;
}
