/*
 * The classic AIM9 console report (singleuser's stdout, as pasted into
 * mail): tables under the heading, rows of "number name elapsed count
 * loops/s ops/s units/second" or a failed row ending in "Skipping to next
 * test.".  A table ends at its closing dashed line, or as posted: at a
 * blank line, at text that is no row, or at the end of the file.  Mail
 * damage is undone first (import_classic_mend.c).  Text around the
 * tables is ignored.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

#define REASON_MAX 400

struct console {
	const struct import_lines *l;
	char **m;			/* the lines mended */
	struct import_file *f;
	struct import_report *rep;	/* the table being read */
	struct import_result *open;	/* failed row awaiting its "Skipping" */
	size_t prev_end;		/* index after the previous table */
	size_t unclosed;		/* line a table ended without its rule */
	int64_t last_number;
	int last_classic;
};

static const char skipping[] = "Skipping to next test.";
static const char malformed[] =
	"malformed row: expected number name elapsed count loops/s ops/s units/second";

/*
 * Lines singleuser itself prints around a table; never a title.
 */
static const char *const aim9_lines[] = {
	"AIM Independent Resource Benchmark", "Copyright (c)",
	"All Rights Reserved",		      "Operation Count enabled",
	"Machine's name",		      "Machine's configuration",
	"Number of seconds to run each test", "Path to disk files",
	"Starting time:",		      "Projected Run Time:",
	"Projected finish:",		      "Projected Completion time:",
	"Actual Completion time:",	      "Difference:",
	"Testing over",
};

/* A mended line of at least 20 dashes. */
static int
is_rule(const char *m)
{
	return import_is_dashes(m) && strlen(m) >= 20;
}

static int
is_aim9_line(const char *s)
{
	for (size_t i = 0; i < sizeof(aim9_lines) / sizeof(aim9_lines[0]); i++)
		if (strncmp(s, aim9_lines[i], strlen(aim9_lines[i])) == 0)
			return 1;
	return 0;
}

/* The title: blanks and "=#*" decoration off both ends, then one ':'. */
static char *
title_of(const char *s)
{
	size_t len = strlen(s);

	while (len > 0 && strchr(" \t=#*", *s) != NULL) {
		s++;
		len--;
	}
	while (len > 0 && strchr(" \t=#*", s[len - 1]) != NULL)
		len--;
	if (len > 0 && s[len - 1] == ':')
		len--;
	return len > 0 ? import_strip(s, len) : NULL;
}

/* Nearest line above table START, after the previous table, that is text. */
static char *
find_title(const struct console *c, size_t start)
{
	for (size_t i = start; i > c->prev_end; i--) {
		const char *s = c->m[i - 1];

		if (s[0] == '\0' || is_aim9_line(s) || import_is_dashes(s))
			continue;
		return title_of(s);
	}
	return NULL;
}

/*
 * Line I is heading line 2: open a table.  The rule under it is
 * required; a rule broken in two (a long line and a "--") counts whole.
 */
static int
open_table(struct console *c, size_t *i)
{
	size_t start = *i;

	if (*i + 1 >= c->l->n || !is_rule(c->m[*i + 1]))
		return import_error(c->l->name, *i + 2,
				    "expected a dashed line under the table heading");
	if (start > 0 && import_heading_is(c->m[start - 1], IMPORT_HEADING1))
		start--;
	for (int k = 0; k < 2 && start > 0 && import_is_dashes(c->m[start - 1]);
	     k++)
		start--;
	c->rep = import_add_report(c->f, start + 1);
	c->rep->title = find_title(c, start);
	c->last_number = 0;
	c->last_classic = 0;
	c->unclosed = 0;
	(*i)++;
	if (*i + 1 < c->l->n && import_is_dashes(c->m[*i + 1]))
		(*i)++;
	return 0;
}

static int
unfinished(const struct console *c)
{
	return import_error(c->l->name, (size_t)c->open->line,
			    "row of %s has neither rates nor \"%s\" (truncated?)",
			    c->open->test, skipping);
}

static void
add_reason(struct import_result *res, const char *s, size_t len)
{
	char *msg = import_strip(s, len);

	if (msg[0] != '\0' && (res->reason == NULL ||
			       strlen(res->reason) < REASON_MAX)) {
		char *joined = res->reason == NULL ?
				       xstrdup(msg) :
				       xasprintf("%s; %s", res->reason, msg);

		free(res->reason);
		res->reason = joined;
	}
	free(msg);
}

