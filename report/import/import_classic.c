// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic AIM9 console report (singleuser's stdout, as pasted into
 * mail): tables under the heading, rows of "number name elapsed count
 * loops/s ops/s units/second" (with "user system" seconds after the
 * elapsed time in a variant) or a failed row ending in "Skipping to next
 * test.".  A table ends at its closing dashed line, or as posted: at text
 * that is no row, at a blank line that no row of the table follows, or at
 * the end of the file.  Rows tagged "[kernel]" after the name make one
 * report per kernel, under a heading or alone.  Mail damage is undone
 * first (import_classic_mend.c, import_classic_head.c); text around the
 * tables is ignored, but for singleuser's prompts, which name the machine
 * and its configuration.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

#define REASON_MAX 400
#define NO_REPORT ((size_t)-1)

struct console {
	const struct import_lines *l;
	char **m;			/* the lines mended */
	size_t *next;			/* the first line not blank from each */
	struct import_file *f;
	int in_table;
	int cpu;			/* the table has User and System columns */
	int tagged;			/* 1: rows carry [kernel], 0: not, -1: unknown */
	int units_first;		/* each row's units stand on the line above */
	size_t start;			/* the table's first line (index) */
	size_t first;			/* its first report */
	char *title;			/* the line above it */
	struct import_prompts prompts;	/* singleuser's, above it */
	struct import_numbering numbering;	/* of its rows */
	struct record_result *open;	/* failed row awaiting its "Skipping" */
	struct import_report *open_r;	/* the report it is of */
	const struct catalog_test *units_above;
	size_t prev_end;		/* index after the previous table */
	size_t unclosed;		/* line a table ended without its rule */
	int64_t last_number;
	int last_classic;
};

static const char skipping[] = "Skipping to next test.";

/* A mended line of at least 20 dashes. */
static int
is_rule(const char *m)
{
	return import_is_dashes(m) && strlen(m) >= 20;
}

/* Numbers of a row of the table: elapsed [user system] count loops ops. */
static size_t
row_numbers(const struct console *c)
{
	return c->cpu ? 6 : 4;
}

/* A table starts at START (index) with its heading; no report until a row. */
static int
begin_table(struct console *c, size_t start, int cpu)
{
	free(c->title);
	import_prompts_free(&c->prompts);
	c->title = import_console_title(c->m, c->prev_end, start);
	import_prompts_read(c->l, c->m, c->prev_end, start, &c->prompts);
	if (import_prompts_check(c->l, &c->prompts) < 0)
		return -1;
	c->in_table = 1;
	c->cpu = cpu;
	c->tagged = -1;
	c->units_first = 0;
	c->units_above = NULL;
	c->start = start;
	c->first = c->f->n_reports;
	c->last_number = 0;
	c->last_classic = 0;
	c->unclosed = 0;
	memset(&c->numbering, 0, sizeof(c->numbering));
	return 0;
}

/*
 * Line I starts heading line 2 (K lines): open a table.  The rule under
 * it is required; a rule broken in two (a long line and a "--") counts
 * whole.
 */
static int
open_table(struct console *c, size_t *i, size_t k, int cpu)
{
	size_t start = *i, n = c->l->n;

	if (*i + k >= n || !is_rule(c->m[*i + k]))
		return import_error(c->l->name, import_no(c->l, *i + k < n ? *i + k : n - 1),
				    "expected a dashed line under the table heading");
	start -= import_heading1_above(c->m, n, start, cpu);
	for (int d = 0; d < 2 && start > 0 && import_is_dashes(c->m[start - 1]);
	     d++)
		start--;
	if (begin_table(c, start, cpu) < 0)
		return -1;
	*i += k;
	if (*i + 1 < n && import_is_dashes(c->m[*i + 1]))
		(*i)++;
	return 0;
}

/* The report of the table's rows tagged TAG (LEN bytes; 0: untagged). */
static struct import_report *
table_report(struct console *c, const char *tag, size_t len)
{
	struct import_report *r;

	for (size_t i = c->first; i < c->f->n_reports; i++) {
		r = &c->f->reports[i];
		if (len == 0 || (strlen(r->title) == len &&
				 memcmp(r->title, tag, len) == 0))
			return r;
	}
	r = import_add_report(c->f, import_no(c->l, c->start));
	import_prompts_apply(&c->prompts, r);
	if (len == 0) {
		r->title = c->title != NULL ? xstrdup(c->title) : NULL;
	} else {
		r->title = xasprintf("%.*s", (int)len, tag);
		import_name(r, r->title, "the kernel its rows are tagged with",
			    import_no(c->l, c->start));
	}
	return r;
}

static int
unfinished(const struct console *c)
{
	return import_error(c->l->name, (size_t)c->open->source_line,
			    "row of %s has neither rates nor \"%s\" (truncated?)",
			    c->open->test, skipping);
}

