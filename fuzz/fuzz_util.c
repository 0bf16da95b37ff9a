// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What every harness shares: the one-line report of a broken promise.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "fuzz.h"

int
fuzz_broken(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("fuzz: broken promise: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return -1;
}
