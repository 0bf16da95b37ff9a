// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The comparison table of lkp-tests (lkp compare, lib/compare.rb) as the
 * kernel test robot mails it and people quote it: under a header that
 * names the job's parameters ("compiler/.../testtime:" and a line of
 * values) and a line of commit ids, a row per metric: the first commit's
 * average [+- its %stddev], then per other commit its %change and average
 * [+- %stddev], then the metric.  Rows of aim9.TEST.ops_per_sec are the
 * results, one report per commit column and group; every other metric is
 * passed over.  A mail client may have wrapped a row onto the next lines
 * and quoted it, a reply may stand between rows, the "+-" may be Latin-1
 * or UTF-8.  Each change is checked against the two averages as printed
 * (within what their printing rounds off), so a misread row is refused.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Tokens one row may hold. */
#define COLS_MAX IMPORT_LKP_COLS_MAX
#define ROW_TOKENS (4 * COLS_MAX + 2)

struct row {
	const char *tok[ROW_TOKENS];
	size_t len[ROW_TOKENS], n;
	size_t first;		/* line (index) it starts on */
};


/* The ways "+-" reaches us: UTF-8, Latin-1, UTF-8 read as Latin-1, ASCII. */
static const char *const plusminus[] = {
	"\xc2\xb1", "\xb1", "\xc3\x82\xc2\xb1", "+-",
};

/* S (LEN) starts with a "+-" sign: its length, or 0. */
static size_t
pm_len(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof(plusminus) / sizeof(plusminus[0]); i++) {
		size_t n = strlen(plusminus[i]);

		if (len >= n && memcmp(s, plusminus[i], n) == 0)
			return n;
	}
	return 0;
}

/* A signed or unsigned number, LEN bytes at S. */
static int
signed_number(const char *s, size_t len, double *v)
{
	int neg = len > 1 && (s[0] == '-' || s[0] == '+');

	if (import_number(s + neg, len - (size_t)neg, v) < 0)
		return -1;
	if (s[0] == '-' && neg)
		*v = -*v;
	return 0;
}

/* Token S (LEN) belongs to a row: a number, a change, a stddev, a count. */
static int
valueish(const char *s, size_t len)
{
	double v;
	size_t pm = pm_len(s, len);

	if (pm > 0)
		return len == pm || (s[len - 1] == '%' &&
				     import_number(s + pm, len - pm - 1, &v) == 0);
	if (len > 1 && s[len - 1] == '%')
		return signed_number(s, len - 1, &v) == 0;
	/* lkp's failure rows: "6:6", ":6". */
	if (strspn(s, "0123456789:") == len && memchr(s, ':', len) != NULL)
		return 1;
	return signed_number(s, len, &v) == 0;
}

/* The test of metric S (LEN): aim9.TEST.ops_per_sec, or NULL. */
static const struct catalog_test *
aim9_metric(const char *s, size_t len, int *known)
{
	static const char tail[] = ".ops_per_sec";
	size_t tl = sizeof(tail) - 1;

	*known = 0;
	if (len <= 5 + tl || memcmp(s, "aim9.", 5) != 0 ||
	    memcmp(s + len - tl, tail, tl) != 0)
		return NULL;
	*known = 1;
	return import_test(s + 5, len - 5 - tl);
}

/* The precision of a printed value: the unit of its last digit. */
static double
unit_of(const char *s, size_t len)
{
	const char *e = memchr(s, 'e', len), *dot = memchr(s, '.', len);
	size_t end = e != NULL ? (size_t)(e - s) : len;
	int decimals = dot != NULL ? (int)(end - (size_t)(dot - s) - 1) : 0;
	double exp10 = e != NULL ? strtod(e + 1, NULL) : 0.0;

	return pow(10.0, exp10 - decimals);
}

struct cell {
	double v;
	const char *tok;
	size_t len;
};

/* A "+- N%" after a value at *K of R, passed over when there. */
static void
stddev(const struct row *r, size_t *k)
{
	size_t pm;

	if (*k >= r->n || (pm = pm_len(r->tok[*k], r->len[*k])) == 0)
		return;
	(*k)++;
	if (pm == r->len[*k - 1] && *k < r->n &&
	    r->tok[*k][r->len[*k] - 1] == '%')
		(*k)++;
}