static void
add_reason(struct console *c, const char *s, size_t len)
{
	struct record_result *res = c->open;
	char *msg = import_strip(s, len);

	if (msg[0] != '\0' && (res->reason == NULL ||
			       strlen(res->reason) < REASON_MAX)) {
		char *joined = res->reason == NULL ?
				       xstrdup(msg) :
				       xasprintf("%s; %s", res->reason, msg);

		/* Mail respaces text: a tab in it is a blank like any. */
		for (char *p = joined; *p != '\0'; p++)
			if (*p == '\t')
				*p = ' ';
		res->reason = record_strdup(&c->open_r->run, joined);
		free(joined);
	}
	free(msg);
}

/*
 * Row order: numbers count up, tests come in classic order, once each;
 * in a table of tagged rows each test has a row per kernel.
 */
static int
check_order(struct console *c, size_t no, int64_t number,
	    const struct catalog_test *t)
{
	int again = c->tagged == 1;

	if (number < c->last_number || (number == c->last_number && !again))
		return import_error(c->l->name, no,
				    "row number %lld does not follow %lld",
				    (long long)number, (long long)c->last_number);
	if (t->number < c->last_classic ||
	    (t->number == c->last_classic && !again))
		return import_error(c->l->name, no,
				    "%s is repeated or out of classic order",
				    t->name);
	c->last_number = number;
	c->last_classic = t->number;
	return 0;
}

/* ROW: the text after the name, joined across the lines it was broken onto. */
static int
data_row(struct console *c, struct import_report *r, size_t no,
	 const char *row, const struct catalog_test *t)
{
	struct measure_sample s = { .printed_ops = -1.0 };
	struct record_result *res;
	unsigned long factor;

	if (import_console_values(c->l->name, no, row, t, c->cpu,
				  c->units_above == t, &s, &factor) < 0)
		return -1;
	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(c->l->name, no, "%s: kernel [%s] given twice",
				    t->name, r->title);
	res = import_add_result(r, t, "ok", no);
	res->factor = factor;
	return import_add_sample(c->l->name, no, res, &s);
}

/* Text up to "Skipping to next test." joins the reason; that closes it. */
static void
close_reason(struct console *c, const char *s)
{
	const char *skip = strstr(s, skipping);

	add_reason(c, s, skip != NULL ? (size_t)(skip - s) : strlen(s));
	if (skip != NULL)
		c->open = NULL;
}

/*
 * A row naming a test without rates: a failure, closed now or by a later
 * line.  Its message is kept as printed, blanks and all.
 */
static void
failed_row(struct console *c, struct import_report *r, size_t i,
	   const struct catalog_test *t)
{
	const char *raw = import_unquote(c->l->text[i]), *tok[3];
	size_t len[3], n = import_tokens(raw, tok, len, 3);
	size_t k = n >= 2 && strspn(tok[0], "0123456789") == len[0];
	const char *after = tok[k] + len[k];

	if (n > k + 1 && tok[k + 1][0] == '[')	/* its [kernel] */
		after = tok[k + 1] + len[k + 1];
	c->open = import_add_result(r, t, "fail", import_no(c->l, i));
	c->open_r = r;
	c->open->factor = catalog_factor(t, 5120);
	close_reason(c, after);
}

/* Line I starts a row of T: a data row, perhaps broken, or a failure. */
static int
table_row(struct console *c, size_t *i, int64_t number,
	  const struct catalog_test *t, const char *rest)
{
	size_t no = import_no(c->l, *i), used, len;
	const char *tag = import_row_tag(&rest, &len), *units;
	struct import_report *r;
	char *row;
	int rc;

	if (c->open != NULL)
		return unfinished(c);
	if (c->tagged >= 0 && c->tagged != (tag != NULL))
		return import_error(c->l->name, no, tag != NULL ?
				    "a row tagged [kernel] among untagged rows" :
				    "a row without its [kernel] among tagged rows");
	c->tagged = tag != NULL;
	if (tag != NULL && !import_tag_printable(tag, len))
		return import_error(c->l->name, no, "kernel name is not printable text of 1 to 256 bytes");
	/* Tagged rows repeat a test: it counts once. */
	if (tag == NULL || t->number != c->last_classic)
		import_numbering_row(&c->numbering, number, t);
	if (check_order(c, no, number, t) < 0)
		return -1;
	r = table_report(c, tag, len);
	if (strstr(rest, skipping) != NULL ||
	    import_row_numbers(rest, row_numbers(c), &units) == 0) {
		failed_row(c, r, *i, t);
		return 0;
	}
	if (c->units_above == t)
		c->units_first = 1;
	row = import_row_join(c->m, c->l->n, *i, t, rest, row_numbers(c),
			      !c->units_first, &used);
	rc = data_row(c, r, no, row, t);
	free(row);
	c->units_above = NULL;
	*i += used;
	return rc;
}

