/*
 * CSV output helpers.  libcsv does the quoting and doubling of quotes;
 * here we only decide when a field needs it.
 */
#include "config.h"

#include "csvout.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "log.h"

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

void
csvout_field(FILE *f, int first, const char *s)
{
	if (!first)
		putc(',', f);
	if (s == NULL)
		return;
	if (needs_quotes(s))
		(void)csv_fwrite(f, s, strlen(s));	/* error stays in f */
	else
		fputs(s, f);
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
