// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Strip plots of sample rates as inline SVG.  Every test gets its own
 * scale, from its lowest to its highest value, because rates of different
 * tests differ by orders of magnitude while the question is always how
 * the sides of one test differ.  Styling is left to the page's CSS
 * classes so that a picture costs a few hundred bytes.
 */
#include "config.h"

#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"
#include "xalloc.h"

/* Geometry, in CSS pixels. */
#define SVG_W 330.0	/* whole picture */
#define SVG_X0 38.0	/* left end of the scale, after the labels */
#define SVG_X1 322.0	/* right end of the scale */
#define SVG_TOP 2.0
#define SVG_STRIP 20.0	/* height of one strip */
#define SVG_AXIS 12.0	/* room for the end values under the strips */

void
svg_text(FILE *f, const char *s)
{
	char *copy = xstrdup(s);

	tag_printable(copy);
	for (const char *p = copy; *p != '\0'; p++) {
		switch (*p) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*p, f);
		}
	}
	free(copy);
}

struct scale {
	double lo, hi;
};

static void
scale_add(struct scale *s, double v)
{
	if (!isfinite(v))
		return;
	s->lo = fmin(s->lo, v);
	s->hi = fmax(s->hi, v);
}

/* The scale of all values, widened when they are all equal. */
static struct scale
scale_of(const struct svg_strip *strips, size_t n)
{
	struct scale s = { INFINITY, -INFINITY };

	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < strips[i].n_samples; j++)
			scale_add(&s, strips[i].samples[j]);
		for (size_t j = 0; j < strips[i].n_runs; j++)
			scale_add(&s, strips[i].runs[j].rate);
		scale_add(&s, strips[i].rate);
	}
	if (s.lo > s.hi) {
		s.lo = 0.0;
		s.hi = 1.0;
	} else if (s.lo == s.hi) {
		double pad = s.lo != 0.0 ? fabs(s.lo) * 0.01 : 1.0;

		s.lo -= pad;
		s.hi += pad;
	}
	return s;
}

static double
x_of(const struct scale *s, double v)
{
	return SVG_X0 + (v - s->lo) / (s->hi - s->lo) * (SVG_X1 - SVG_X0);
}

/* "2.69M": three digits and a prefix, for the ends of the scale. */
static char *
si(double v, char *buf, size_t len)
{
	static const char prefix[] = " kMGTPE";
	size_t k = 0;

	while (fabs(v) >= 999.5 && k + 1 < sizeof(prefix) - 1) {
		v /= 1000.0;
		k++;
	}
	snprintf(buf, len, "%.3g%.*s", v, k > 0 ? 1 : 0, &prefix[k]);
	return buf;
}

/* A tick for each sample, in one path. */
static void
samples(FILE *f, const struct svg_strip *st, const struct scale *s,
	double y)
{
	if (st->n_samples == 0)
		return;
	fputs("<path class=\"tick\" d=\"", f);
	for (size_t j = 0; j < st->n_samples; j++)
		if (isfinite(st->samples[j]))
			fprintf(f, "M%.1f %.1fv10", x_of(s, st->samples[j]),
				y + 3.0);
	fputs("\"/>", f);
}

static void
strip(FILE *f, const struct svg_strip *st, const struct scale *s, double y)
{
	char buf[32];

	fputs("<g><title>", f);
	svg_text(f, st->label);
	fprintf(f, ": %zu sample%s, %zu process%s", st->n_samples,
		st->n_samples == 1 ? "" : "s", st->n_runs,
		st->n_runs == 1 ? "" : "es");
	if (isfinite(st->rate) && st->is_time)
		fprintf(f, ", time %s ms", si(st->rate, buf, sizeof(buf)));
	else if (isfinite(st->rate))
		fprintf(f, ", rate %s/s", si(st->rate, buf, sizeof(buf)));
	fprintf(f, "</title><text class=\"lbl\" x=\"0\" y=\"%.1f\">", y + 12.0);
	svg_text(f, st->label);
	fputs("</text>", f);
	samples(f, st, s, y);
	for (size_t j = 0; j < st->n_runs; j++)
		if (isfinite(st->runs[j].rate))
			fprintf(f, "<circle class=\"proc\" cx=\"%.1f\" cy=\"%.1f\" r=\"2\"/>",
				x_of(s, st->runs[j].rate), y + 16.5);
	if (isfinite(st->rate))
		fprintf(f, "<rect class=\"rate\" x=\"%.1f\" y=\"%.1f\" width=\"2\" height=\"17\"/>",
			x_of(s, st->rate) - 1.0, y + 1.0);
	fputs("</g>", f);
}

void
svg_strips(FILE *f, const struct svg_strip *strips, size_t n)
{
	struct scale s = scale_of(strips, n);
	double h = SVG_TOP + (double)n * SVG_STRIP + SVG_AXIS;
	char lo[32], hi[32];

	fprintf(f, "<svg class=\"strips\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">",
		SVG_W, h, SVG_W, h);
	fprintf(f, "<path class=\"axis\" d=\"M%.1f %.1fV%.1fM%.1f %.1fV%.1f\"/>",
		SVG_X0, SVG_TOP, h - SVG_AXIS, SVG_X1, SVG_TOP, h - SVG_AXIS);
	for (size_t i = 0; i < n; i++)
		strip(f, &strips[i], &s, SVG_TOP + (double)i * SVG_STRIP);
	fprintf(f, "<text class=\"end\" x=\"%.1f\" y=\"%.1f\">%s</text>",
		SVG_X0, h - 2.0, si(s.lo, lo, sizeof(lo)));
	fprintf(f, "<text class=\"end hi\" x=\"%.1f\" y=\"%.1f\">%s</text></svg>",
		SVG_X1, h - 2.0, si(s.hi, hi, sizeof(hi)));
}
