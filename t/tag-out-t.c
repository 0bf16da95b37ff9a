// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How strings from outside are shown: tag_fput() and its helpers make
 * every control, bidirectional or invisible character and every byte
 * that is not UTF-8 one '?', pad by characters, and tag_utf8_repair()
 * mends only the encoding (for JSON, which escapes the rest).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"
#include "tap.h"

/* What tag_fput(S, WIDTH) writes, malloc'd. */
static char *
put(const char *s, size_t width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream failed");
	tag_fput(f, s, width);
	if (fclose(f) != 0)
		bail("writing to memory failed");
	return buf;
}

static void
shown(const char *s, size_t width, const char *want, const char *what)
{
	char *got = put(s, width);

	is_string(got, want, "%s", what);
	free(got);
}

int
main(void)
{
	char repair[] = "a\033b\xff" "c\xe2\x80\xae" "d\xc3";

	plan(13);
	shown("ev\033[31mil\nx\r", 0, "ev?[31mil?x?", "ESC, LF and CR become '?'");
	shown("a\xe2\x80\xae" "b\xe2\x80\x8b" "c\xc2\x9b", 0, "a?b?c?",
	      "RLO, a zero-width space and C1 CSI become one '?' each");
	shown("a\xff\xfe" "b\xc0\xaf" "c\xed\xa0\x80", 0, "a??b??c???",
	      "bytes that are not UTF-8, overlong and surrogate forms: '?' each");
	shown("caf\xc3\xa9", 6, "caf\xc3\xa9  ", "padded by characters, not bytes");
	shown("a\033", 4, "a?  ", "padded after making it printable");
	shown("longer", 3, "longer", "never cut to the width");
	shown(NULL, 2, "  ", "NULL is an empty field");
	is_int((int64_t)tag_columns("caf\xc3\xa9"), 4, "columns of a two-byte character");
	is_int((int64_t)tag_columns("a\xe2\x80\xae\xff"), 3,
	       "columns count each '?' to be shown");
	ok(tag_utf8_valid("caf\xc3\xa9 \033\n"), "controls are valid UTF-8");
	ok(!tag_utf8_valid("ab\xc3"), "a cut sequence is not");
	tag_utf8_repair(repair);
	is_string(repair, "a\033b?c\xe2\x80\xae" "d?",
		  "repair mends only the encoding");
	shown(repair, 0, "a?b?c?d?", "and the repaired string shows as the rest");
	return done_testing();
}
