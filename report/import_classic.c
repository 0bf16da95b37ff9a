/*
 * The classic AIM9 console report (singleuser's stdout, as pasted into
 * mail): tables between the heading and the closing dashed line, rows of
 * "number name elapsed count loops/s ops/s units/second" or a failed row
 * ending in "Skipping to next test.".  Text around the tables is ignored.
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
	struct import_file *f;
	struct import_report *rep;	/* the table being read */
	struct import_result *open;	/* failed row awaiting its "Skipping" */
	size_t prev_end;		/* index after the previous table */
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

static int
is_rule(const char *s)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	for (; *s == '-'; s++)
		n++;
	return *s == '\0' && n >= 20;
}

static int
is_heading(const char *s, const char *const *words, size_t n_words)
{
	const char *tok[10];
	size_t len[10], n = import_tokens(s, tok, len, 10);

	if (n != n_words)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!import_tok_is(tok[i], len[i], words[i]))
			return 0;
	return 1;
}

static const char *const heading1[] = {
	"Test", "Test", "Elapsed", "Iteration", "Iteration", "Operation",
};
static const char *const heading2[] = {
	"Number", "Name", "Time", "(sec)", "Count",
	"Rate", "(loops/sec)", "Rate", "(ops/sec)",
};

static int
is_aim9_line(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
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
		const char *s = c->l->text[i - 1];

		if (s[strspn(s, " \t")] == '\0' || is_aim9_line(s) ||
		    is_rule(s))
			continue;
		return title_of(s);
	}
	return NULL;
}

/* Line I is heading line 2: open a table; the rule under it is required. */
static int
open_table(struct console *c, size_t *i)
{
	size_t start = *i;

	if (*i + 1 >= c->l->n || !is_rule(c->l->text[*i + 1]))
		return import_error(c->l->name, *i + 2,
				    "expected a dashed line under the table heading");
	if (start > 0 && is_heading(c->l->text[start - 1], heading1, 6))
		start--;
	if (start > 0 && is_rule(c->l->text[start - 1]))
		start--;
	c->rep = import_add_report(c->f, start + 1);
	c->rep->title = find_title(c, start);
	c->last_number = 0;
	c->last_classic = 0;
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
	    const struct aim_test *t)
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

static int
data_row(struct console *c, size_t no, const char **tok, const size_t *len,
	 const struct aim_test *t)
{
	const char *units = tok[6];
	double elapsed, loops, ops;
	int64_t count;
	struct import_sample s = { 0 };
	struct import_result *res;
	unsigned long factor;

	if (import_number(tok[2], len[2], &elapsed) < 0 ||
	    import_count(tok[3], len[3], &count) < 0 ||
	    import_number(tok[4], len[4], &loops) < 0 ||
	    import_number(tok[5], len[5], &ops) < 0)
		return import_error(c->l->name, no, "%s", malformed);
	if (strcmp(units, t->units) != 0)
		return import_error(c->l->name, no,
				    "%s: units \"%s\", expected \"%s\"", t->name,
				    units, t->units);
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
 * line.  Numbers after the name mean a damaged row instead.
 */
static int
failed_row(struct console *c, size_t no, const char *rest,
	   const struct aim_test *t)
{
	const char *tok[1];
	size_t len[1];
	double x;

	if (strstr(rest, skipping) == NULL &&
	    import_tokens(rest, tok, len, 1) == 1 &&
	    import_number(tok[0], len[0], &x) == 0)
		return import_error(c->l->name, no, "%s", malformed);
	c->open = import_add_result(c->rep, t, "fail", no);
	c->open->factor = aim_test_factor(t, 5120);
	close_reason(c, rest);
	return 0;
}

/* Row lines start with the row number and a test name. */
static int
table_row(struct console *c, size_t no, const char *s, int *handled)
{
	const char *tok[7];
	size_t len[7], n = import_tokens(s, tok, len, 7);
	const struct aim_test *t;
	int64_t number;
	int shaped;

	*handled = 0;
	if (n < 2 || import_count(tok[0], len[0], &number) < 0)
		return 0;
	t = import_test(tok[1], len[1]);
	shaped = n == 7 && strstr(tok[6], "/second") != NULL;
	if (t == NULL && (shaped || strstr(s, skipping) != NULL))
		return import_error(c->l->name, no, "unknown test \"%.*s\"",
				    (int)len[1], tok[1]);
	if (t == NULL)
		return 0;
	*handled = 1;
	if (c->open != NULL)
		return unfinished(c);
	if (check_order(c, no, number, t) < 0)
		return -1;
	if (strstr(s, skipping) == NULL && shaped)
		return data_row(c, no, tok, len, t);
	return failed_row(c, no, tok[1] + len[1], t);
}

static int
table_line(struct console *c, size_t i)
{
	const char *s = c->l->text[i];
	int handled;

	if (is_rule(s)) {
		if (c->open != NULL)
			return unfinished(c);
		if (c->rep->n_results == 0)
			return import_error(c->l->name, i + 1,
					    "table without rows");
		c->rep = NULL;
		c->prev_end = i + 1;
		return 0;
	}
	if (table_row(c, i + 1, s, &handled) < 0)
		return -1;
	if (handled)
		return 0;
	if (c->open == NULL)
		return import_error(c->l->name, i + 1, "%s", malformed);
	/* Messages of a failing test, interleaved from stderr. */
	close_reason(c, s);
	return 0;
}

int
import_console(const struct import_lines *l, struct import_file *f)
{
	struct console c = { .l = l, .f = f };

	for (size_t i = 0; i < l->n; i++) {
		if (c.rep != NULL) {
			if (table_line(&c, i) < 0)
				return -1;
		} else if (is_heading(l->text[i], heading2, 9)) {
			if (open_table(&c, &i) < 0)
				return -1;
		}
	}
	if (c.open != NULL)
		return unfinished(&c);
	if (c.rep != NULL)
		return import_error(l->name, l->n,
				    "report ends inside the table (truncated?)");
	if (f->n_reports == 0)
		return import_error(l->name, l->n ? 1 : 0,
				    "no AIM9 console table found");
	return 0;
}
