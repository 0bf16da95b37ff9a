// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TAP emitter.  The counters live in one static struct because a TAP
 * producer is by nature one stream per process.
 */
#include "config.h"

#include "tap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
	int planned;
	int lazy;
	int run;
	int failed;
} tap;

void
plan(int n)
{
	tap.planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

void
plan_lazy(void)
{
	tap.lazy = 1;
}

void
skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(0);
}

static int
vok(int cond, const char *fmt, va_list ap)
{
	tap.run++;
	if (!cond)
		tap.failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap.run);
	vprintf(fmt, ap);
	printf("\n");
	fflush(stdout);
	return cond;
}

int
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vok(cond, fmt, ap);
	va_end(ap);
	return cond;
}

int
is_int(int64_t got, int64_t want, const char *fmt, ...)
{
	va_list ap;
	int cond = got == want;

	va_start(ap, fmt);
	vok(cond, fmt, ap);
	va_end(ap);
	if (!cond)
		diag("got %lld, want %lld", (long long)got, (long long)want);
	return cond;
}

int
is_double(double got, double want, double eps, const char *fmt, ...)
{
	va_list ap;
	int cond = fabs(got - want) <= eps || (isnan(got) && isnan(want));

	va_start(ap, fmt);
	vok(cond, fmt, ap);
	va_end(ap);
	if (!cond)
		diag("got %.17g, want %.17g (eps %g)", got, want, eps);
	return cond;
}

int
is_string(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int cond;

	if (got == NULL || want == NULL)
		cond = got == want;
	else
		cond = strcmp(got, want) == 0;
	va_start(ap, fmt);
	vok(cond, fmt, ap);
	va_end(ap);
	if (!cond) {
		diag("got:  '%s'", got ? got : "(null)");
		diag("want: '%s'", want ? want : "(null)");
	}
	return cond;
}

void
skip(const char *fmt, ...)
{
	va_list ap;

	tap.run++;
	printf("ok %d # SKIP ", tap.run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

void
diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

void
bail(const char *fmt, ...)
{
	va_list ap;

	printf("Bail out! ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	exit(255);
}

int
done_testing(void)
{
	if (tap.lazy)
		printf("1..%d\n", tap.run);
	else if (tap.planned != tap.run)
		diag("planned %d assertions, ran %d", tap.planned, tap.run);
	fflush(stdout);
	return tap.failed == 0 && (tap.lazy || tap.planned == tap.run) ? 0 : 1;
}

const char *
tap_srcdir(void)
{
	const char *s = getenv("AIM_SRCDIR");

	return s != NULL && *s != '\0' ? s : ".";
}

const char *
tap_builddir(void)
{
	const char *s = getenv("AIM_BUILDDIR");

	return s != NULL && *s != '\0' ? s : ".";
}
