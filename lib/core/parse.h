/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Strict parsing of numbers given by users: whole string consumed, range
 * checked, no atoi.  All return 0 on success and -1 on a malformed or
 * out-of-range value, leaving *out untouched.
 */
#ifndef AIM_PARSE_H
#define AIM_PARSE_H

#include <stdint.h>

/* The most runs a test takes (aimrun --runs, a suite's runs). */
#define PARSE_RUNS_MAX 1000

/* Decimal integer in [min, max]. */
int parse_long(const char *s, long min, long max, long *out);

/*
 * A duration: "2", "0.2", "1.5s", "250ms", "10m", "1h".  Result in ns, between MIN_NS
 * and MAX_NS inclusive.
 */
int parse_duration_ns(const char *s, int64_t min_ns, int64_t max_ns,
		      int64_t *out);

/*
 * A size as AIM9's FILESIZE: "5120K" or "5120" (KiB), "5M" (MiB), "1G"
 * (GiB), the unit in either case and nothing after it.  Result in KiB,
 * between MIN_K and MAX_K; a value that would pass MAX_K is refused before
 * it is multiplied.
 */
int parse_size_k(const char *s, unsigned long min_k, unsigned long max_k,
		 unsigned long *out);

#endif
