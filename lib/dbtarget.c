/*
 * Telling a server from a file by its name alone, before anything is
 * opened: a file name never reaches libpq and a connection string never
 * becomes a file.
 */
#include "config.h"

#include "dbtarget.h"

#include <string.h>

#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
#endif

static int
is_uri(const char *s)
{
	/* libpq's own test: the prefixes in lower case only. */
	return strncmp(s, "postgresql://", 13) == 0 ||
	       strncmp(s, "postgres://", 11) == 0;
}

#ifdef HAVE_LIBPQ
/* libpq's parser refuses an unknown key and a word without '='. */
static int
is_keywords(const char *s)
{
	PQconninfoOption *opts;
	char *msg = NULL;

	opts = PQconninfoParse(s, &msg);
	PQfreemem(msg);	/* NULL-safe; the reason is not needed */
	if (opts == NULL)
		return 0;
	PQconninfoFree(opts);
	return 1;
}
#else
/*
 * Without libpq the name must still mean the same, so that a server is
 * refused rather than a file of that name created: the keys of libpq 15
 * a target commonly holds, each word key=value (a value may be quoted).
 */
static int
is_keywords(const char *s)
{
	static const char *const keys[] = {
		"host", "hostaddr", "port", "dbname", "user", "password",
		"passfile", "service", "sslmode", "connect_timeout",
		"options", "application_name", "target_session_attrs", NULL,
	};
	const char *w = s + strspn(s, " \t\n");

	while (*w != '\0') {
		size_t klen = strcspn(w, "= \t\n");
		size_t i;

		for (i = 0; keys[i] != NULL; i++)
			if (strlen(keys[i]) == klen &&
			    strncmp(keys[i], w, klen) == 0)
				break;
		if (keys[i] == NULL || w[klen] != '=')
			return 0;
		w += klen + 1;
		if (*w == '\'') {
			/* quoted as libpq quotes: \' and \\ inside */
			for (w++; *w != '\'' && *w != '\0'; w++)
				if (*w == '\\' && w[1] != '\0')
					w++;
			if (*w++ != '\'')
				return 0;
		}
		w += strcspn(w, " \t\n");
		w += strspn(w, " \t\n");
	}
	return 1;
}
#endif

int
db_target_is_postgres(const char *s)
{
	if (is_uri(s))
		return 1;
	/* An empty or blank string parses as libpq's defaults: not a name. */
	if (strchr(s, '=') == NULL)
		return 0;
	return is_keywords(s);
}
