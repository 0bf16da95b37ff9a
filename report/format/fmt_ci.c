// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The comparison as CI systems read it: JUnit XML (Jenkins, GitLab,
 * GitHub Actions reporters) and KTAP (KernelCI, LAVA, any TAP parser).
 * One test case per test and NEW side; a regression is a failure whose
 * message holds the numbers, a test missing or failed on the NEW side, or
 * without a usable process on a side, an error, a test missing or failed
 * on the base a skip; a comparison of no test at all is an error of its
 * own, and every warning of the text output goes along.  Every string from
 * the data is made printable first (tag_printable()), so no control
 * character reaches the XML, which cannot hold one even as a reference,
 * and no newline or '#' can forge a TAP line or directive.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"
#include "xalloc.h"

enum ci_outcome {
	CI_PASS,
	CI_FAILURE,	/* regressed */
	CI_ERROR,	/* missing, failed or unusable on the NEW side */
	CI_SKIP,	/* nothing to compare: the base has no value */
};

/* The name of the test point of a comparison that compared nothing. */
#define CI_NOTHING "comparison"

/* Row ROW against NEW side S (1..): the outcome, *WHY a malloc'd line. */
static enum ci_outcome
outcome(const struct cmp_table *t, const struct cmp_row *row, size_t s,
	char **why)
{
	const struct cmp_value *b = &row->v[0], *v = &row->v[s];
	const struct cmp_delta *d = &row->d[s - 1];
	char bv[FMT_NUM_MAX], nv[FMT_NUM_MAX], pct[FMT_NUM_MAX];
	char iv[2 * FMT_NUM_MAX], q[FMT_NUM_MAX] = "-";

	if (b->state != CMP_OK) {
		*why = xasprintf("%s on the base %s", fmt_status(b),
				 t->sides[0].tag);
		return CI_SKIP;
	}
	if (v->state == CMP_MISSING) {
		*why = xasprintf("missing on %s", t->sides[s].tag);
		return CI_ERROR;
	}
	if (v->state == CMP_FAILED) {
		*why = xasprintf("%s on %s%s%s", fmt_status(v), t->sides[s].tag,
				 v->reason != NULL ? ": " : "",
				 v->reason != NULL ? v->reason : "");
		return CI_ERROR;
	}
	if (b->n_runs == 0 || v->n_runs == 0) {
		*why = xasprintf("no usable process on %s (a rate that is not positive and finite)",
				 t->sides[b->n_runs == 0 ? 0 : s].tag);
		return CI_ERROR;
	}
	if (d->has_stats && !isnan(d->cmp.q))
		snprintf(q, sizeof(q), "%.3g", d->cmp.q);
	*why = xasprintf("%s %s -> %s %s (%s), %s, interval %s, q %s",
			 row->test, fmt_value(b, bv, sizeof(bv)),
			 fmt_value(v, nv, sizeof(nv)), row->units,
			 fmt_pct(d, pct, sizeof(pct)), fmt_verdict(d),
			 fmt_interval(d, iv, sizeof(iv)), q);
	return d->has_stats && d->cmp.verdict == STATS_REGRESSED ?
	       CI_FAILURE : CI_PASS;
}

/* S printable, then with the five XML specials as entities. */
static void
xml_text(FILE *f, const char *s)
{
	char *copy = tag_printable_dup(s);

	for (const char *p = copy; *p != '\0'; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: putc(*p, f);
		}
	}
	free(copy);
}

static void
xml_attr(FILE *f, const char *name, const char *value)
{
	fprintf(f, " %s=\"", name);
	xml_text(f, value);
	putc('"', f);
}

/* The counts of NEW side S: [CI_PASS..CI_SKIP]. */
static void
count(const struct cmp_table *t, size_t s, size_t n[4])
{
	memset(n, 0, 4 * sizeof(n[0]));
	for (size_t i = 0; i < t->n_rows; i++) {
		char *why;

		n[outcome(t, &t->rows[i], s, &why)]++;
		free(why);
	}
}