/* Row R as NCOLS averages and the changes of columns 1 on: 0, or -1. */
static int
cells(const struct row *r, size_t ncols, struct cell *avg, struct cell *chg)
{
	size_t k = 0;

	for (size_t c = 0; c < ncols; c++) {
		if (c > 0) {
			if (k >= r->n || r->len[k] < 2 ||
			    r->tok[k][r->len[k] - 1] != '%' ||
			    signed_number(r->tok[k], r->len[k] - 1, &chg[c].v) < 0)
				return -1;
			chg[c].tok = r->tok[k];
			chg[c].len = r->len[k++] - 1;
		}
		if (k >= r->n || import_number(r->tok[k], r->len[k], &avg[c].v) < 0)
			return -1;
		avg[c].tok = r->tok[k];
		avg[c].len = r->len[k++];
		stddev(r, &k);
	}
	return k == r->n - 1 ? 0 : -1;
}

/*
 * The change CHG printed between averages A and B is theirs, within the
 * rounding of all three as printed (lkp truncates averages of 1000 and
 * more to whole numbers, prints 4 digits above 10^8).
 */
static int
change_ok(const struct cell *a, const struct cell *b, const struct cell *chg)
{
	double ua = unit_of(a->tok, a->len), ub = unit_of(b->tok, b->len);
	double uc = unit_of(chg->tok, chg->len);
	double lo, hi;

	if (a->v - ua <= 0)
		return 1;	/* too small to tell */
	lo = 100.0 * ((b->v - ub) / (a->v + ua) - 1.0);
	hi = 100.0 * ((b->v + ub) / (a->v - ua) - 1.0);
	return chg->v >= lo - uc && chg->v <= hi + uc;
}

/* The reports of group G's columns, made at its first result. */
static int
group_reports(const struct import_lines *l, struct import_lkp_group *g,
	      struct import_file *f)
{
	if (g->first != IMPORT_LKP_NO_REPORT)
		return 0;
	g->first = f->n_reports;
	for (size_t c = 0; c < g->ncols; c++) {
		struct import_report *r = import_add_report(f, g->ids_line);

		r->title = xstrdup(g->id[c]);
		if (import_peer_fact(l->name, g->ids_line, r, "lkp.commit",
				     g->id[c]) < 0)
			return -1;
		for (size_t i = 0; i < g->nparams; i++)
			if (import_peer_fact(l->name, g->params_line, r,
					     g->key[i], g->value[i]) < 0)
				return -1;
		import_name(r, g->id[c], "the commit of its column", g->ids_line);
	}
	return 0;
}

/* Row R of the metric of test T: each commit's average as printed. */
static int
aim9_row(const struct import_lines *l, const struct row *r,
	 const struct catalog_test *t, struct import_lkp_group *g, struct import_file *f)
{
	struct cell avg[COLS_MAX], chg[COLS_MAX];
	size_t no = import_no(l, r->first);

	if (cells(r, g->ncols, avg, chg) < 0)
		return import_error(l->name, no,
				    "aim9.%s.ops_per_sec: expected an average and, for each of the %zu other commits, a %%change and an average",
				    t->name, g->ncols - 1);
	for (size_t c = 1; c < g->ncols; c++)
		if (avg[c].v > 0 && !change_ok(&avg[0], &avg[c], &chg[c]))
			return import_error(l->name, no,
					    "aim9.%s.ops_per_sec: %.*s%% is not the change from %.*s to %.*s",
					    t->name, (int)chg[c].len, chg[c].tok,
					    (int)avg[0].len, avg[0].tok,
					    (int)avg[c].len, avg[c].tok);
	if (group_reports(l, g, f) < 0)
		return -1;
	for (size_t c = 0; c < g->ncols; c++) {
		struct import_report *rep = &f->reports[g->first + c];

		if (import_find_result(rep, t->name, 1) != NULL)
			return import_error(l->name, no, "aim9.%s.ops_per_sec given twice",
					    t->name);
		/* lkp averages no value as 0: that commit has no result. */
		if (avg[c].v > 0 && import_add_printed(l->name, no, rep, t,
						       "average", avg[c].v) == NULL)
			return -1;
	}
	return 0;
}

