// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --scaling: one line per side, test and copy count, pooled over
 * the runs of that count, then written as text, CSV, JSON or Markdown.
 * Every format prints the same computed lines, so they agree.
 */
#include "config.h"

#include "compare_scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csvout.h"
#include "fmt.h"
#include "jsonout.h"
#include "tag.h"
#include "xalloc.h"

/* One test at one count on one side; NAN where a value does not exist. */
struct scaling_line {
	const char *tag;
	const struct record_result *first;
	size_t runs;		/* results pooled */
	int empty;		/* no measured sample */
	double total, per_copy, slowest, fastest, fairness, speedup, eff;
};

struct lines {
	struct scaling_line *v;
	size_t n;
};

struct pool {
	double calls, ns, lo, hi;
	int fair;		/* every sample says its slowest and fastest copy */
	size_t runs;
};

static void
pool_add(struct pool *p, const struct record_result *r)
{
	if (strcmp(r->status, "ok") != 0)
		return;
	p->runs++;
	for (size_t k = 0; k < r->n_samples; k++) {
		const struct measure_sample *s = &r->samples[k];
		int64_t lo, hi;

		if (s->elapsed_ns <= 0 || s->calls < 0)
			continue;
		p->calls += (double)s->calls;
		p->ns += (double)s->elapsed_ns;
		if (measure_get(&s->m, MEASURE_COPY_MIN_CALLS, &lo) == 1 &&
		    measure_get(&s->m, MEASURE_COPY_MAX_CALLS, &hi) == 1) {
			p->lo += (double)lo;
			p->hi += (double)hi;
		} else {
			p->fair = 0;
		}
	}
}

static double
rate(const struct pool *p, const struct record_result *r, double calls)
{
	return calls * (double)r->factor * 1e9 / p->ns;
}

/* The line of P, whose results start at FIRST; ONE is 1 copy's, or NULL. */
static void
line_set(struct scaling_line *l, const struct pool *p,
	 const struct scaling_line *one)
{
	int n = l->first->copies;

	l->runs = p->runs;
	l->empty = !(p->ns > 0);
	l->total = l->per_copy = l->slowest = l->fastest = NAN;
	l->fairness = l->speedup = l->eff = NAN;
	if (l->empty)
		return;
	l->total = rate(p, l->first, p->calls);
	l->per_copy = l->total / n;
	if (p->fair && n > 1) {
		l->slowest = rate(p, l->first, p->lo);
		l->fastest = rate(p, l->first, p->hi);
		if (l->fastest > 0)
			l->fairness = l->slowest / l->fastest;
	}
	if (one != NULL && !one->empty && one->total > 0) {
		l->speedup = l->total / one->total;
		l->eff = 100.0 * l->speedup / n;
	}
}

static int
same_test(const struct record_result *a, const struct record_result *b)
{
	return a->number == b->number && strcmp(a->test, b->test) == 0;
}

/* The smallest count above PREV among R[0..N-1], or 0. */
static int
next_count(const struct record_result *r, size_t n, int prev)
{
	int best = 0;

	for (size_t i = 0; i < n; i++)
		if (r[i].copies > prev && (best == 0 || r[i].copies < best))
			best = r[i].copies;
	return best;
}

/* The lines of one test, R[0..N-1], by count, onto L. */
static void
test_lines(const char *tag, const struct record_result *r, size_t n,
	   struct lines *l)
{
	size_t one = (size_t)-1;

	for (int c = next_count(r, n, 0); c > 0; c = next_count(r, n, c)) {
		struct pool p = { .fair = 1 };
		struct scaling_line *line;

		l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
		line = &l->v[l->n];
		line->tag = tag;
		line->first = NULL;
		for (size_t i = 0; i < n; i++) {
			if (r[i].copies != c)
				continue;
			if (line->first == NULL)
				line->first = &r[i];
			pool_add(&p, &r[i]);
		}
		/* One copy is its own reference: speedup 1, efficiency 100 %. */
		line_set(line, &p, c == 1 ? line :
			 one != (size_t)-1 ? &l->v[one] : NULL);
		if (c == 1)
			one = l->n;
		l->n++;
	}
}

static void
side_lines(const struct query_tag *side, struct lines *l)
{
	for (size_t i = 0, j; i < side->n_results; i = j) {
		for (j = i + 1; j < side->n_results &&
		     same_test(&side->results[i], &side->results[j]); j++)
			;
		test_lines(side->tag, &side->results[i], j - i, l);
	}
}

/* X with PREC decimals and SUFFIX, or "-" when it does not exist. */
static char *
num(double x, int prec, const char *suffix, char *buf, size_t len)
{
	if (isnan(x))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f%s", prec, x, suffix);
	return buf;
}

#define NUM(x, prec, suffix) num((x), (prec), (suffix), (char[48]){ 0 }, 48)

static void
text_line(FILE *f, const struct scaling_line *l)
{
	fprintf(f, "%6d ", l->first->number);
	tag_fput(f, l->first->test, 16);
	if (l->empty) {
		fprintf(f, " %6d %16s\n", l->first->copies, "no samples");
		return;
	}
	fprintf(f, " %6d %16.2f %16.2f %16s %16s %9s %8s %10s\n",
		l->first->copies, l->total, l->per_copy,
		NUM(l->slowest, 2, ""), NUM(l->fastest, 2, ""),
		NUM(l->fairness, 2, ""), NUM(l->speedup, 2, "x"),
		NUM(l->eff, 1, "%"));
}

