// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Strict number parsing for options and suite files.
 */
#include "config.h"

#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	/* strtol would skip any leading white space, newlines included. */
	if (s == NULL || !(*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
parse_duration_ns(const char *s, int64_t min_ns, int64_t max_ns, int64_t *out)
{
	double v, scale = 1e9;
	char *end;

	if (s == NULL || *s == '\0' || !(*s == '.' || (*s >= '0' && *s <= '9')))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || !isfinite(v))
		return -1;
	/* Decimal only: strtod also reads hexadecimal ("0x1p3"). */
	if (strspn(s, "0123456789.eE+-") != (size_t)(end - s))
		return -1;
	if (strcmp(end, "ms") == 0)
		scale = 1e6;
	else if (strcmp(end, "m") == 0)
		scale = 60e9;
	else if (strcmp(end, "h") == 0)
		scale = 3600e9;
	else if (strcmp(end, "s") != 0 && *end != '\0')
		return -1;
	v *= scale;
	if (v < (double)min_ns || v > (double)max_ns)
		return -1;
	*out = (int64_t)llround(v);
	return 0;
}

int
parse_size_k(const char *s, unsigned long min_k, unsigned long max_k,
	     unsigned long *out)
{
	static const char units[] = "KkMmGg";
	unsigned long long v, mult = 1;
	const char *u;
	char *end;

	if (s == NULL || !(*s >= '0' && *s <= '9'))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || end == s)
		return -1;
	if (*end != '\0') {
		u = strchr(units, *end);
		if (u == NULL || end[1] != '\0')
			return -1;
		mult = 1ULL << (10 * ((u - units) / 2));
	}
	/* Against the bound before the multiply, which could wrap. */
	if (v > max_k / mult)
		return -1;
	v *= mult;
	if (v < min_k)
		return -1;
	*out = (unsigned long)v;
	return 0;
}