/* Tests a NEW side was compared on: passed or regressed. */
static size_t
compared(const struct cmp_table *t, size_t s)
{
	size_t n[4];

	count(t, s, n);
	return n[CI_PASS] + n[CI_FAILURE];
}

int
fmt_ci_incomplete(const struct cmp_table *t, char **why)
{
	size_t errors = 0, cmp = 0, n[4];

	for (size_t s = 1; s < t->n_sides; s++) {
		count(t, s, n);
		errors += n[CI_ERROR];
		cmp += n[CI_PASS] + n[CI_FAILURE];
	}
	if (errors > 0)
		*why = xasprintf("%zu test%s missing, failed or without a usable process on a NEW side%s",
				 errors, errors == 1 ? "" : "s",
				 cmp == 0 ? ", and no test was compared" : "");
	else if (cmp == 0)
		*why = xasprintf("no test was compared (%zu row%s)", t->n_rows,
				 t->n_rows == 1 ? "" : "s");
	else
		*why = NULL;
	return *why != NULL;
}

static void
junit_case(FILE *f, const struct cmp_table *t, const struct cmp_row *row,
	   size_t s)
{
	static const char *const elem[] = { NULL, "failure", "error",
					     "skipped" };
	char *why;
	enum ci_outcome o = outcome(t, row, s, &why);

	fputs("    <testcase", f);
	xml_attr(f, "name", row->test);
	xml_attr(f, "classname", t->sides[s].tag);
	fputs(" time=\"0\"", f);
	if (o == CI_PASS) {
		fputs(">\n      <system-out>", f);
		xml_text(f, why);
		fputs("</system-out>\n    </testcase>\n", f);
	} else {
		fprintf(f, ">\n      <%s", elem[o]);
		xml_attr(f, "message", why);
		if (o != CI_SKIP)
			xml_attr(f, "type", o == CI_FAILURE ? "regression" :
					     row->v[s].state != CMP_OK ?
					     fmt_status(&row->v[s]) : "unusable");
		fputs("/>\n    </testcase>\n", f);
	}
	free(why);
}

/* The header's lines (sides, warnings) as properties of the suite. */
static void
junit_properties(FILE *f, const struct cmp_table *t)
{
	char name[FMT_NUM_MAX], *w;

	fputs("    <properties>\n", f);
	for (size_t s = 0; s < t->n_sides; s++) {
		char *sum = fmt_side_summary(t, s);

		fputs("      <property", f);
		xml_attr(f, "name", fmt_side_name(t, s, name, sizeof(name)));
		xml_attr(f, "value", sum);
		fputs("/>\n", f);
		free(sum);
	}
	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		fputs("      <property name=\"warning\"", f);
		xml_attr(f, "value", w);
		fputs("/>\n", f);
		free(w);
	}
	fputs("    </properties>\n", f);
}

/* A NEW side compared on no test: a case of its own, an error. */
static void
junit_nothing(FILE *f, const struct cmp_table *t, size_t s)
{
	char *why = xasprintf("no test was compared against %s: every test is missing or failed on a side, or none was selected",
			      t->sides[s].tag);

	fputs("    <testcase name=\"" CI_NOTHING "\"", f);
	xml_attr(f, "classname", t->sides[s].tag);
	fputs(" time=\"0\">\n      <error", f);
	xml_attr(f, "message", why);
	fputs(" type=\"nothing-compared\"/>\n    </testcase>\n", f);
	free(why);
}

