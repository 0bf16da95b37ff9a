// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: the writers that put free text into a language, the
 * gnuplot script, the HTML page, the Markdown table, JUnit XML and TAP.  The input's
 * first byte picks options; the rest, split at NUL bytes, gives the tags,
 * the test name, the units, a title or host, and a path or reason.  Each
 * writer runs twice, on those strings and on a neutral word in their
 * place, and the two outputs must have the same structure: user text may
 * change only what lies inside a literal (gnuplot: single-quoted, with no
 * control character) or escaped text (HTML, Markdown, XML, TAP), never
 * add markup, a command, a column, a line or a TAP directive.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_writers.h"
#include "xalloc.h"

#define N_FIELDS 6

/* The gnuplot script of one test at two tags. */
static char *
render_plot(char *const *s, unsigned flags)
{
	struct plot_cell cells[2] = {
		{ .n_runs = 1, .lo = 1.0, .q1 = 2.0, .median = 3.0, .q3 = 4.0,
		  .hi = 5.0, .centre = 3.0, .mark = STATS_INCONCLUSIVE },
		{ .n_runs = 1, .lo = 2.0, .q1 = 3.0, .median = 4.0, .q3 = 5.0,
		  .hi = 6.0, .centre = 4.0,
		  .mark = flags & 4 ? STATS_REGRESSED : STATS_IMPROVED,
		  .step_pct = 33.3 },
	};
	struct plot_test test = { .number = 3, .name = s[2], .units = s[3],
				  .cells = cells };
	char *tags[] = { s[0], s[1] };
	struct plot_model m = { .tags = tags, .n_tags = 2, .tests = &test,
				.n_tests = 1 };
	struct plot_opts o = { .term = plot_term_find("svg"), .output = s[5],
			       .per_test = flags & 1, .relative = flags & 2,
			       .title = s[4], .alpha = 0.05 };
	return fuzz_render(FUZZ_GNUPLOT, &m, &o, NULL);
}

/* A comparison of one test on two sides, the new side failed. */
static char *
render_cmp(char *const *s, enum fuzz_lang lang)
{
	double rates[] = { 10.0, 12.0 };
	struct stats_run runs[] = { { .rate = 11.0 } };
	struct cmp_value v[2] = {
		{ .state = CMP_OK, .rate_c = 1100, .rates = rates,
		  .n_samples = 2, .runs = runs, .n_runs = 1, .cv_pct = 1.0 },
		{ .state = CMP_FAILED, .status = s[3], .reason = s[5],
		  .cv_pct = NAN },
	};
	struct cmp_delta d = { 0 };
	struct cmp_row row = { .number = 3, .test = s[2], .units = s[3],
			       .v = v, .d = &d };
	int64_t ids[] = { 1 };
	struct cmp_side sides[2] = {
		{ .tag = s[0], .n_runs = 1, .run_ids = ids, .kernels = s[4],
		  .hosts = s[4] },
		{ .tag = s[1], .n_runs = 1, .run_ids = ids, .kernels = s[5],
		  .hosts = s[2] },
	};
	char *warnings[] = { s[5] };
	struct cmp_table t = { .n_sides = 2, .sides = sides, .rows = &row,
			       .n_rows = 1, .repeated = 1, .n_family = 1,
			       .warnings = warnings, .n_warnings = 1 };

	compare_opts_default(&t.opt);
	return fuzz_render(lang, NULL, NULL, &t);
}

static char *
render(enum fuzz_lang lang, char *const *s, unsigned flags)
{
	return lang == FUZZ_GNUPLOT ? render_plot(s, flags) :
	       render_cmp(s, lang);
}

/* Both renderings of LANG, compared by the rules of the language. */
static int
check_lang(enum fuzz_lang lang, char *const *hostile, unsigned flags)
{
	char *neutral[N_FIELDS];
	char *a, *b;
	int rc;

	for (size_t i = 0; i < N_FIELDS; i++)
		neutral[i] = (char *)"n";
	a = render(lang, hostile, flags);
	b = render(lang, neutral, flags);
	if (a == NULL || b == NULL)
		rc = fuzz_broken("a writer failed on a memory stream");
	else
		rc = fuzz_same_structure(lang, a, b);
	free(a);
	free(b);
	return rc;
}

int
fuzz_check(const uint8_t *data, size_t size)
{
	char *buf, *field[N_FIELDS];
	size_t at = 1;
	int rc = 0;

	if (size == 0)
		return 0;
	buf = xmalloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (size_t i = 0; i < N_FIELDS; i++) {
		field[i] = at <= size ? buf + at : buf + size;
		at += strlen(field[i]) + 1;
	}
	for (int lang = FUZZ_GNUPLOT; lang <= FUZZ_TAP && rc == 0; lang++)
		rc = check_lang((enum fuzz_lang)lang, field, data[0]);
	free(buf);
	return rc;
}
