// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Telling a server from a file by its name alone, before anything is
 * opened: a file name never reaches libpq and a connection string never
 * becomes a file.
 */
#include "config.h"

#include "dbtarget.h"

#include <stdio.h>
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

/* Append N bytes of S to BUF (of LEN, *AT used so far), cut to fit. */
static void
put(char *buf, size_t len, size_t *at, const char *s, size_t n)
{
	if (*at + 1 >= len)
		return;
	if (n > len - 1 - *at)
		n = len - 1 - *at;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
}

/* The end of the value starting at V, quoted as libpq quotes; NULL if cut. */
static const char *
value_end(const char *v)
{
	if (*v != '\'')
		return v + strcspn(v, " \t\n");
	for (v++; *v != '\'' && *v != '\0'; v++)
		if (*v == '\\' && v[1] != '\0')
			v++;
	return *v == '\'' ? v + 1 : NULL;
}

#ifdef HAVE_LIBPQ
/* Whether libpq shows the value of KEY (LEN bytes) only as '*': a secret. */
static int
secret_key(const char *key, size_t len)
{
	PQconninfoOption *all = PQconninfoParse("", NULL), *o;
	int secret = 0;

	/* Out of memory: every key is taken for one, so nothing is shown. */
	if (all == NULL)
		return 1;
	for (o = all; o->keyword != NULL; o++)
		if (strlen(o->keyword) == len &&
		    strncmp(o->keyword, key, len) == 0)
			secret = o->dispchar != NULL && o->dispchar[0] == '*';
	PQconninfoFree(all);
	return secret;
}
#else
/* libpq 15's secrets: refused in any case without libpq. */
static int
secret_key(const char *key, size_t len)
{
	return (len == 8 && strncmp(key, "password", 8) == 0) ||
	       (len == 11 && strncmp(key, "sslpassword", 11) == 0);
}
#endif

/* A keyword string without its secret words: 1 cut, 0 none, -1 unsure. */
static int
shown_keywords(const char *s, char *buf, size_t len)
{
	const char *w = s + strspn(s, " \t\n");
	size_t at = 0;
	int cut = 0;

	buf[0] = '\0';
	while (*w != '\0') {
		size_t klen = strcspn(w, "= \t\n");
		const char *v = w + klen, *end;

		v += strspn(v, " \t\n");
		if (*v++ != '=')
			return -1;
		v += strspn(v, " \t\n");
		end = value_end(v);
		if (end == NULL)
			return -1;
		if (secret_key(w, klen)) {
			cut = 1;
		} else {
			if (at > 0)
				put(buf, len, &at, " ", 1);
			put(buf, len, &at, w, (size_t)(end - w));
		}
		w = end + strspn(end, " \t\n");
	}
	return cut;
}

/* A URI without the secret of "user:secret@" and its secret parameters. */
static int
shown_uri(const char *s, char *buf, size_t len)
{
	const char *auth = strstr(s, "://") + 3, *q, *at_sign = NULL;
	size_t alen = strcspn(auth, "/?"), at = 0, i;
	int cut = 0;

	for (i = 0; i < alen; i++)
		if (auth[i] == '@')
			at_sign = auth + i;
	buf[0] = '\0';
	q = at_sign != NULL ? memchr(auth, ':', (size_t)(at_sign - auth)) : NULL;
	if (q != NULL) {
		put(buf, len, &at, s, (size_t)(q - s));
		cut = 1;
		s = at_sign;
	}
	q = strchr(s, '?');
	put(buf, len, &at, s, q != NULL ? (size_t)(q - s) : strlen(s));
	for (char sep = '?'; q != NULL && *q != '\0'; q += i) {
		q++;
		i = strcspn(q, "&");
		if (secret_key(q, strcspn(q, "=&"))) {
			cut = 1;
			continue;
		}
		put(buf, len, &at, &sep, 1);
		put(buf, len, &at, q, i);
		sep = '&';
	}
	return cut;
}

#ifdef HAVE_LIBPQ
int
db_target_holds_secret(const char *s)
{
	PQconninfoOption *opts = PQconninfoParse(s, NULL), *o;
	int found = 0;

	if (opts == NULL)
		return 0;
	for (o = opts; o->keyword != NULL; o++)
		if (o->val != NULL && o->dispchar != NULL &&
		    o->dispchar[0] == '*')
			found = 1;
	PQconninfoFree(opts);
	return found;
}
#else
/* Refused in any case without libpq: only the plain spellings are sought. */
int
db_target_holds_secret(const char *s)
{
	return strstr(s, "password") != NULL;
}
#endif

int
db_target_shown(const char *s, char *buf, size_t len)
{
	int cut;

	if (len == 0)
		return 0;
	if (!db_target_is_postgres(s)) {
		snprintf(buf, len, "%s", s);
		return 0;
	}
	cut = is_uri(s) ? shown_uri(s, buf, len) : shown_keywords(s, buf, len);
	/* What libpq would still read as one is not shown at all. */
	if (cut < 0 || buf[0] == '\0' || db_target_holds_secret(buf)) {
		snprintf(buf, len, "a PostgreSQL connection string");
		return 1;
	}
	return cut;
}
