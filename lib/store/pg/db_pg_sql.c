// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The placeholders of db.h in PostgreSQL's spelling.  Pure, so its
 * test needs no server.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_pg_int.h"
#include "xalloc.h"

/* Where the quoted text, comment or literal starting at P ends. */
static const char *
skip_quoted(const char *p)
{
	const char *end;

	if (p[0] == '-' && p[1] == '-')
		return p + strcspn(p, "\n");
	if (p[0] == '/' && p[1] == '*') {
		end = strstr(p + 2, "*/");
		return end != NULL ? end + 2 : NULL;
	}
	/* A doubled quote inside is two quoted pieces side by side. */
	end = strchr(p + 1, *p);
	return end != NULL ? end + 1 : NULL;
}

char *
db_pg_sql(const char *sql, int *nparams)
{
	size_t len = strlen(sql);
	/* "$65535" is 6 bytes for the 1 of its '?' */
	char *out = xmalloc(len * 6 + 1), *o = out;
	const char *p = sql;
	int n = 0;

	while (*p != '\0') {
		if (*p == '\'' || *p == '"' || (p[0] == '-' && p[1] == '-') ||
		    (p[0] == '/' && p[1] == '*')) {
			const char *end = skip_quoted(p);

			if (end == NULL)
				goto bad;
			memcpy(o, p, (size_t)(end - p));
			o += end - p;
			p = end;
		} else if (*p == '?') {
			if (++n > DB_PG_MAX_PARAMS)
				goto bad;
			o += sprintf(o, "$%d", n);
			p++;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	*nparams = n;
	return out;
bad:
	free(out);
	return NULL;
}
