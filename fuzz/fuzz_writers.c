// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The structural comparisons of the writers' fuzz harness, one per output
 * language, each reading the output the way its consumer does.
 */
#include "config.h"

#include "fuzz_writers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

char *
fuzz_render(enum fuzz_lang lang, const struct plot_model *m,
	    const struct plot_opts *o, const struct cmp_table *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc;

	if (f == NULL)
		return NULL;
	if (lang == FUZZ_GNUPLOT)
		rc = plot_write_script(f, m, o);
	else
		rc = fmt_find(lang == FUZZ_HTML ? "html" :
			      lang == FUZZ_JUNIT ? "junit" :
			      lang == FUZZ_TAP ? "tap" : "markdown")->table(f, t, 0);
	if (fclose(f) != 0 || rc < 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int
is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static int
is_control(char c)
{
	return ((unsigned char)c < 0x20 && c != '\n') || c == 0x7f;
}

/*
 * The single-quoted literal at *P: its end, or NULL when it is not
 * closed on its line or holds a control character.  '' is a quote.
 */
static const char *
single_end(const char *p)
{
	for (p++; *p != '\0' && *p != '\n'; p++) {
		if (is_control(*p))
			return NULL;
		if (*p == '\'' && p[1] != '\'')
			return p + 1;
		if (*p == '\'')
			p++;
	}
	return NULL;
}

/* The double-quoted literal at *P, backslash escapes and all. */
static const char *
double_end(const char *p)
{
	for (p++; *p != '\0' && *p != '\n'; p++) {
		if (*p == '\\' && p[1] != '\0')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return NULL;
}

/* Whether the line at P opens a datablock ("$name << EOD"). */
static int
opens_block(const char *p)
{
	size_t len = strcspn(p, "\n");

	return p[0] == '$' && len > 7 && memcmp(p + len - 7, " << EOD", 7) == 0;
}

/*
 * S with every single-quoted literal replaced by 'S', the rest as it is;
 * a comment outside datablocks is copied whole (datablock lines are data,
 * where our writer quotes names after '#').  NULL: a literal is broken.
 */
static char *
gnuplot_skeleton(const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int in_block = 0, opening = 0, broken = 0;

	if (f == NULL)
		return NULL;
	for (const char *p = s; *p != '\0' && !broken;) {
		const char *end;

		if (p == s || p[-1] == '\n') {
			if (in_block && strncmp(p, "EOD\n", 4) == 0)
				in_block = 0;
			opening = !in_block && opens_block(p);
		}
		if (*p == '\'' || *p == '"') {
			end = *p == '\'' ? single_end(p) : double_end(p);
			broken = end == NULL;
			if (end != NULL && *p == '\'')
				fputs("'S'", f);
			else if (end != NULL)
				fwrite(p, 1, (size_t)(end - p), f);
			p = end;
			continue;
		}
		if (*p == '#' && !in_block) {
			end = p + strcspn(p, "\n");
			fwrite(p, 1, (size_t)(end - p), f);
			p = end;
			continue;
		}
		if (*p == '\n' && opening)
			in_block = 1;
		fputc(*p++, f);
	}
	if (fclose(f) != 0 || broken) {
		free(out);
		return NULL;
	}
	return out;
}

static int
same_gnuplot(const char *a, const char *b)
{
	char *sa = gnuplot_skeleton(a), *sb = gnuplot_skeleton(b);
	int rc = 0;

	if (sb == NULL)
		rc = fuzz_broken("the neutral script does not lex");
	else if (sa == NULL)
		rc = fuzz_broken("a literal holds a control character or does not end on its line");
	else if (strcmp(sa, sb) != 0)
		rc = fuzz_broken("user text reached the script outside a single-quoted literal");
	free(sa);
	free(sb);
	return rc;
}

static size_t
count(const char *s, char c)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += *s == c;
	return n;
}

/* HTML or XML: the markup characters, references among REFS[5] only. */
static int
same_markup(const char *a, const char *b, const char *const *refs)
{
	for (const char *c = "<>\"'\n"; *c != '\0'; c++)
		if (count(a, *c) != count(b, *c))
			return fuzz_broken("user text added '%c' to the markup", *c);
	for (const char *p = a; *p != '\0'; p++) {
		size_t i = 0;

		if (is_control(*p))
			return fuzz_broken("control character %#x in the markup", *p);
		if (*p != '&')
			continue;
		while (i < 5 && strncmp(p, refs[i], strlen(refs[i])) != 0)
			i++;
		if (i == 5)
			return fuzz_broken("'&' that is no reference of ours");
	}
	return 0;
}

static int
same_html(const char *a, const char *b)
{
	static const char *const refs[] = { "&amp;", "&lt;", "&gt;",
					    "&quot;", "&#39;" };

	return same_markup(a, b, refs);
}

static int
same_junit(const char *a, const char *b)
{
	static const char *const refs[] = { "&amp;", "&lt;", "&gt;",
					    "&quot;", "&apos;" };

	return same_markup(a, b, refs);
}

/* The kind of the TAP line at P: 't' test point, 'd' diagnostic, 'o'. */
static char
tap_kind(const char *p)
{
	p += strspn(p, " ");
	if (strncmp(p, "ok ", 3) == 0 || strncmp(p, "not ok ", 7) == 0)
		return 't';
	return *p == '#' ? 'd' : 'o';
}

static int
same_tap(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n"), ha = 0, hb = 0;

		if (tap_kind(a) != tap_kind(b))
			return fuzz_broken("user text changed the kind of a TAP line");
		for (size_t i = 0; i < la; i++) {
			if (is_control(a[i]))
				return fuzz_broken("control character %#x in TAP", a[i]);
			ha += a[i] == '#';
		}
		for (size_t i = 0; i < lb; i++)
			hb += b[i] == '#';
		if (tap_kind(a) == 't' && ha != hb)
			return fuzz_broken("user text added '#' to a test point");
		a += la + (a[la] == '\n');
		b += lb + (b[lb] == '\n');
	}
	if (*a != '\0' || *b != '\0')
		return fuzz_broken("user text changed the number of TAP lines");
	return 0;
}

/* How often C occurs in S outside backslash escapes. */
static size_t
count_bare(const char *s, char c)
{
	size_t n = 0;

	for (; *s != '\0'; s++) {
		if (*s == '\\' && s[1] != '\0')
			s++;
		else
			n += *s == c;
	}
	return n;
}

static int
same_markdown(const char *a, const char *b)
{
	for (const char *c = "|<>`*[]~\n"; *c != '\0'; c++)
		if (count_bare(a, *c) != count_bare(b, *c))
			return fuzz_broken("user text added a bare '%c' to the table", *c);
	for (const char *p = a; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			p++;
			continue;
		}
		if (is_control(*p))
			return fuzz_broken("control character %#x in the table", *p);
		if (*p == '&' && (is_alnum(p[1]) || p[1] == '#'))
			return fuzz_broken("bare '&' that may begin a reference");
		if (*p == '_' && !(p > a && is_alnum(p[-1]) && is_alnum(p[1])))
			return fuzz_broken("bare '_' outside a word");
	}
	return 0;
}

int
fuzz_same_structure(enum fuzz_lang lang, const char *a, const char *b)
{
	switch (lang) {
	case FUZZ_GNUPLOT:
		return same_gnuplot(a, b);
	case FUZZ_HTML:
		return same_html(a, b);
	case FUZZ_JUNIT:
		return same_junit(a, b);
	case FUZZ_TAP:
		return same_tap(a, b);
	case FUZZ_MARKDOWN:
		break;
	}
	return same_markdown(a, b);
}