static void
text_side(FILE *f, const char *tag, int first)
{
	fprintf(f, "%s# ", first ? "" : "\n");
	tag_fput(f, tag, 0);
	fprintf(f, "\n%6s %-16s %6s %16s %16s %16s %16s %9s %8s %10s\n",
		"number", "test", "copies", "ops/s", "ops/s per copy",
		"slowest copy", "fastest copy", "fairness", "speedup",
		"efficiency");
}

static void
csv_line(FILE *f, const struct scaling_line *l)
{
	const char *dash = NULL;

	csvout_field(f, 1, l->tag);
	csvout_fieldf(f, 0, "%d", l->first->number);
	csvout_field(f, 0, l->first->test);
	csvout_field(f, 0, l->first->units);
	csvout_fieldf(f, 0, "%d", l->first->copies);
	csvout_fieldf(f, 0, "%zu", l->runs);
#define CSVNUM(x, prec) csvout_field(f, 0, isnan(x) ? dash : NUM(x, prec, ""))
	CSVNUM(l->total, 2);
	CSVNUM(l->per_copy, 2);
	CSVNUM(l->slowest, 2);
	CSVNUM(l->fastest, 2);
	CSVNUM(l->fairness, 4);
	CSVNUM(l->speedup, 4);
	CSVNUM(l->eff, 2);
#undef CSVNUM
	csvout_end(f);
}

static struct json_object *
json_line(const struct scaling_line *l)
{
	struct json_object *o = jsonout_object();

	jsonout_put(o, "number", jsonout_int(l->first->number));
	jsonout_put(o, "test", jsonout_string(l->first->test));
	jsonout_put(o, "units", jsonout_string(l->first->units));
	jsonout_put(o, "copies", jsonout_int(l->first->copies));
	jsonout_put(o, "runs", jsonout_int((int64_t)l->runs));
	jsonout_put(o, "ops_per_s", jsonout_double(l->total));
	jsonout_put(o, "ops_per_s_per_copy", jsonout_double(l->per_copy));
	jsonout_put(o, "slowest_copy", jsonout_double(l->slowest));
	jsonout_put(o, "fastest_copy", jsonout_double(l->fastest));
	jsonout_put(o, "fairness", jsonout_double(l->fairness));
	jsonout_put(o, "speedup", jsonout_double(l->speedup));
	jsonout_put(o, "efficiency_pct", jsonout_double(l->eff));
	return o;
}

static void
md_line(FILE *f, const struct scaling_line *l)
{
	fprintf(f, "| %d ", l->first->number);
	fmt_md_cell(f, l->first->test);
	fprintf(f, "| %d | %s | %s | %s | %s | %s | %s | %s |\n",
		l->first->copies,
		l->empty ? "no samples" : NUM(l->total, 2, ""),
		NUM(l->per_copy, 2, ""), NUM(l->slowest, 2, ""),
		NUM(l->fastest, 2, ""), NUM(l->fairness, 2, ""),
		NUM(l->speedup, 2, "x"), NUM(l->eff, 1, "%"));
}

static void
md_side(FILE *f, const char *tag, int first)
{
	fputs(first ? "**" : "\n**", f);
	fmt_md_escaped(f, tag);
	fputs("**\n\n| number | test | copies | ops/s | ops/s per copy | slowest copy | fastest copy | fairness | speedup | efficiency |\n"
	      "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n", f);
}

/* How one text-like format prints a side: its heading, then each line. */
struct style {
	const char *head;	/* printed once before every side, or NULL */
	void (*side)(FILE *f, const char *tag, int first);	/* or NULL */
	void (*line)(FILE *f, const struct scaling_line *l);
};

/* The N SIDES in style ST; 0, or -1 on a write error. */
static int
styled(FILE *f, const struct query_tag *sides, size_t n,
       const struct style *st)
{
	if (st->head != NULL)
		fputs(st->head, f);
	for (size_t s = 0; s < n; s++) {
		struct lines l = { 0 };

		side_lines(&sides[s], &l);
		if (st->side != NULL)
			st->side(f, sides[s].tag, s == 0);
		for (size_t i = 0; i < l.n; i++)
			st->line(f, &l.v[i]);
		free(l.v);
	}
	return ferror(f) || fflush(f) != 0 ? -1 : 0;
}

int
scaling_text(FILE *f, const struct query_tag *sides, size_t n)
{
	static const struct style st = { NULL, text_side, text_line };

	return styled(f, sides, n, &st);
}

int
scaling_md(FILE *f, const struct query_tag *sides, size_t n)
{
	static const struct style st = { NULL, md_side, md_line };

	return styled(f, sides, n, &st);
}

int
scaling_csv(FILE *f, const struct query_tag *sides, size_t n)
{
	static const struct style st = {
		"tag,number,test,units,copies,runs,ops_per_s,ops_per_s_per_copy,slowest_copy,fastest_copy,fairness,speedup,efficiency_pct\n",
		NULL, csv_line,
	};

	return styled(f, sides, n, &st);
}

int
scaling_json(FILE *f, const struct query_tag *sides, size_t n)
{
	struct json_object *doc = jsonout_object(), *arr = jsonout_array();

	jsonout_put(doc, "scaling", arr);
	for (size_t s = 0; s < n; s++) {
		struct json_object *side = jsonout_object();
		struct json_object *tests = jsonout_array();
		struct lines l = { 0 };

		side_lines(&sides[s], &l);
		jsonout_put(side, "tag", jsonout_string(sides[s].tag));
		for (size_t i = 0; i < l.n; i++)
			jsonout_push(tests, json_line(&l.v[i]));
		jsonout_put(side, "tests", tests);
		jsonout_push(arr, side);
		free(l.v);
	}
	return jsonout_print(f, doc) != 0 || ferror(f) || fflush(f) != 0 ?
	       -1 : 0;
}
