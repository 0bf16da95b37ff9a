// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The grid behind a trend plot: one cell per test and tag holding the
 * spread of the sample rates, the per-run rates that the change points
 * are computed from, and the mark of a significant step.  Built once from
 * the loaded tags so the script writer and the statistics see one truth.
 */
#include "config.h"

#include "plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "xalloc.h"

static int
key_cmp(int na, const char *a, int nb, const char *b)
{
	if (na != nb)
		return na < nb ? -1 : 1;
	return strcmp(a, b);
}

static int
want_cmp(const void *pa, const void *pb)
{
	const struct plot_want *a = pa, *b = pb;

	return key_cmp(a->number, a->name, b->number, b->name);
}

/* Every distinct test of the loaded tags, by number and name. */
static struct plot_want *
tests_present(const struct qplot_tag *tags, size_t n, size_t *n_out)
{
	struct plot_want *w = NULL;
	size_t k = 0, cap = 0;

	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < tags[i].n_results; j++) {
			const struct qplot_result *r = &tags[i].results[j];

			/* Results of a tag come sorted: skip repeats. */
			if (j > 0 && key_cmp(r->number, r->test, r[-1].number,
					     r[-1].test) == 0)
				continue;
			if (k == cap) {
				cap = cap ? 2 * cap : 64;
				w = xrealloc(w, cap * sizeof(*w));
			}
			w[k].number = r->number;
			w[k].name = r->test;
			w[k++].units = r->units;
		}
	}
	if (k > 1)
		qsort(w, k, sizeof(*w), want_cmp);
	*n_out = 0;
	for (size_t i = 0; i < k; i++)
		if (*n_out == 0 || want_cmp(&w[*n_out - 1], &w[i]) != 0)
			w[(*n_out)++] = w[i];
	return w;
}