/* A line that is no row yet names a test or a rate: not the table's end. */
static int
not_row(const struct console *c, size_t i)
{
	const char *m = c->m[i], *tok[2];
	size_t len[2], n = import_tokens(m, tok, len, 2), no = import_no(c->l, i);

	if (n == 2 && strspn(tok[0], "0123456789") == len[0] &&
	    (strstr(m, "/second") != NULL || strstr(m, skipping) != NULL))
		return import_error(c->l->name, no, "unknown test \"%.*s\"",
				    (int)len[1], tok[1]);
	if (n > 0 && (strspn(tok[0], "0123456789") == len[0] ||
		      strstr(m, "/second") != NULL ||
		      strstr(m, skipping) != NULL))
		return import_error(c->l->name, no, "%s", import_console_malformed);
	for (const char *p = m; import_tokens(p, tok, len, 1) == 1;
	     p = tok[0] + len[0])
		if (import_test(tok[0], len[0]) != NULL)
			return import_error(c->l->name, no,
					    "%.*s: expected a row, a blank line or the end of the table",
					    (int)len[0], tok[0]);
	return 0;
}

/* The table ends at line I (index), closed by its rule or not. */
static int
end_table(struct console *c, size_t i, int closed)
{
	if (c->f->n_reports == c->first)
		return import_error(c->l->name, import_no(c->l, i),
				    "table without rows");
	for (size_t k = c->first; k < c->f->n_reports; k++)
		import_numbering_mark(&c->numbering, &c->f->reports[k]);
	c->in_table = 0;
	c->prev_end = closed ? i + 1 : i;
	c->unclosed = closed ? 0 : import_no(c->l, i);
	return 0;
}

/* The row at mended line J carries on the table: number and test follow. */
static int
row_follows(const struct console *c, size_t j, const struct catalog_test **t)
{
	const char *rest;
	int64_t number;
	int again = c->tagged == 1;

	return j < c->l->n && import_row_start(c->m[j], &number, t, &rest) &&
	       (number > c->last_number || (again && number == c->last_number)) &&
	       ((*t)->number > c->last_classic ||
		(again && (*t)->number == c->last_classic));
}

/* The next line from I that is not blank (found once for all lines). */
static size_t
next_text(const struct console *c, size_t i)
{
	return i < c->l->n ? c->next[i] : i;
}

/*
 * Line I is the units of the row after it (past blank lines): the layout
 * that prints them first.  0 when it is not.
 */
static int
units_line(struct console *c, size_t i)
{
	const struct catalog_test *t;

	if (!row_follows(c, next_text(c, i + 1), &t) ||
	    strcmp(c->m[i], t->units) != 0)
		return 0;
	c->units_above = t;
	return 1;
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
	/* Blank lines between rows, and units printed above their row. */
	if ((m[0] == '\0' && (row_follows(c, next_text(c, *i), &t) ||
			      units_line(c, next_text(c, *i)))) ||
	    (m[0] != '\0' && units_line(c, *i)))
		return 0;
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
	    (import_row_numbers(rest, 4, &units) < 4 &&
	     strstr(rest, skipping) == NULL))
		return 0;
	return import_error(c->l->name, import_no(c->l, i),
			    "row of %s after the end of the table at line %zu (a blank line or text inside the table?)",
			    t->name, c->unclosed);
}

static int
parse_console(struct console *c)
{
	const struct import_lines *l = c->l;
	int rc, cpu = 0;
	size_t k;

	for (size_t i = 0; i < l->n; i++) {
		if (c->in_table) {
			if ((rc = table_line(c, &i)) < 0)
				return -1;
			if (rc == 0)
				continue;
		}
		if (stray_row(c, i) < 0)
			return -1;
		if ((k = import_heading_at(c->m, l->n, i, &cpu)) > 0) {
			if (open_table(c, &i, k, cpu) < 0)
				return -1;
		} else if (import_tagged_row(c->m[i])) {
			if (begin_table(c, i, 0) < 0)
				return -1;
			i--;
		}
	}
	if (c->open != NULL)
		return unfinished(c);
	if (c->in_table && end_table(c, l->n - 1, 1) < 0)
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

	c.m = import_mend_all(l);
	c.next = xcalloc(l->n + 1, sizeof(*c.next));
	c.next[l->n] = l->n;
	for (size_t i = l->n; i-- > 0;)
		c.next[i] = c.m[i][0] != '\0' ? i : c.next[i + 1];
	import_carry_numbers(c.m, l->n);
	rc = parse_console(&c);
	import_mend_free(c.m, l->n);
	free(c.next);
	free(c.title);
	import_prompts_free(&c.prompts);
	return rc;
}

/* A heading, however broken, or a row tagged by its kernel. */
static int
console_at(char *const *m, size_t n, size_t i)
{
	int cpu;

	return import_heading_at(m, n, i, &cpu) > 0 || import_tagged_row(m[i]);
}

static int
is_console(const struct import_lines *l)
{
	return import_any_mended(l, console_at);
}

const struct importer importer_console = {
	.name = "console",
	.detect = is_console,
	.parse = import_console,
};
