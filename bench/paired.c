// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The summary of bench/side-by-side.sh: reads lines "TEST AIMRUN REF" (the
 * two rates of one round, higher is better) and prints per test, in the
 * order the tests first appear, the paired ratio aimrun / reference: the
 * geometric mean of the rounds' ratios with its 95 % interval and their
 * median (paired_ratio.h), and the mean rate and cv of each side.
 * Prints figures; asserts nothing.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paired_ratio.h"
#include "stats.h"

#define MAX_TESTS 64
#define MAX_ROUNDS 1000
#define PAR 0.97	/* a centre below this is marked */

struct series {
	char test[32];
	size_t n;
	double aim[MAX_ROUNDS];
	double ref[MAX_ROUNDS];
};

/* The series of TEST, a new one at the end if it has none; NULL: full. */
static struct series *
series_of(struct series *s, size_t *ns, const char *test)
{
	for (size_t i = 0; i < *ns; i++)
		if (strcmp(s[i].test, test) == 0)
			return &s[i];
	if (*ns == MAX_TESTS)
		return NULL;
	snprintf(s[*ns].test, sizeof(s[*ns].test), "%s", test);
	s[*ns].n = 0;
	return &s[(*ns)++];
}

/* Mean of X[N] and its coefficient of variation in %. */
static double
mean_cv(const double *x, size_t n, double *cv)
{
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++)
		stats_welford_add(&w, x[i]);
	*cv = n > 1 && w.mean > 0 ? 100 * sqrt(stats_welford_var(&w)) / w.mean
				  : NAN;
	return w.mean;
}

static void
report(const struct series *s)
{
	double lr[MAX_ROUNDS], q[MAX_ROUNDS], cva, cvr, ma, mr;
	struct paired_ratio p;

	for (size_t i = 0; i < s->n; i++)
		q[i] = s->aim[i] / s->ref[i];
	paired_ratio(q, s->n, lr, &p);
	ma = mean_cv(s->aim, s->n, &cva);
	mr = mean_cv(s->ref, s->n, &cvr);
	printf("%-12s %4zu %6.3f [%5.3f, %5.3f] %6.3f %13.1f %6.2f %13.1f %6.2f%s\n",
	       s->test, s->n, p.mean, p.lo, p.hi, p.median, ma, cva, mr, cvr,
	       p.mean < PAR ? "  <" : "");
}

int
main(void)
{
	static struct series s[MAX_TESTS];	/* 1 MB: off the stack */
	char line[256], test[32];
	size_t ns = 0;
	double a, r;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		struct series *t;

		if (sscanf(line, "%31s %lf %lf", test, &a, &r) != 3 ||
		    !(a > 0 && r > 0 && isfinite(a) && isfinite(r))) {
			fprintf(stderr, "paired: not TEST AIMRUN REF with two "
				"rates: %s", line);
			return 1;
		}
		t = series_of(s, &ns, test);
		if (t == NULL || t->n == MAX_ROUNDS) {
			fprintf(stderr, "paired: more than %d tests or %d rounds\n",
				MAX_TESTS, MAX_ROUNDS);
			return 1;
		}
		t->aim[t->n] = a;
		t->ref[t->n++] = r;
	}
	if (ferror(stdin)) {
		fprintf(stderr, "paired: stdin: %s\n", strerror(errno));
		return 2;
	}
	printf("%-12s %4s %6s %14s %6s %13s %6s %13s %6s\n", "test", "n",
	       "ratio", "95% interval", "median", "aimrun/s", "cv%",
	       "reference/s", "cv%");
	for (size_t i = 0; i < ns; i++)
		report(&s[i]);
	printf("ratio: aimrun / reference, geometric mean of the rounds' "
	       "ratios; '<' marks a centre below %.2f\n", PAR);
	return 0;
}
