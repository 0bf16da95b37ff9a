/*
 * Comparisons people post, read back so they can be re-checked and
 * extended with new runs: the per-test blocks (a units line, the test's
 * name, then "[kernel] time count loops/s ops/s" per kernel), one report
 * per kernel; and the line form aimcmp --format lines prints ("N name
 * before after delta pct% units", with repeated samples the statistics
 * columns before the units), two reports.  The delta and the
 * percentage of a line are redundant: they must be exactly what the
 * comparison of its two rates prints, or the line is refused.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Kernels one set of blocks may hold. */
#define BLOCK_KERNELS_MAX 64

/* Mended line S is "[kernel]" and four numbers; *END is after the "]". */
static int
kernel_row(const char *s, const char **end)
{
	const char *tok[5];
	size_t len[5];
	double x;

	if (s[0] != '[' || (*end = strchr(s, ']')) == NULL || *end == s + 1)
		return 0;
	(*end)++;
	if (import_tokens(*end, tok, len, 5) != 4)
		return 0;
	for (int i = 0; i < 4; i++)
		if (import_number(tok[i], len[i], &x) < 0)
			return 0;
	return 1;
}

/* Mended line S names a catalog test, alone or after its number. */
static const struct catalog_test *
name_line(const char *s)
{
	const char *tok[3];
	size_t len[3], n = import_tokens(s, tok, len, 3);
	const struct catalog_test *t;
	int64_t no;

	if (n == 1)
		return import_test(tok[0], len[0]);
	if (n != 2 || import_count(tok[0], len[0], &no) < 0 ||
	    (t = import_test(tok[1], len[1])) == NULL || no != t->number)
		return NULL;
	return t;
}

/* Lines I and I + 1 of M are a block's units and name: its test. */
static const struct catalog_test *
block_start(char *const *m, size_t n, size_t i)
{
	const struct catalog_test *t;

	if (i + 1 >= n || (t = name_line(m[i + 1])) == NULL)
		return NULL;
	return strcmp(m[i], t->units) == 0 ? t : NULL;
}

/* The report of KERNEL (LEN bytes at S), added at line NO when new. */
static struct import_report *
kernel_report(struct import_file *f, const char *s, size_t len, size_t no)
{
	for (size_t i = 0; i < f->n_reports; i++)
		if (strlen(f->reports[i].title) == len &&
		    memcmp(f->reports[i].title, s, len) == 0)
			return &f->reports[i];
	if (f->n_reports == BLOCK_KERNELS_MAX)
		return NULL;
	struct import_report *r = import_add_report(f, no);

	r->title = xasprintf("%.*s", (int)len, s);
	return r;
}

/* Mended kernel row S, at line NO, of the block of test T. */
static int
block_row(const char *name, size_t no, struct import_file *f,
	  const struct catalog_test *t, char *s)
{
	const char *end = NULL, *tok[4];
	size_t len[4];
	double elapsed, loops, ops;
	int64_t count;
	struct import_sample smp = { .has_printed = 1 };
	struct import_report *r;
	struct import_result *res;
	unsigned long factor;

	if (!kernel_row(s, &end))
		return import_error(name, no,
				    "%s: expected \"[kernel] time count loops/s ops/s\"",
				    t->name);
	(void)import_tokens(end, tok, len, 4);
	(void)import_number(tok[0], len[0], &elapsed);
	(void)import_number(tok[2], len[2], &loops);
	(void)import_number(tok[3], len[3], &ops);
	if (import_count(tok[1], len[1], &count) < 0)
		return import_error(name, no, "%s: count %.*s is not a whole number",
				    t->name, (int)len[1], tok[1]);
	*strchr(s, ']') = '\0';
	if (!import_peer_text_ok(s + 1))
		return import_error(name, no, "kernel name is not printable text of 1 to 256 bytes");
	r = kernel_report(f, s + 1, strlen(s + 1), no);
	if (r == NULL)
		return import_error(name, no, "more than %d kernels",
				    BLOCK_KERNELS_MAX);
	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(name, no, "%s: kernel [%s] given twice",
				    t->name, r->title);
	if (import_value(name, no, t->name, "count", (double)count) < 0 ||
	    import_value(name, no, t->name, "loops/s", loops) < 0 ||
	    import_value(name, no, t->name, "ops/s", ops) < 0)
		return -1;
	if (import_scaled(elapsed, 1e9, 1, &smp.elapsed_ns) < 0)
		return import_error(name, no, "%s: elapsed time %g s out of range",
				    t->name, elapsed);
	if (import_factor(name, no, t, loops, ops, 0, &factor) < 0)
		return -1;
	res = import_add_result(r, t, "ok", no);
	res->factor = factor;
	smp.calls = count;
	smp.printed_ops = ops;
	return import_add_sample(name, no, res, &smp);
}

/*
 * Mail text before the first block is passed over; from it on, every
 * line that is not blank belongs to a block.
 */
