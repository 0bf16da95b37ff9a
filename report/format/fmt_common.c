// SPDX-License-Identifier: GPL-2.0-or-later
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

#include "stats.h"
#include "xalloc.h"

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

/* "36 processes, 180 samples, 2 flagged, 1 boot": repeated tables. */
static char *
stats_counts(const struct cmp_side *s)
{
	char *flagged, *boots, *out;

	flagged = xasprintf("%zu flagged%s", s->n_flagged,
			    s->n_excluded > 0 ? " and left out" : "");
	if (s->n_boots == 0)
		boots = xstrdup("boot unknown");
	else
		boots = xasprintf("%zu boot%s%s", s->n_boots,
				  s->n_boots == 1 ? "" : "s",
				  s->boots_unknown ? " and unknown" : "");
	out = xasprintf("%zu process%s, %zu sample%s, %s, %s", s->n_procs,
			s->n_procs == 1 ? "" : "es", s->n_samples,
			s->n_samples == 1 ? "" : "s", flagged, boots);
	free(flagged);
	free(boots);
	return out;
}

char *
fmt_side_summary(const struct cmp_table *t, size_t i)
{
	const struct cmp_side *s = &t->sides[i];
	char *runs = run_list(s), *incomplete = NULL, *counts, *out;

	if (s->n_incomplete > 0)
		incomplete = xasprintf(" (%zu incomplete)", s->n_incomplete);
	if (t->repeated)
		counts = stats_counts(s);
	else
		counts = xasprintf("%zu sample%s", s->n_samples,
				   s->n_samples == 1 ? "" : "s");
	out = xasprintf("%s (%s%s%s, %s, kernel %s, host %s)", s->tag, runs,
			s->n_runs > 1 ? " pooled" : "",
			incomplete != NULL ? incomplete : "", counts,
			s->kernels, s->hosts);
	free(runs);
	free(incomplete);
	free(counts);
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

int
fmt_comparable(const struct cmp_table *t, const struct cmp_row *row)
{
	for (size_t s = 1; s < t->n_sides; s++)
		if (row->d[s - 1].valid)
			return 1;
	return 0;
}

char *
fmt_pct(const struct cmp_delta *d, char *buf, size_t len)
{
	if (d->valid && !isnan(d->pct))
		snprintf(buf, len, "%.2f%%", d->pct);
	else
		snprintf(buf, len, "-");
	return buf;
}

const char *
fmt_verdict(const struct cmp_delta *d)
{
	return d->has_stats ? stats_verdict_name(d->cmp.verdict) : "-";
}

char *
fmt_interval(const struct cmp_delta *d, char *buf, size_t len)
{
	if (!d->has_stats || isnan(d->cmp.ratio_lo) || isnan(d->cmp.ratio_hi))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%+.2f%%,%+.2f%%]",
			 (d->cmp.ratio_lo - 1.0) * 100.0,
			 (d->cmp.ratio_hi - 1.0) * 100.0);
	return buf;
}

char *
fmt_ratio_interval_short(double lo, double hi, char *buf, size_t len)
{
	/* A hair inside, so an end exactly at the margin stays there. */
	double top = ceil((hi - 1.0) * 1000.0 - 1e-9) / 10.0;

	/* Beyond +999 % an interval says only that it is that wide. */
	if (top > FMT_SHORT_TOP)
		snprintf(buf, len, "[%+.1f,>+%d]",
			 floor((lo - 1.0) * 1000.0 + 1e-9) / 10.0,
			 FMT_SHORT_TOP);
	else
		snprintf(buf, len, "[%+.1f,%+.1f]",
			 floor((lo - 1.0) * 1000.0 + 1e-9) / 10.0, top);
	return buf;
}

char *
fmt_interval_short(const struct cmp_delta *d, char *buf, size_t len)
{
	if (!d->has_stats || isnan(d->cmp.ratio_lo) || isnan(d->cmp.ratio_hi))
		snprintf(buf, len, "-");
	else
		fmt_ratio_interval_short(d->cmp.ratio_lo, d->cmp.ratio_hi,
					 buf, len);
	return buf;
}

char *
fmt_mean_pct(const struct cmp_delta *d, char *buf, size_t len)
{
	if (d->valid && !isnan(d->mean_pct))
		snprintf(buf, len, "%.2f%%", d->mean_pct);
	else
		snprintf(buf, len, "-");
	return buf;
}

char *
fmt_mdc(const struct cmp_delta *d, char *buf, size_t len)
{
	if (!d->has_stats || isnan(d->cmp.mdc_pct))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.2f%%", d->cmp.mdc_pct);
	return buf;
}