/* Row order: numbers count up, tests come in classic order, once each. */
static int
check_order(struct console *c, size_t no, int64_t number,
	    const struct catalog_test *t)
{
	if (number <= c->last_number)
		return import_error(c->l->name, no,
				    "row number %lld does not follow %lld",
				    (long long)number, (long long)c->last_number);
	if (t->number <= c->last_classic)
		return import_error(c->l->name, no,
				    "%s is repeated or out of classic order",
				    t->name);
	c->last_number = number;
	c->last_classic = t->number;
	return 0;
}

/* The units of a complete row are T's, else say how they differ. */
static int
check_units(const struct console *c, size_t no, const char *units,
	    const struct catalog_test *t)
{
	if (strcmp(units, t->units) == 0)
		return 0;
	if (strstr(units, "/second") != NULL &&
	    strchr("0123456789", units[0]) == NULL)
		return import_error(c->l->name, no,
				    "%s: units \"%s\", expected \"%s\"", t->name,
				    units, t->units);
	if (units[0] != '\0' && strncmp(t->units, units, strlen(units)) == 0)
		return import_error(c->l->name, no,
				    "malformed row: %s units \"%s\" cut short, expected \"%s\"",
				    t->name, units, t->units);
	return import_error(c->l->name, no, "%s", malformed);
}

/* ROW: the text after the name, joined across the lines it was broken onto. */
static int
data_row(struct console *c, size_t no, const char *row,
	 const struct catalog_test *t)
{
	const char *tok[4], *units;
	size_t len[4];
	double elapsed, loops, ops;
	int64_t count;
	struct import_sample s = { 0 };
	struct import_result *res;
	unsigned long factor;

	if (import_row_numbers(row, &units) != 4 ||
	    import_tokens(row, tok, len, 4) != 4 ||
	    import_number(tok[0], len[0], &elapsed) < 0 ||
	    import_count(tok[1], len[1], &count) < 0 ||
	    import_number(tok[2], len[2], &loops) < 0 ||
	    import_number(tok[3], len[3], &ops) < 0)
		return import_error(c->l->name, no, "%s", malformed);
	if (check_units(c, no, units, t) < 0)
		return -1;
	if (import_value(c->l->name, no, t->name, "count", (double)count) < 0 ||
	    import_value(c->l->name, no, t->name, "loops/s", loops) < 0 ||
	    import_value(c->l->name, no, t->name, "ops/s", ops) < 0)
		return -1;
	if (import_scaled(elapsed, 1e9, 1, &s.elapsed_ns) < 0)
		return import_error(c->l->name, no,
				    "%s: elapsed time %g s out of range (1 ns to %g s)",
				    t->name, elapsed, IMPORT_VALUE_MAX / 1e9);
	if (import_factor(c->l->name, no, t, loops, ops, 0, &factor) < 0)
		return -1;
	res = import_add_result(c->rep, t, "ok", no);
	res->factor = factor;
	s.calls = count;
	s.has_printed = 1;
	s.printed_ops = ops;
	return import_add_sample(c->l->name, no, res, &s);
}

/* Text up to "Skipping to next test." joins the reason; that closes it. */
static void
close_reason(struct console *c, const char *s)
{
	const char *skip = strstr(s, skipping);

	add_reason(c->open, s, skip != NULL ? (size_t)(skip - s) : strlen(s));
	if (skip != NULL)
		c->open = NULL;
}

/*
 * A row naming a test without rates: a failure, closed now or by a later
 * line.  Its message is kept as printed, blanks and all.
 */
static void
failed_row(struct console *c, size_t no, const struct catalog_test *t)
{
	const char *raw = import_unquote(c->l->text[no - 1]), *tok[2];
	size_t len[2], n = import_tokens(raw, tok, len, 2);
	size_t name = n == 2 && strspn(tok[0], "0123456789") == len[0];

	c->open = import_add_result(c->rep, t, "fail", no);
	c->open->factor = catalog_factor(t, 5120);
	close_reason(c, tok[name] + len[name]);
}

/* Line I starts a row of T: a data row, perhaps broken, or a failure. */
static int
table_row(struct console *c, size_t *i, int64_t number,
	  const struct catalog_test *t, const char *rest)
{
	const char *units;
	char *row;
	size_t used;
	int rc = 0;

	if (c->open != NULL)
		return unfinished(c);
	if (check_order(c, *i + 1, number, t) < 0)
		return -1;
	if (strstr(rest, skipping) != NULL ||
	    import_row_numbers(rest, &units) == 0) {
		failed_row(c, *i + 1, t);
		return 0;
	}
	row = import_row_join(c->m, c->l->n, *i, t, rest, &used);
	rc = data_row(c, *i + 1, row, t);
	free(row);
	*i += used;
	return rc;
}