static int
blocks(const char *name, char *const *m, size_t n, struct import_file *f)
{
	const struct catalog_test *t = NULL;
	const char *end;
	size_t i = 0, rows = 0;

	/* A row there is one whose block mail damaged: never pass it over. */
	for (; i < n && block_start(m, n, i) == NULL; i++)
		if (kernel_row(m[i], &end))
			return import_error(name, i + 1, "a [kernel] row without a units line and a test name before it");
	for (; i < n; i++) {
		const struct catalog_test *next = block_start(m, n, i);

		if (m[i][0] == '\0')
			continue;
		if (next != NULL || (m[i][0] != '[' && t != NULL)) {
			if (t != NULL && rows == 0)
				return import_error(name, i + 1, "%s: a block without [kernel] rows", t->name);
			if (next == NULL)
				return import_error(name, i + 1,
						    "expected a units line, a test name or a \"[kernel] time count loops/s ops/s\" row");
			t = next;
			rows = 0;
			i++;
			continue;
		}
		if (block_row(name, i + 1, f, t, m[i]) < 0)
			return -1;
		rows++;
	}
	if (t == NULL)
		return import_error(name, n ? 1 : 0, "no comparison block: expected a units line, a test name and [kernel] rows");
	if (rows == 0)
		return import_error(name, n, "%s: a block without [kernel] rows", t->name);
	return 0;
}

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
	struct import_result *res;

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
 * - - units"): then a side is a status word and there is no change.
 */
static int
cmp_line(const char *name, size_t no, const char *s, struct import_file *f)
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
	    (t = import_test(tok[1], len[1])) == NULL || number != t->number ||
	    (k[0] = side_value(tok[2], len[2], &v[0], &st[0])) < 0 ||
	    (k[1] = side_value(tok[3], len[3], &v[1], &st[1])) < 0 ||
	    (k[0] + k[1] > 0) != comment)
		return import_error(name, no,
				    "expected \"number test before after delta pct%% units\" of a known test");
	if (line_units(name, no, t, tok[6]) < 0)
		return -1;
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
lines(const char *name, char *const *m, size_t n, struct import_file *f)
{
	size_t i = 0, first;

	/* From the first line naming a test: a damaged one is refused. */
	while (i < n && !is_row_comment(m[i]) && !is_test_line(m[i]))
		i++;
	if (i == n)
		return import_error(name, n ? 1 : 0, "no comparison line: expected \"number test before after delta pct%% units\"");
	first = i;
	(void)import_add_report(f, i + 1);
	(void)import_add_report(f, i + 1);
	for (size_t j = 0; j < first; j++) {
		line_title(m[j], "# base: ", &f->reports[0]);
		line_title(m[j], "# new: ", &f->reports[1]);
	}
	for (; i < n; i++)
		/* "+ ..." is aimcmp --counters: what moved with a rate. */
		if (m[i][0] != '\0' && (m[i][0] != '#' || is_row_comment(m[i])) &&
		    m[i][0] != '+' && cmp_line(name, i + 1, m[i], f) < 0)
			return -1;
	return 0;
}

/* Every line of L mended as mail leaves it (malloc'd, N of them). */
static char **
mend_all(const struct import_lines *l)
{
	char **m = xcalloc(l->n ? l->n : 1, sizeof(*m));

	for (size_t i = 0; i < l->n; i++)
		m[i] = import_mend(l->text[i]);
	return m;
}

static int
parse(const struct import_lines *l, struct import_file *f, int is_blocks)
{
	char **m = mend_all(l);
	int rc = is_blocks ? blocks(l->name, m, l->n, f) :
			     lines(l->name, m, l->n, f);

	for (size_t i = 0; i < l->n; i++)
		free(m[i]);
	free(m);
	return rc;
}

int
import_cmp_blocks(const struct import_lines *l, struct import_file *f)
{
	return parse(l, f, 1);
}

int
import_cmp_lines(const struct import_lines *l, struct import_file *f)
{
	return parse(l, f, 0);
}

int
import_cmp_detect(const struct import_lines *l, enum import_kind *kind)
{
	char **m = mend_all(l);
	const char *end;
	int found = 0;

	for (size_t i = 0; i < l->n && !found; i++) {
		const char *tok[7];
		size_t len[7];
		const struct catalog_test *t;
		int64_t no;

		if (i > 0 && name_line(m[i - 1]) != NULL &&
		    kernel_row(m[i], &end)) {
			*kind = IMPORT_BLOCKS;
			found = 1;
		} else if (import_tokens(m[i], tok, len, 7) == 7 &&
			   import_count(tok[0], len[0], &no) == 0 &&
			   (t = import_test(tok[1], len[1])) != NULL &&
			   no == t->number && strchr(tok[5], '%') != NULL) {
			*kind = IMPORT_LINES;
			found = 1;
		}
	}
	for (size_t i = 0; i < l->n; i++)
		free(m[i]);
	free(m);
	return found;
}
