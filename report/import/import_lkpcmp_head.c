// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The head of a table of lkp compare: the line of commit ids over its
 * dashed line (each perhaps wrapped by a mail client), and above them the
 * job's parameters, "compiler/cpufreq_governor/...:" and a line of their
 * values, which become the runs' facts lkp.compiler, ...
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Mended line S is a line of dashes separated by blanks: how many. */
static size_t
dash_tokens(const char *s)
{
	const char *tok[IMPORT_LKP_COLS_MAX + 1];
	size_t len[IMPORT_LKP_COLS_MAX + 1], n = import_tokens(s, tok, len, IMPORT_LKP_COLS_MAX + 1);

	for (size_t i = 0; i < n; i++)
		if (strspn(tok[i], "-") != len[i] || len[i] < 8)
			return 0;
	return n <= IMPORT_LKP_COLS_MAX ? n : 0;
}

/* "name/name/...:" spelled by S (its blanks dropped): how many names. */
static size_t
param_keys(const char *s, char **key)
{
	size_t n = 0, len = strlen(s);
	const char *p = s;

	if (len < 2 || s[len - 1] != ':' || strchr(s, ' ') != NULL)
		return 0;
	while (n < IMPORT_LKP_PARAMS_MAX && p < s + len - 1) {
		size_t k = strcspn(p, "/:");

		if (k == 0 || strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_") != k)
			break;
		key[n++] = xasprintf("lkp.%.*s", (int)k, p);
		p += k + (p[k] == '/');
	}
	if (n < 2 || p != s + len - 1) {
		for (size_t i = 0; i < n; i++)
			free(key[i]);
		return 0;
	}
	return n;
}

/*
 * The keys line at P of M (to TO), its ':' perhaps wrapped onto the next
 * line: how many keys into KEY, *Q the line after it.
 */
static size_t
keys_at(char *const *m, size_t p, size_t to, char **key, size_t *q)
{
	char *keys = xstrdup(m[p]);
	size_t n;

	*q = p + 1;
	if (strchr(keys, ':') == NULL && *q < to && m[*q][0] != '\0' &&
	    strchr(m[*q], ' ') == NULL && m[*q][strlen(m[*q]) - 1] == ':') {
		free(keys);
		keys = xasprintf("%s%s", m[p], m[*q]);
		(*q)++;
	}
	n = param_keys(keys, key);
	if (n == 0)
		*q = p + 1;
	free(keys);
	return n;
}

/* Count of '/' in S. */
static size_t
slashes(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += *s == '/';
	return n;
}

/* The N values from line Q on, joined where a mailer broke them. */
static int
values_at(char *const *m, size_t q, size_t to, size_t n, char **value)
{
	char *vals = xstrdup(""), *more;
	const char *s;
	int rc = -1;

	while (q < to && m[q][0] == '\0')
		q++;
	for (size_t k = 0; k < 3 && q < to && m[q][0] != '\0' &&
			   strchr(m[q], ' ') == NULL && slashes(vals) + 1 < n;
	     k++, q++) {
		more = xasprintf("%s%s", vals, m[q]);
		free(vals);
		vals = more;
	}
	if (slashes(vals) + 1 == n) {
		s = vals;
		for (size_t i = 0; i < n; i++) {
			size_t len = strcspn(s, "/");

			value[i] = xasprintf("%.*s", (int)len, s);
			s += len + 1;
		}
		rc = 0;
	}
	free(vals);
	return rc;
}

/* The parameters of the job above a table: keys, then one value each. */
static void
group_params(const struct import_lines *l, char *const *m, size_t from,
	     size_t to, struct import_lkp_group *g)
{
	for (size_t p = from; p < to && g->nparams == 0; p++) {
		size_t q, n = keys_at(m, p, to, g->key, &q);

		if (n == 0)
			continue;
		if (values_at(m, q, to, n, g->value) == 0) {
			g->nparams = n;
			g->params_line = import_no(l, p);
		} else {
			for (size_t i = 0; i < n; i++)
				free(g->key[i]);
		}
	}
}

/*
 * Line J of M is a table's "%stddev %change %stddev" header: the commit
 * ids and dashed lines above it make group G (COLS columns).  0, or -1
 * when they do not (then it is no table).
 */
int
import_lkp_group_at(const struct import_lines *l, char *const *m, size_t from, size_t j,
	 struct import_lkp_group *g)
{
	const char *tok[IMPORT_LKP_COLS_MAX + 1];
	size_t len[IMPORT_LKP_COLS_MAX + 1], k = j, n = 0, got = 0;

	memset(g, 0, sizeof(*g));
	g->first = IMPORT_LKP_NO_REPORT;
	while (k > from && (n = dash_tokens(m[k - 1])) > 0) {
		g->ncols += n;
		k--;
	}
	if (g->ncols < 2 || g->ncols > IMPORT_LKP_COLS_MAX || k == from)
		return -1;
	/* The ids, on the line above or wrapped over the two above. */
	for (size_t up = 1; up <= 2 && got < g->ncols && k >= from + up; up++) {
		size_t first = k - up;

		got = 0;
		for (size_t i = first; i < k; i++)
			got += import_tokens(m[i], tok, len, IMPORT_LKP_COLS_MAX + 1);
		if (got != g->ncols)
			continue;
		got = 0;
		for (size_t i = first; i < k; i++) {
			size_t t = import_tokens(m[i], tok, len, IMPORT_LKP_COLS_MAX + 1);

			for (size_t c = 0; c < t; c++)
				g->id[got++] = xasprintf("%.*s", (int)len[c], tok[c]);
		}
		g->ids_line = import_no(l, first);
	}
	if (got != g->ncols)
		return -1;
	group_params(l, m, from, k, g);
	return 0;
}

void
import_lkp_group_free(struct import_lkp_group *g)
{
	for (size_t i = 0; i < g->ncols; i++)
		free(g->id[i]);
	for (size_t i = 0; i < g->nparams; i++) {
		free(g->key[i]);
		free(g->value[i]);
	}
	memset(g, 0, sizeof(*g));
}

