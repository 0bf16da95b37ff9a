// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tag validation.  Quotes and SQL are harmless here (every query binds its
 * values); control bytes and broken UTF-8 would garble every report, and
 * bidirectional controls, invisible characters and blanks at either end
 * make two different tags look the same, or a tag look like another.
 */
#include "config.h"

#include "tag.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/*
 * Length of the UTF-8 sequence at S, its code point in *CP; 0 when it is
 * malformed: a stray byte, an overlong form, a UTF-16 surrogate or past
 * U+10FFFF, which decoders disagree about.
 */
static size_t
utf8_decode(const unsigned char *s, uint32_t *cp)
{
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t n;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	c = s[0] & (0x7f >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* C0, DEL, C1 and the Unicode line and paragraph separators. */
static int
is_control(uint32_t c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 ||
	       c == 0x2029;
}

/* Characters that reorder the text around them. */
static int
is_bidi(uint32_t c)
{
	return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
	       c == 0x200e || c == 0x200f || c == 0x061c;
}

/*
 * Characters of no width: Unicode's Default_Ignorable_Code_Point set
 * (DerivedCoreProperties.txt; the bidirectional controls in it are named
 * as such above), and the interlinear annotation marks.  Two tags that
 * differ only in these would look the same.
 */
static int
is_invisible(uint32_t c)
{
	static const uint32_t range[][2] = {
		{ 0x00ad, 0x00ad }, { 0x034f, 0x034f }, { 0x115f, 0x1160 },
		{ 0x17b4, 0x17b5 }, { 0x180b, 0x180f }, { 0x200b, 0x200d },
		{ 0x2060, 0x2065 }, { 0x206a, 0x206f }, { 0x3164, 0x3164 },
		{ 0xfe00, 0xfe0f }, { 0xfeff, 0xfeff }, { 0xffa0, 0xffa0 },
		{ 0xfff0, 0xfffb }, { 0x1bca0, 0x1bca3 }, { 0x1d173, 0x1d17a },
		{ 0xe0000, 0xe0fff },
	};

	for (size_t i = 0; i < sizeof(range) / sizeof(range[0]); i++)
		if (c >= range[i][0] && c <= range[i][1])
			return 1;
	return 0;
}

static int
is_blank(uint32_t c)
{
	return c == ' ' || c == '\t' || c == 0xa0 || c == 0x1680 ||
	       (c >= 0x2000 && c <= 0x200a) || c == 0x202f || c == 0x205f ||
	       c == 0x3000;
}

/* 0 when every character of S may appear in WHAT, else -1 and WHY. */
static int
chars_check(const char *what, const unsigned char *s, uint32_t *first,
	    uint32_t *last, char *why, size_t whylen)
{
	for (int i = 0; *s != '\0'; i++) {
		uint32_t c;
		size_t n = utf8_decode(s, &c);

		if (n == 0) {
			snprintf(why, whylen, "%s is not valid UTF-8", what);
			return -1;
		}
		if (is_control(c)) {
			snprintf(why, whylen, "%s contains a control character",
				 what);
			return -1;
		}
		if (is_bidi(c) || is_invisible(c)) {
			snprintf(why, whylen, "%s contains %s character U+%04X",
				 what, is_bidi(c) ? "a bidirectional control" :
				 "an invisible", (unsigned)c);
			return -1;
		}
		if (i == 0)
			*first = c;
		*last = c;
		s += n;
	}
	return 0;
}

int
tag_text_check(const char *what, const char *s, size_t max, int name,
	       char *why, size_t whylen)
{
	size_t len = strlen(s);
	uint32_t first = 0, last = 0;

	if (len == 0 && name) {
		snprintf(why, whylen, "%s is empty", what);
		return -1;
	}
	if (len > max) {
		snprintf(why, whylen, "%s is %zu bytes long, at most %zu allowed",
			 what, len, max);
		return -1;
	}
	if (chars_check(what, (const unsigned char *)s, &first, &last, why,
			whylen) != 0)
		return -1;
	if (name && (is_blank(first) || is_blank(last))) {
		snprintf(why, whylen, "%s %s with a blank (U+%04X)", what,
			 is_blank(first) ? "begins" : "ends",
			 (unsigned)(is_blank(first) ? first : last));
		return -1;
	}
	return 0;
}

int
tag_check(const char *tag, char *why, size_t whylen)
{
	return tag_text_check("tag", tag, TAG_MAX_BYTES, 1, why, whylen);
}

/* 1 when C is shown as '?' on every output meant for people. */
static int
unprintable(uint32_t c)
{
	return is_control(c) || is_bidi(c) || is_invisible(c);
}

/*
 * Replace in place, by '?', every byte that is not valid UTF-8 and, when
 * ALL, every character unprintable() finds.
 */
static void
replace(char *s, int all)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char *out = (unsigned char *)s;

	while (*p != '\0') {
		uint32_t c;
		size_t n = utf8_decode(p, &c);

		if (n == 0 || (all && unprintable(c))) {
			*out++ = '?';
			p += n > 0 ? n : 1;
			continue;
		}
		memmove(out, p, n);
		out += n;
		p += n;
	}
	*out = '\0';
}

void
tag_printable(char *s)
{
	replace(s, 1);
}

void
tag_utf8_repair(char *s)
{
	replace(s, 0);
}

int
tag_utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		uint32_t c;
		size_t n = utf8_decode(p, &c);

		if (n == 0)
			return 0;
		p += n;
	}
	return 1;
}

size_t
tag_columns(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t cols = 0;

	/* What tag_printable() leaves: one column per character or '?'. */
	while (*p != '\0') {
		uint32_t c;
		size_t n = utf8_decode(p, &c);

		p += n > 0 ? n : 1;
		cols++;
	}
	return cols;
}

char *
tag_printable_dup(const char *s)
{
	char *copy = xstrdup(s);

	tag_printable(copy);
	return copy;
}

void
tag_fput(FILE *f, const char *s, size_t width)
{
	char *shown = tag_printable_dup(s != NULL ? s : "");
	size_t cols;

	cols = tag_columns(shown);
	(void)fputs(shown, f);	/* errors stay in F's error indicator */
	for (; cols < width; cols++)
		(void)putc(' ', f);
	free(shown);
}

const char *
tag_shown(const char *s, char *buf, size_t len)
{
	size_t n = strlen(s);

	if (n < len) {
		memcpy(buf, s, n + 1);
	} else {
		memcpy(buf, s, len - 4);
		memcpy(buf + len - 4, "...", 4);
	}
	/* A multi-byte character cut in two becomes '?' here. */
	tag_printable(buf);
	return buf;
}