/* Index of the first result of T at or after (NUMBER, NAME). */
static size_t
first_result(const struct qplot_tag *t, int number, const char *name)
{
	size_t lo = 0, hi = t->n_results;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct qplot_result *r = &t->results[mid];

		if (key_cmp(r->number, r->test, number, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
double_cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

/* Quantile P of N sorted values, interpolated between order statistics. */
static double
quantile(const double *x, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t i = (size_t)h;

	if (i + 1 >= n)
		return x[n - 1];
	return x[i] + (h - (double)i) * (x[i + 1] - x[i]);
}

static double
centre_of(const struct stats_run *runs, size_t n)
{
	double logs = 0.0, sum = 0.0;
	int positive = 1;

	for (size_t i = 0; i < n; i++) {
		positive = positive && runs[i].rate > 0.0;
		logs += positive ? log(runs[i].rate) : 0.0;
		sum += runs[i].rate;
	}
	/* A run of zero rate has no logarithm: fall back to the mean. */
	return positive ? exp(logs / (double)n) : sum / (double)n;
}

/*
 * A timed command's samples are its runs, each its own process: each is
 * one observation, as in aimcmp (compare_value.c).
 */
static void
lower_runs(struct plot_cell *c, const struct qplot_tag *t, size_t first,
	   size_t end, size_t total)
{
	c->runs = xcalloc(total ? total : 1, sizeof(*c->runs));
	c->n_runs = 0;
	for (size_t i = first; i < end; i++) {
		const struct qplot_result *r = &t->results[i];

		for (size_t j = 0; j < r->n_samples; j++) {
			c->runs[c->n_runs].rate = r->sample_rates[j];
			c->runs[c->n_runs++].boot_id = t->runs[r->run].boot_id;
		}
	}
}

/*
 * Pool results [FIRST, END) of tag T into cell C.  The centre drawn is
 * the classic rate's; the runs kept for the change points are the rates
 * BASIS judges, as aimcmp's verdicts do.
 */
static void
cell_fill(struct plot_cell *c, const struct qplot_tag *t, size_t first,
	  size_t end, enum stats_basis basis)
{
	size_t total = 0;
	double *x;

	for (size_t i = first; i < end; i++)
		total += t->results[i].n_samples;
	if (t->results[first].better == MEASURE_LOWER) {
		lower_runs(c, t, first, end, total);
		basis = STATS_BASIS_MEAN;
	} else {
		c->n_runs = end - first;
		c->runs = xcalloc(c->n_runs, sizeof(*c->runs));
		for (size_t i = first; i < end; i++) {
			c->runs[i - first].rate = t->results[i].rate;
			c->runs[i - first].boot_id =
				t->runs[t->results[i].run].boot_id;
		}
	}
	c->centre = centre_of(c->runs, c->n_runs);
	if (basis == STATS_BASIS_PEAK)
		for (size_t i = first; i < end; i++)
			c->runs[i - first].rate = t->results[i].peak;
	c->n_samples = total;
	if (total == 0) {
		c->lo = c->q1 = c->median = c->q3 = c->hi = c->centre;
		return;
	}
	x = xmalloc(total * sizeof(*x));
	total = 0;
	for (size_t i = first; i < end; i++) {
		const struct qplot_result *r = &t->results[i];

		memcpy(x + total, r->sample_rates,
		       r->n_samples * sizeof(*x));
		total += r->n_samples;
	}
	qsort(x, total, sizeof(*x), double_cmp);
	c->lo = x[0];
	c->q1 = quantile(x, total, 0.25);
	c->median = quantile(x, total, 0.5);
	c->q3 = quantile(x, total, 0.75);
	c->hi = x[total - 1];
	free(x);
}

/* How the stored results of W were judged; with none, the catalog's way. */
static enum stats_basis
test_basis(const struct plot_want *w, const struct qplot_tag *tags, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct qplot_tag *t = &tags[i];
		size_t first = first_result(t, w->number, w->name);

		if (first < t->n_results &&
		    key_cmp(t->results[first].number, t->results[first].test,
			    w->number, w->name) == 0)
			return compare_basis(t->results[first].judged);
	}
	return compare_basis_known(w->name);
}

static void
test_fill(struct plot_test *pt, const struct plot_want *w,
	  const struct qplot_tag *tags, size_t n)
{
	pt->number = w->number;
	pt->name = xstrdup(w->name);
	pt->units = xstrdup(w->units != NULL ? w->units : "");
	pt->basis = test_basis(w, tags, n);
	pt->cells = xcalloc(n, sizeof(*pt->cells));
	for (size_t i = 0; i < n; i++) {
		const struct qplot_tag *t = &tags[i];
		size_t first = first_result(t, w->number, w->name), end;

		for (end = first; end < t->n_results; end++)
			if (key_cmp(t->results[end].number,
				    t->results[end].test, w->number,
				    w->name) != 0)
				break;
		if (end > first) {
			cell_fill(&pt->cells[i], t, first, end, pt->basis);
			pt->better = t->results[first].better;
		}
	}
}

void
plot_model_build(const struct qplot_tag *tags, size_t n,
		 const struct plot_want *want, size_t n_want,
		 struct plot_model *m)
{
	struct plot_want *w;
	size_t nw;

	memset(m, 0, sizeof(*m));
	if (n_want > 0) {
		w = xcalloc(n_want, sizeof(*w));
		memcpy(w, want, n_want * sizeof(*w));
		qsort(w, n_want, sizeof(*w), want_cmp);
		nw = n_want;
	} else {
		w = tests_present(tags, n, &nw);
	}
	m->n_tags = n;
	m->tags = xcalloc(n + 1, sizeof(*m->tags));
	for (size_t i = 0; i < n; i++)
		m->tags[i] = xstrdup(tags[i].tag);
	m->n_tests = nw;
	m->tests = xcalloc(nw + 1, sizeof(*m->tests));
	for (size_t k = 0; k < nw; k++)
		test_fill(&m->tests[k], &w[k], tags, n);
	free(w);
}

void
plot_model_take(struct plot_model *m, struct plot_model *from,
		const char *host)
{
	m->tests = xrealloc(m->tests, (m->n_tests + from->n_tests + 1) *
				      sizeof(*m->tests));
	for (size_t k = 0; k < from->n_tests; k++) {
		m->tests[m->n_tests] = from->tests[k];
		m->tests[m->n_tests++].host = xstrdup(host != NULL ? host :
						      "unknown");
	}
	from->n_tests = 0;
	plot_model_free(from);
}

void
plot_model_free(struct plot_model *m)
{
	for (size_t k = 0; k < m->n_tests; k++) {
		for (size_t i = 0; i < m->n_tags; i++)
			free(m->tests[k].cells[i].runs);
		free(m->tests[k].cells);
		free(m->tests[k].name);
		free(m->tests[k].units);
		free(m->tests[k].host);
	}
	for (size_t i = 0; i < m->n_tags; i++)
		free(m->tags[i]);
	free(m->tests);
	free(m->tags);
	memset(m, 0, sizeof(*m));
}

struct series_test *
plot_series_tests(const struct plot_model *m)
{
	struct series_test *t = xcalloc(m->n_tests + 1, sizeof(*t));

	for (size_t k = 0; k < m->n_tests; k++) {
		struct series_point *p = xcalloc(m->n_tags + 1, sizeof(*p));

		for (size_t i = 0; i < m->n_tags; i++) {
			p[i].runs = m->tests[k].cells[i].runs;
			p[i].n_runs = m->tests[k].cells[i].n_runs;
		}
		t[k].number = m->tests[k].number;
		t[k].name = m->tests[k].name;
		t[k].units = m->tests[k].units;
		t[k].basis = m->tests[k].basis;
		t[k].better = m->tests[k].better;
		t[k].host = m->tests[k].host;
		t[k].points = p;
	}
	return t;
}

void
plot_series_free(struct series_test *t, size_t n_tests)
{
	if (t == NULL)
		return;
	for (size_t k = 0; k < n_tests; k++)
		free((void *)t[k].points);
	free(t);
}

void
plot_model_mark(struct plot_model *m, const struct series *s)
{
	for (size_t i = 0; i < s->n_steps; i++) {
		const struct series_step *st = &s->steps[i];

		struct plot_cell *c;

		if (st->test >= m->n_tests || st->to >= m->n_tags ||
		    !series_step_significant(st))
			continue;
		c = &m->tests[st->test].cells[st->to];
		c->mark = st->cmp.verdict;
		c->step_pct = (st->cmp.ratio - 1.0) * 100.0;
	}
}

/* Keeps V (malloc'd) unless an equal value is there already. */
static void
add_distinct(char ***seen, size_t *n, char *v)
{
	for (size_t i = 0; i < *n; i++) {
		if (strcmp((*seen)[i], v) == 0) {
			free(v);
			return;
		}
	}
	*seen = xrealloc(*seen, (*n + 1) * sizeof(**seen));
	(*seen)[(*n)++] = v;
}

/* "a", "a, b" or "a, b, c and N more" of V (freed); NONE if empty. */
static char *
join_list(char **v, size_t n, const char *none)
{
	char *s = xstrdup(n > 0 ? v[0] : none);

	for (size_t i = 1; i < n && i < 3; i++) {
		char *t = xasprintf("%s, %s", s, v[i]);

		free(s);
		s = t;
	}
	if (n > 3) {
		char *t = xasprintf("%s and %zu more", s, n - 3);

		free(s);
		s = t;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return s;
}

/* aimrun stores the suite file it read: show "quick", not its path. */
static char *
suite_name(const char *suite)
{
	const char *base = strrchr(suite, '/');
	size_t len;

	base = base != NULL ? base + 1 : suite;
	len = strlen(base);
	if (len > 6 && strcmp(base + len - 6, ".suite") == 0)
		len -= 6;
	return xasprintf("%.*s", (int)len, base);
}

char *
plot_default_title(const struct qplot_tag *tags, size_t n, int relative)
{
	char **hosts = NULL, **suites = NULL, *h, *s, *title;
	size_t nh = 0, ns = 0, kinds[2] = { 0, 0 };

	for (size_t i = 0; i < n; i++) {
		/* Rates, and timed commands' times (lower better). */
		for (size_t j = 0; j < tags[i].n_results; j++)
			kinds[tags[i].results[j].better == MEASURE_LOWER]++;
		for (size_t j = 0; j < tags[i].n_runs; j++) {
			const struct qplot_run *r = &tags[i].runs[j];

			if (r->host != NULL)
				add_distinct(&hosts, &nh, xstrdup(r->host));
			if (r->suite != NULL)
				add_distinct(&suites, &ns, suite_name(r->suite));
		}
	}
	h = join_list(hosts, nh, "unknown");
	s = join_list(suites, ns, "unknown");
	title = xasprintf("%s by tag%s: host %s, suite %s",
			  measure_what(kinds[0], kinds[1]),
			  relative ? " (percent of each test's first tag)" : "",
			  h, s);
	free(h);
	free(s);
	return title;
}
