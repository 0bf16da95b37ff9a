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

/* An accepted tag holds no byte a terminal or a CSV line would act on. */
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
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f || c == 0xc0 || c == 0xc1 || c > 0xf4)
			return fuzz_broken("tag with byte %#x accepted", c);
	}
	return 0;
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
