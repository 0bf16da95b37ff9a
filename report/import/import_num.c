// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Numbers of import files: the strict shapes the classic tools and the
 * CSV export print, and the ranges every accepted value lies in.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"

int
import_number(const char *s, size_t len, double *out)
{
	char buf[64];
	char *end;
	size_t i = 0, digits = 0;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	/* The shape %f and %g print; strtod alone would take "inf", "0x1p3". */
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < len && s[i] == '.')
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	if (digits == 0)
		return -1;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t exp_digits = 0;

		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			exp_digits++;
		if (exp_digits == 0)
			return -1;
	}
	if (i != len)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	if (errno != 0 || *end != '\0' || !isfinite(*out))
		return -1;
	return 0;
}

int
import_count(const char *s, size_t len, int64_t *out)
{
	int64_t v = 0;

	if (len == 0 || len > 18)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 0;
}

int
import_scaled(double v, double scale, int64_t min, int64_t *out)
{
	double x = round(v * scale);

	if (!(x >= (double)min && x <= IMPORT_VALUE_MAX))
		return -1;
	*out = (int64_t)x;
	return 0;
}

int
import_value(const char *name, size_t line, const char *test,
	     const char *field, double v)
{
	if (v >= 0 && v <= IMPORT_VALUE_MAX)
		return 0;
	return import_error(name, line, "%s%s%s %g out of range (0 to %g)",
			    test != NULL ? test : "", test != NULL ? ": " : "",
			    field, v, IMPORT_VALUE_MAX);
}

struct record_result *
import_add_printed(const char *name, size_t line, struct import_report *r,
		   const struct catalog_test *t, const char *field, double v)
{
	struct measure_sample smp = { .printed_ops = v };
	struct record_result *res;
	unsigned long factor;

	if (import_value(name, line, t->name, field, v) < 0 ||
	    import_factor(name, line, t, -1.0, v, 0, &factor) < 0)
		return NULL;
	res = import_add_result(r, t, "ok", line);
	res->factor = factor;
	return import_add_sample(name, line, res, &smp) < 0 ? NULL : res;
}
