// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: the parsers of option values (numbers, durations, sizes,
 * run ids) and the tag check.  The first byte picks the parser; the rest
 * is the string.  What is accepted must be in range and mean what the
 * text says; a refused value leaves the output untouched.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fuzz.h"
#include "parse.h"
#include "tag.h"
#include "xalloc.h"

#define UNTOUCHED 0x5a5a5a5aL

static int
check_long(const char *s)
{
	long v = UNTOUCHED, again = 0;
	char back[32];

	if (parse_long(s, 1, 1000, &v) != 0)
		return v == UNTOUCHED ? 0 : fuzz_broken("refused long written");
	if (v < 1 || v > 1000)
		return fuzz_broken("long %ld out of range", v);
	if (!(s[0] == '-' || s[0] == '+' || (s[0] >= '0' && s[0] <= '9')))
		return fuzz_broken("long accepted from \"%s\"", s);
	snprintf(back, sizeof(back), "%ld", v);
	if (parse_long(back, 1, 1000, &again) != 0 || again != v)
		return fuzz_broken("long %ld does not read back", v);
	return 0;
}

static int
check_duration(const char *s)
{
	int64_t v = UNTOUCHED;

	if (parse_duration_ns(s, 1000000, 3600000000000LL, &v) != 0)
		return v == UNTOUCHED ? 0 : fuzz_broken("refused duration written");
	if (v < 1000000 || v > 3600000000000LL)
		return fuzz_broken("duration %lld ns out of range", (long long)v);
	/* Decimal seconds with an optional exponent and unit, nothing else. */
	if (strspn(s, "0123456789.eE+-ms") != strlen(s))
		return fuzz_broken("duration accepted from \"%s\"", s);
	return 0;
}

static int
check_size(const char *s)
{
	unsigned long v = UNTOUCHED;
	size_t len = strlen(s);

	if (parse_size_k(s, 2, 64UL * 1024 * 1024, &v) != 0)
		return v == UNTOUCHED ? 0 : fuzz_broken("refused size written");
	if (v < 2 || v > 64UL * 1024 * 1024)
		return fuzz_broken("size %lu K out of range", v);
	if (len > 0 && (s[len - 1] == 'M' || s[len - 1] == 'm') && v % 1024 != 0)
		return fuzz_broken("size %s is %lu K, not whole MiB", s, v);
	return 0;
}

static int
check_run_id(const char *s)
{
	int64_t v = UNTOUCHED;

	if (cli_run_id(s, &v) != 0)
		return 0;
	return v > 0 ? 0 : fuzz_broken("run id %lld accepted", (long long)v);
}

/*
 * The UTF-8 forms of what an accepted tag never holds: C1 controls, line
 * separators, bidirectional controls, invisible characters.  Written out
 * byte by byte, independently of lib/core/tag.c's decoder.
 */
static const char *const hidden[] = {
	"\xe2\x80\xa8", "\xe2\x80\xa9",					/* U+2028, U+2029 */
	"\xe2\x80\xaa", "\xe2\x80\xab", "\xe2\x80\xac", "\xe2\x80\xad",
	"\xe2\x80\xae", "\xe2\x81\xa6", "\xe2\x81\xa7", "\xe2\x81\xa8",
	"\xe2\x81\xa9", "\xe2\x80\x8e", "\xe2\x80\x8f", "\xd8\x9c",		/* bidi */
	"\xe2\x80\x8b", "\xe2\x80\x8c", "\xe2\x80\x8d", "\xe2\x81\xa0",
	"\xef\xbb\xbf",								/* zero width */
};

/* Blanks that may not begin or end a tag. */
static const char *const blanks[] = {
	" ", "\xc2\xa0", "\xe3\x80\x80", "\xe2\x80\x80", "\xe2\x80\x8a",
	"\xe2\x80\xaf", "\xe2\x81\x9f", "\xe1\x9a\x80",
};

static int
check_tag_chars(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f || c == 0xc0 || c == 0xc1 || c > 0xf4)
			return fuzz_broken("tag with byte %#x accepted", c);
		if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] < 0xa0)
			return fuzz_broken("tag with a C1 control accepted");
	}
	for (size_t i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		if (strstr(s, hidden[i]) != NULL)
			return fuzz_broken("tag with hidden character %zu accepted", i);
	for (size_t i = 0; i < sizeof(blanks) / sizeof(blanks[0]); i++) {
		size_t n = strlen(blanks[i]);

		if (strncmp(s, blanks[i], n) == 0 ||
		    (len >= n && strcmp(s + len - n, blanks[i]) == 0))
			return fuzz_broken("tag with blank %zu at an end accepted", i);
	}
	return 0;
}

/*
 * An accepted tag holds no byte a terminal or a CSV line would act on and
 * nothing that hides or reorders text; a refused one has a reason.
 */
static int
check_tag(const char *s)
{
	char why[256] = "";
	size_t len = strlen(s);

	if (tag_check(s, why, sizeof(why)) != 0)
		return why[0] != '\0' && strchr(why, '\n') == NULL ? 0 :
			fuzz_broken("tag refused without a one-line reason");
	if (len == 0 || len > TAG_MAX_BYTES)
		return fuzz_broken("tag of %zu bytes accepted", len);
	return check_tag_chars(s, len);
}

int
fuzz_check(const uint8_t *data, size_t size)
{
	static int (*const check[])(const char *) = {
		check_long, check_duration, check_size, check_run_id, check_tag,
	};
	char *s;
	int rc;

	if (size == 0)
		return 0;
	s = xmalloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	rc = check[data[0] % (sizeof(check) / sizeof(check[0]))](s);
	free(s);
	return rc;
}