/* A line that is no row yet names a test or a rate: not the table's end. */
static int
not_row(const struct console *c, size_t i)
{
	const char *m = c->m[i], *tok[2];
	size_t len[2], n = import_tokens(m, tok, len, 2);

	if (n == 2 && strspn(tok[0], "0123456789") == len[0] &&
	    (strstr(m, "/second") != NULL || strstr(m, skipping) != NULL))
		return import_error(c->l->name, i + 1, "unknown test \"%.*s\"",
				    (int)len[1], tok[1]);
	if (n > 0 && (strspn(tok[0], "0123456789") == len[0] ||
		      strstr(m, "/second") != NULL ||
		      strstr(m, skipping) != NULL))
		return import_error(c->l->name, i + 1, "%s", malformed);
	for (const char *p = m; import_tokens(p, tok, len, 1) == 1;
	     p = tok[0] + len[0])
		if (import_test(tok[0], len[0]) != NULL)
			return import_error(c->l->name, i + 1,
					    "%.*s: expected a row, a blank line or the end of the table",
					    (int)len[0], tok[0]);
	return 0;
}

/* The table ends at line I (index), closed by its rule or not. */
static int
end_table(struct console *c, size_t i, int closed)
{
	if (c->rep->n_results == 0)
		return import_error(c->l->name, i + 1, "table without rows");
	c->rep = NULL;
	c->prev_end = closed ? i + 1 : i;
	c->unclosed = closed ? 0 : i + 1;
	return 0;
}

/* -1, 0 when line *I was the table's, 1 when the table ended before it. */
static int
table_line(struct console *c, size_t *i)
{
	const char *m = c->m[*i], *rest;
	const struct catalog_test *t;
	int64_t number;

	if (import_row_start(m, &number, &t, &rest))
		return table_row(c, i, number, t, rest);
	if (is_rule(m)) {
		if (c->open != NULL)
			return unfinished(c);
		return end_table(c, *i, 1);
	}
	if (c->open != NULL) {
		/* Messages of a failing test, interleaved from stderr. */
		close_reason(c, import_unquote(c->l->text[*i]));
		return 0;
	}
	if (m[0] != '\0' && not_row(c, *i) < 0)
		return -1;
	return end_table(c, *i, 0) < 0 ? -1 : 1;
}

/*
 * After a table that ended without its rule, a row before the next
 * heading means the table was cut by a stray line: refuse to guess.
 */
static int
stray_row(const struct console *c, size_t i)
{
	const char *rest, *units;
	const struct catalog_test *t;
	int64_t number;

	if (c->unclosed == 0 || !import_row_start(c->m[i], &number, &t, &rest) ||
	    (import_row_numbers(rest, &units) < 4 &&
	     strstr(rest, skipping) == NULL))
		return 0;
	return import_error(c->l->name, i + 1,
			    "row of %s after the end of the table at line %zu (a blank line or text inside the table?)",
			    t->name, c->unclosed);
}

static int
parse_console(struct console *c)
{
	const struct import_lines *l = c->l;
	int rc;

	for (size_t i = 0; i < l->n; i++) {
		if (c->rep != NULL) {
			if ((rc = table_line(c, &i)) < 0)
				return -1;
			if (rc == 0)
				continue;
		}
		if (stray_row(c, i) < 0)
			return -1;
		if (import_heading_is(c->m[i], IMPORT_HEADING2) &&
		    open_table(c, &i) < 0)
			return -1;
	}
	if (c->open != NULL)
		return unfinished(c);
	if (c->rep != NULL && end_table(c, l->n - 1, 1) < 0)
		return -1;
	if (c->f->n_reports == 0)
		return import_error(l->name, l->n ? 1 : 0,
				    "no AIM9 console table found");
	return 0;
}

int
import_console(const struct import_lines *l, struct import_file *f)
{
	struct console c = { .l = l, .f = f };
	int rc;

	c.m = xcalloc(l->n ? l->n : 1, sizeof(*c.m));
	for (size_t i = 0; i < l->n; i++)
		c.m[i] = import_mend(l->text[i]);
	rc = parse_console(&c);
	for (size_t i = 0; i < l->n; i++)
		free(c.m[i]);
	free(c.m);
	return rc;
}
