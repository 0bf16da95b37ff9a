/*
 * Pieces every output format shares: how a rate, a percentage and a
 * side's description are spelled, so that the formats cannot drift apart.
 */
#include "config.h"

#include "fmt.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

const char fmt_cv_legend[] =
	"cv: coefficient of variation (sample standard deviation / mean)"
	" of the per-interval rates of each side, base first;"
	" - below two samples";

int
fmt_parse(const char *name, enum fmt_kind *out)
{
	static const struct {
		const char *name;
		enum fmt_kind kind;
	} names[] = {
		{ "text", FMT_TEXT },	  { "csv", FMT_CSV },
		{ "json", FMT_JSON },	  { "markdown", FMT_MD },
		{ "md", FMT_MD },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i].name) == 0) {
			*out = names[i].kind;
			return 0;
		}
	}
	return -1;
}

int
fmt_write(FILE *f, enum fmt_kind kind, const struct cmp_table *t)
{
	switch (kind) {
	case FMT_CSV:
		return fmt_csv(f, t);
	case FMT_JSON:
		return fmt_json(f, t);
	case FMT_MD:
		return fmt_md(f, t);
	case FMT_TEXT:
	default:
		return fmt_text(f, t);
	}
}

/* Integer arithmetic: a delta of two printed rates prints exactly. */
char *
fmt_cents(int64_t cents, char *buf, size_t len)
{
	uint64_t mag = cents < 0 ? -(uint64_t)cents : (uint64_t)cents;

	snprintf(buf, len, "%s%" PRIu64 ".%02" PRIu64, cents < 0 ? "-" : "",
		 mag / 100, mag % 100);
	return buf;
}

const char *
fmt_status(const struct cmp_value *v)
{
	if (v->state == CMP_MISSING)
		return "missing";
	if (v->state == CMP_FAILED)
		return v->status != NULL ? v->status : "fail";
	return "ok";
}

char *
fmt_value(const struct cmp_value *v, char *buf, size_t len)
{
	if (v->state == CMP_OK)
		return fmt_cents(v->rate_c, buf, len);
	snprintf(buf, len, "%s", fmt_status(v));
	return buf;
}

char *
fmt_2f(double x, char *buf, size_t len)
{
	if (isnan(x))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.2f", x);
	return buf;
}

char *
fmt_side_name(const struct cmp_table *t, size_t s, char *buf, size_t len)
{
	if (s == 0)
		snprintf(buf, len, "base");
	else if (t->n_sides == 2)
		snprintf(buf, len, "new");
	else
		snprintf(buf, len, "new %zu", s);
	return buf;
}

static char *
run_list(const struct cmp_side *s)
{
	char *out = xstrdup(s->n_runs == 1 ? "run" : "runs");

	for (size_t i = 0; i < s->n_runs; i++) {
		char *next = xasprintf("%s%s %" PRId64, out, i ? "," : "",
				       s->run_ids[i]);

		free(out);
		out = next;
	}
	return out;
}

char *
fmt_side_summary(const struct cmp_table *t, size_t i)
{
	const struct cmp_side *s = &t->sides[i];
	char *runs = run_list(s), *incomplete = NULL, *out;

	if (s->n_incomplete > 0)
		incomplete = xasprintf(" (%zu incomplete)", s->n_incomplete);
	out = xasprintf("%s (%s%s%s, %zu sample%s, kernel %s, host %s)",
			s->tag, runs, s->n_runs > 1 ? " pooled" : "",
			incomplete != NULL ? incomplete : "", s->n_samples,
			s->n_samples == 1 ? "" : "s", s->kernels, s->hosts);
	free(runs);
	free(incomplete);
	return out;
}

char *
fmt_cv_list(const struct cmp_table *t, const struct cmp_row *row)
{
	char *out = xstrdup("");

	for (size_t s = 0; s < t->n_sides; s++) {
		double cv = row->v[s].cv_pct;
		char buf[FMT_NUM_MAX], *next;

		next = xasprintf("%s%s%s%s", out, s ? "/" : "",
				 fmt_2f(cv, buf, sizeof(buf)),
				 isnan(cv) ? "" : "%");
		free(out);
		out = next;
	}
	return out;
}