/*
 * Mended line I adds to row R: its tokens when every one is a value but
 * perhaps the last, a metric.  1 when that metric completes R, 0 when R
 * goes on, -1 when the line is other text (R is dropped).
 */
static int
row_line(char *const *m, size_t i, struct row *r)
{
	const char *tok[ROW_TOKENS];
	size_t len[ROW_TOKENS], n = import_tokens(m[i], tok, len, ROW_TOKENS);

	if (n == 0 || n == ROW_TOKENS)
		return -1;
	for (size_t k = 0; k + 1 < n; k++)
		if (!valueish(tok[k], len[k]))
			return -1;
	if (r->n == 0)
		r->first = i;
	for (size_t k = 0; k < n; k++) {
		if (r->n == ROW_TOKENS)
			return -1;
		r->tok[r->n] = tok[k];
		r->len[r->n++] = len[k];
	}
	return !valueish(tok[n - 1], len[n - 1]);
}

/* A row R is complete: its result when its metric is an AIM9 test's. */
static int
metric_row(const struct import_lines *l, const struct row *r, struct import_lkp_group *g,
	   struct import_file *f)
{
	int known;
	const struct catalog_test *t = aim9_metric(r->tok[r->n - 1],
						   r->len[r->n - 1], &known);

	if (!known || g->ncols == 0)
		return 0;
	if (t == NULL)
		return import_error(l->name, import_no(l, r->first),
				    "%.*s: not aim9.TEST.ops_per_sec of a known test",
				    (int)r->len[r->n - 1], r->tok[r->n - 1]);
	return aim9_row(l, r, t, g, f);
}

/* Mended line S is the header "%stddev %change %stddev ...". */
static int
is_stddev_header(const char *s)
{
	return strncmp(s, "%stddev", 7) == 0 && strstr(s, "%change") != NULL;
}

/* The reports of columns with no result at all (every average 0) go. */
static void
drop_empty(struct import_file *f)
{
	size_t k = 0;

	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_report *r = &f->reports[i];

		if (r->run.n_results == 0) {
			import_report_free(r);
			continue;
		}
		f->reports[k++] = *r;
	}
	f->n_reports = k;
}

static int
import_lkp_compare(const struct import_lines *l, struct import_file *f)
{
	char **m = import_mend_all(l);
	struct import_lkp_group g = { .first = IMPORT_LKP_NO_REPORT };
	struct row r = { .n = 0 };
	size_t from = 0;
	int rc = 0;

	for (size_t i = 0; i < l->n && rc == 0; i++) {
		int k;

		if (is_stddev_header(m[i])) {
			struct import_lkp_group next;

			if (import_lkp_group_at(l, m, from, i, &next) == 0) {
				import_lkp_group_free(&g);
				g = next;
				from = i + 1;
			}
			r.n = 0;
			continue;
		}
		k = row_line(m, i, &r);
		if (k == 1)
			rc = metric_row(l, &r, &g, f);
		if (k != 0)
			r.n = 0;
	}
	import_lkp_group_free(&g);
	import_mend_free(m, l->n);
	if (rc < 0)
		return -1;
	drop_empty(f);
	if (f->n_reports == 0)
		return import_error(l->name, l->n ? 1 : 0,
				    "no aim9.TEST.ops_per_sec row under a table header of lkp compare");
	return 0;
}

/* A header of lkp compare's table, and a row of an AIM9 metric. */
static int
lkpcmp_at(char *const *m, size_t n, size_t i)
{
	const char *last = strrchr(m[i], ' ');
	int known;

	(void)n;
	last = last != NULL ? last + 1 : m[i];
	return aim9_metric(last, strlen(last), &known) != NULL;
}

static int
is_stddev_line(char *const *m, size_t n, size_t i)
{
	(void)n;
	return is_stddev_header(m[i]);
}

static int
is_lkp_compare(const struct import_lines *l)
{
	return import_any_mended(l, is_stddev_line) &&
	       import_any_mended(l, lkpcmp_at);
}

const struct importer importer_lkp_compare = {
	.name = "lkp-compare",
	.detect = is_lkp_compare,
	.parse = import_lkp_compare,
};
