// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CSV output helpers.  libcsv does the quoting and doubling of quotes;
 * here we only decide when a field needs it.
 */
#include "config.h"

#include "csvout.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "jsonout.h"
#include "log.h"
#include "tag.h"

static int
needs_quotes(const char *s)
{
	size_t n = strlen(s);

	/* Empty must be quoted: unquoted empty means NULL when read back. */
	if (n == 0 || s[0] == ' ' || s[n - 1] == ' ' || s[0] == '\t' ||
	    s[n - 1] == '\t')
		return 1;
	return strpbrk(s, ",\"\r\n") != NULL;
}

/* Printable ASCII (most fields, every number) needs no copy. */
static int
plain_ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			return 0;
	return 1;
}

void
csvout_field(FILE *f, int first, const char *s)
{
	char *shown;

	if (!first)
		putc(',', f);
	if (s == NULL)
		return;
	/*
	 * Quoting keeps a newline inside a field legal CSV, but CSV is read
	 * on terminals too: control, bidirectional and invisible characters
	 * and bytes that are not UTF-8 become '?'.  Nothing aimdb import
	 * accepts holds one, so an export still imports back whole.
	 */
	shown = plain_ascii(s) ? NULL : tag_printable_dup(s);
	if (shown != NULL)
		s = shown;
	if (needs_quotes(s))
		(void)csv_fwrite(f, s, strlen(s));	/* error stays in f */
	else
		fputs(s, f);
	free(shown);
}

void
csvout_fieldf(FILE *f, int first, const char *fmt, ...)
{
	char *s;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (s == NULL)
		aim_die(2, "out of memory");	/* as xmalloc would */
	csvout_field(f, first, s);
	free(s);
}

void
csvout_end(FILE *f)
{
	putc('\n', f);
}

void
csvout_number(FILE *f, int first, double x)
{
	char buf[32];

	csvout_field(f, first, isfinite(x) ? jsonout_shortest(x, buf, sizeof(buf))
					   : NULL);
}