/* The interval's confidence in percent: 95 for alpha 0.05. */
static double
confidence_pct(const struct cmp_table *t)
{
	return 100.0 * (1.0 - t->opt.stats.alpha);
}

/* Line K of the NEW sides grown by --until-decided, or NULL. */
static char *
seq_line(const struct cmp_table *t, size_t k)
{
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_side *side = &t->sides[s];

		if (side->seq_family == 0 || k-- > 0)
			continue;
		return xasprintf("sequential: %s was grown by aimrun --until-decided against %s: its verdicts, intervals and mdc are those of its looks, replayed on the stored samples (alpha %g spent over every look of %zu tests, outside the correction above), and its rate is %s's times its last look's ratio",
				 side->tag, t->sides[0].tag, side->seq_alpha,
				 side->seq_family, t->sides[0].tag);
	}
	return NULL;
}

char *
fmt_stats_header(const struct cmp_table *t, size_t i)
{
	const size_t *v = t->n_verdicts;

	if (!t->repeated)
		return NULL;
	if (i == 0)
		return xasprintf("statistics: Welch's t on log per-process rates (peak rate for tests that make no system call, else mean), %g%% intervals; %zu comparison%s corrected together (Benjamini-Hochberg, false discovery rate %g%%); equivalence margin +/-%.2f%%%s",
				 confidence_pct(t), t->n_family,
				 t->n_family == 1 ? "" : "s",
				 100.0 * t->opt.stats.alpha,
				 100.0 * t->opt.stats.equiv,
				 t->opt.exclude_flagged ?
				 "; flagged samples left out" : "");
	if (i == 1)
		return xasprintf("verdicts: %zu regressed, %zu improved, %zu equivalent, %zu inconclusive",
				 v[STATS_REGRESSED], v[STATS_IMPROVED],
				 v[STATS_EQUIVALENT], v[STATS_INCONCLUSIVE]);
	return seq_line(t, i - 2);
}

char *
fmt_warning(const struct cmp_table *t, size_t i)
{
	return i < t->n_warnings ? xstrdup(t->warnings[i]) : NULL;
}

/* Some row is a time, lower better. */
static int
has_lower(const struct cmp_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].better == MEASURE_LOWER)
			return 1;
	return 0;
}

char *
fmt_legend(const struct cmp_table *t, size_t i)
{
	double conf = confidence_pct(t);

	switch (i) {
	case 0:
		return xstrdup("mean, peak: the per-process rate judged, and printed with its delta, pct and interval: mean is the classic rate of the whole period; peak is the second-fastest sample, for tests whose timed loop makes no system call, since interference from outside only slows them and one fast sample cannot make it; classic: the change of the classic mean rates beside it");
	case 1:
		return xstrdup("cv: spread of the judged per-process rates of each side (standard deviation / mean), base first; - with one process");
	case 2:
		return xasprintf("regressed, improved: NEW is slower, faster, and the difference holds after correcting for all %zu comparison%s (false discovery rate %g%%)",
				 t->n_family, t->n_family == 1 ? "" : "s",
				 100.0 * t->opt.stats.alpha);
	case 3:
		return xasprintf("equivalent: the whole %g%% interval lies within +/-%.2f%% (--equivalence): any change is smaller",
				 conf, 100.0 * t->opt.stats.equiv);
	case 4:
		return xstrdup("inconclusive: neither; the interval is too wide, or a side has fewer than 2 processes");
	case 5:
		return xasprintf("[lo,hi]: %g%% confidence interval of the change NEW/BASE - 1 of the judged rates (per boot when both sides have 2 boots or more)",
				 conf);
	case 6:
		return xasprintf("mdc: minimum detectable change, the change this noise and number of processes would find %g%% of the time",
				 100.0 * STATS_POWER);
	case 7:
		return xasprintf("flagged: samples with |modified z| > %g in their process, or involuntary context switches above %g x the process median + %g/s; %s",
				 STATS_Z_LIMIT, STATS_PREEMPT_FACTOR,
				 STATS_PREEMPT_FLOOR_HZ,
				 t->opt.exclude_flagged ?
				 "left out of the rates (--exclude-flagged)" :
				 "kept in the rates (--exclude-flagged leaves them out)");
	case 8:
		return has_lower(t) ? xstrdup("times: a test whose lower values are better (a timed command, aimrun --cmd) is compared on its time per run, each run its own process: a positive delta or pct is slower, regressed when significant; gmean is then of times when every test is one, else such a test enters as BASE/NEW, so that above 0 is better throughout") : NULL;
	default:
		return NULL;
	}
}
