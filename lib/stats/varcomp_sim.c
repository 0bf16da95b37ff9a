// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulation behind "boots as the unit" (doc/statistics.md): two
 * kernels, each with boots, processes per boot and samples per process,
 * their log rates drawn with known components, compared three ways:
 * boot means (aimcmp with two boots or more a side), processes as if
 * independent, and the hierarchical bootstrap.  bench/sizing-sim prints
 * the figures; t/varcomp-t runs a small one and holds the bounds to it.
 */
#include "config.h"

#include "varcomp.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "xalloc.h"

/* Boot ids of one side: distinct strings, compared by content. */
static const char *const boot_ids[] = {
	"b00", "b01", "b02", "b03", "b04", "b05", "b06", "b07", "b08", "b09",
	"b10", "b11", "b12", "b13", "b14", "b15", "b16", "b17", "b18", "b19",
	"b20", "b21", "b22", "b23", "b24", "b25", "b26", "b27", "b28", "b29",
	"b30", "b31",
};
#define MAX_BOOTS (sizeof(boot_ids) / sizeof(boot_ids[0]))

struct side {
	double *x;	/* log rates, process p of boot b at b procs + p */
	struct stats_run *by_boot;
	struct stats_run *by_proc;
};

static int
cfg_valid(const struct varcomp_sim_cfg *c)
{
	return c->boots >= 2 && c->boots <= MAX_BOOTS && c->procs >= 1 &&
	       c->samples >= 1 && c->trials > 0 && c->between >= 0.0 &&
	       c->within >= 0.0 && c->sample >= 0.0 && c->shift > -1.0 &&
	       c->alpha > 0.0 && c->alpha < 0.5 &&
	       (c->procs >= 2 || c->boots >= 2);
}

static void
draw(const struct varcomp_sim_cfg *c, gsl_rng *rng, double mu,
     struct side *s)
{
	for (size_t b = 0; b < c->boots; b++) {
		double boot = gsl_ran_gaussian(rng, c->between);

		for (size_t p = 0; p < c->procs; p++) {
			size_t i = b * c->procs + p;
			double proc = gsl_ran_gaussian(rng, c->within), m = 0;

			for (size_t k = 0; k < c->samples; k++)
				m += gsl_ran_gaussian(rng, c->sample);
			s->x[i] = mu + boot + proc + m / (double)c->samples;
			s->by_boot[i].rate = 1e6 * exp(s->x[i]);
			s->by_boot[i].boot_id = boot_ids[b];
			s->by_proc[i] = s->by_boot[i];
			s->by_proc[i].boot_id = NULL;
		}
	}
}

static int
compare_pair(const struct stats_run *a, const struct stats_run *b, size_t n,
	     double alpha, double truth, int *flag, int *cover)
{
	struct stats_opts opt = { .alpha = alpha, .equiv = 0.0 };
	struct stats_cmp c;

	if (stats_compare(a, n, b, n, &opt, MEASURE_HIGHER, &c) != 0 ||
	    isnan(c.ratio_lo))
		return -1;
	*flag = c.ratio_lo > 1.0 || c.ratio_hi < 1.0;
	*cover = c.ratio_lo <= truth && truth <= c.ratio_hi;
	return 0;
}

/* One hierarchical resample of side S: the mean of its drawn processes. */
static double
resample(const struct varcomp_sim_cfg *c, gsl_rng *rng, const struct side *s)
{
	double sum = 0.0;

	for (size_t b = 0; b < c->boots; b++) {
		size_t boot = gsl_rng_uniform_int(rng, c->boots);

		for (size_t p = 0; p < c->procs; p++)
			sum += s->x[boot * c->procs +
				    gsl_rng_uniform_int(rng, c->procs)];
	}
	return sum / (double)(c->boots * c->procs);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The bootstrap's percentile interval of the log ratio. */
static void
hier_boot(const struct varcomp_sim_cfg *c, gsl_rng *rng,
	  const struct side *s, double *d, int *flag, int *cover)
{
	size_t lo, hi;

	for (size_t i = 0; i < c->resamples; i++)
		d[i] = resample(c, rng, &s[1]) - resample(c, rng, &s[0]);
	qsort(d, c->resamples, sizeof(*d), cmp_double);
	lo = (size_t)floor(c->alpha / 2.0 * (double)c->resamples);
	hi = c->resamples - 1 - lo;
	*flag = d[lo] > 0.0 || d[hi] < 0.0;
	*cover = d[lo] <= log1p(c->shift) && log1p(c->shift) <= d[hi];
}

static void
side_alloc(struct side *s, size_t n)
{
	s->x = xcalloc(n, sizeof(*s->x));
	s->by_boot = xcalloc(n, sizeof(*s->by_boot));
	s->by_proc = xcalloc(n, sizeof(*s->by_proc));
}

static void
side_free(struct side *s)
{
	free(s->x);
	free(s->by_boot);
	free(s->by_proc);
}

int
varcomp_sim_run(const struct varcomp_sim_cfg *cfg, struct varcomp_sim_out *out)
{
	size_t n = cfg->boots * cfg->procs, counted = 0;
	double sums[6] = { 0 }, *d;
	struct side s[2];
	gsl_rng *rng;

	if (!cfg_valid(cfg))
		return -1;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, cfg->seed);
	side_alloc(&s[0], n);
	side_alloc(&s[1], n);
	d = xcalloc(cfg->resamples + 1, sizeof(*d));
	for (size_t t = 0; t < cfg->trials; t++) {
		int f[3] = { 0 }, cv[3] = { 0 };

		draw(cfg, rng, 0.0, &s[0]);
		draw(cfg, rng, log1p(cfg->shift), &s[1]);
		if (compare_pair(s[0].by_boot, s[1].by_boot, n, cfg->alpha,
				 1.0 + cfg->shift, &f[0], &cv[0]) < 0 ||
		    compare_pair(s[0].by_proc, s[1].by_proc, n, cfg->alpha,
				 1.0 + cfg->shift, &f[1], &cv[1]) < 0)
			continue;
		if (cfg->resamples > 0)
			hier_boot(cfg, rng, s, d, &f[2], &cv[2]);
		counted++;
		for (int k = 0; k < 3; k++) {
			sums[k] += f[k];
			sums[3 + k] += cv[k];
		}
	}
	out->flag_boot = sums[0] / (double)counted;
	out->flag_proc = sums[1] / (double)counted;
	out->flag_hb = cfg->resamples > 0 ? sums[2] / (double)counted : NAN;
	out->cover_boot = sums[3] / (double)counted;
	out->cover_proc = sums[4] / (double)counted;
	out->cover_hb = cfg->resamples > 0 ? sums[5] / (double)counted : NAN;
	free(d);
	side_free(&s[0]);
	side_free(&s[1]);
	gsl_rng_free(rng);
	return counted > 0 ? 0 : -1;
}