static int
fmt_junit(FILE *f, const struct cmp_table *t, unsigned flags)
{
	size_t all[4] = { 0 }, n[4], cases = 0;

	(void)flags;	/* the text table's */
	for (size_t s = 1; s < t->n_sides; s++) {
		count(t, s, n);
		/* Nothing compared is an error case of its own. */
		n[CI_ERROR] += compared(t, s) == 0;
		for (size_t k = 0; k < 4; k++)
			all[k] += n[k];
		cases += t->n_rows + (compared(t, s) == 0);
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<testsuites name=\"aimcmp\" tests=\"%zu\" failures=\"%zu\""
		" errors=\"%zu\" skipped=\"%zu\">\n", cases, all[CI_FAILURE],
		all[CI_ERROR], all[CI_SKIP]);
	for (size_t s = 1; s < t->n_sides; s++) {
		int nothing = compared(t, s) == 0;

		count(t, s, n);
		fputs("  <testsuite", f);
		xml_attr(f, "name", t->sides[s].tag);
		fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\""
			" skipped=\"%zu\" time=\"0\">\n", t->n_rows + nothing,
			n[CI_FAILURE], n[CI_ERROR] + nothing, n[CI_SKIP]);
		junit_properties(f, t);
		for (size_t i = 0; i < t->n_rows; i++)
			junit_case(f, t, &t->rows[i], s);
		if (nothing)
			junit_nothing(f, t, s);
		fputs("  </testsuite>\n", f);
	}
	fputs("</testsuites>\n", f);
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

/* S printable, with no '#': a TAP description or SKIP reason. */
static void
tap_text(FILE *f, const char *s)
{
	char *copy = tag_printable_dup(s);

	for (char *p = copy; *p != '\0'; p++)
		if (*p == '#')
			*p = '?';
	fputs(copy, f);
	free(copy);
}

static void
tap_diag(FILE *f, const char *indent, const char *s)
{
	char *copy = tag_printable_dup(s);

	fprintf(f, "%s# %s\n", indent, copy);
	free(copy);
}

/* The test points of NEW side S, at INDENT.  1 when none is "not ok". */
static int
tap_side(FILE *f, const struct cmp_table *t, size_t s, const char *indent)
{
	int ok = 1, nothing = compared(t, s) == 0;
	char *w;

	fprintf(f, "%sKTAP version 1\n%s1..%zu\n", indent, indent,
		t->n_rows + nothing);
	for (size_t s2 = 0; s2 < t->n_sides; s2++) {
		char *sum = fmt_side_summary(t, s2);
		char name[FMT_NUM_MAX], *l;

		l = xasprintf("%s: %s", fmt_side_name(t, s2, name,
						      sizeof(name)), sum);
		if (s2 == 0 || s2 == s)
			tap_diag(f, indent, l);
		free(l);
		free(sum);
	}
	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		tap_diag(f, indent, w);
		free(w);
	}
	for (size_t i = 0; i < t->n_rows; i++) {
		char *why;
		enum ci_outcome o = outcome(t, &t->rows[i], s, &why);

		fprintf(f, "%s%s %zu ", indent,
			o == CI_FAILURE || o == CI_ERROR ? "not ok" : "ok", i + 1);
		tap_text(f, t->rows[i].test);
		if (o == CI_SKIP) {
			fputs(" # SKIP ", f);
			tap_text(f, why);
		}
		putc('\n', f);
		if (o != CI_SKIP)
			tap_diag(f, indent, why);
		ok &= o == CI_PASS || o == CI_SKIP;
		free(why);
	}
	if (nothing) {
		fprintf(f, "%snot ok %zu " CI_NOTHING "\n", indent, t->n_rows + 1);
		tap_diag(f, indent, "no test was compared: every test is missing or failed on a side, or none was selected");
	}
	return ok && !nothing;
}

/*
 * One NEW side: its tests are the test points.  Several: each side a
 * subtest (KTAP's indented form) and one test point.
 */
static int
fmt_tap(FILE *f, const struct cmp_table *t, unsigned flags)
{
	(void)flags;	/* the text table's */
	if (t->n_sides == 2) {
		(void)tap_side(f, t, 1, "");
	} else {
		fprintf(f, "KTAP version 1\n1..%zu\n", t->n_sides - 1);
		for (size_t s = 1; s < t->n_sides; s++) {
			int ok = tap_side(f, t, s, "    ");

			fprintf(f, "%s %zu ", ok ? "ok" : "not ok", s);
			tap_text(f, t->sides[s].tag);
			putc('\n', f);
		}
	}
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

const struct cmp_format fmt_format_junit = {
	.name = "junit", .help = "JUnit XML, for CI", .table = fmt_junit,
};

const struct cmp_format fmt_format_tap = {
	.name = "tap", .help = "KTAP, for CI", .table = fmt_tap,
};
