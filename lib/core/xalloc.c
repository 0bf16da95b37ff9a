// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked allocation.
 */
#include "config.h"

#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static void *
check(void *p)
{
	if (p == NULL)
		aim_die(2, "out of memory");
	return p;
}

void *
xmalloc(size_t n)
{
	return check(malloc(n != 0 ? n : 1));
}

void *
xcalloc(size_t nmemb, size_t size)
{
	return check(calloc(nmemb != 0 ? nmemb : 1, size != 0 ? size : 1));
}

void *
xrealloc(void *p, size_t n)
{
	return check(realloc(p, n != 0 ? n : 1));
}

char *
xstrdup(const char *s)
{
	return check(strdup(s));
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		aim_die(2, "out of memory");
	return s;
}
