// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Did you mean": a name that holds the word, a typo within a third of
 * the word's length, ties kept in the order offered, at most three
 * named, nothing for a word near nothing or longer than any name.
 */
#include "config.h"

#include <string.h>

#include "catalog.h"
#include "suggest.h"
#include "tap.h"

static const char *
near(const char *word, const char *const *names)
{
	static char buf[256];
	struct suggest s;

	suggest_init(&s, word);
	for (size_t i = 0; names[i] != NULL; i++)
		suggest_offer(&s, names[i]);
	return suggest_text(&s, buf, sizeof(buf));
}

int
main(void)
{
	static const char *const suites[] = {
		"aim9", "cpu", "disk", "ipc", "mem", "mm", "quick", NULL,
	};
	static const char *const odd[] = { "a\033[2Jb", NULL };
	char buf[256], lng[300];

	plan(10);
	is_string(catalog_suggest("fork", buf, sizeof(buf)),
		  " (did you mean fork_test?)", "a test name that holds it");
	is_string(catalog_suggest("add_lnog", buf, sizeof(buf)),
		  " (did you mean add_long?)", "two letters swapped");
	is_string(catalog_suggest("add", buf, sizeof(buf)),
		  " (did you mean add_double, add_float, add_long, ...?)",
		  "three in catalog order, then dots");
	is_string(catalog_suggest("mem_copy_libc_4k", buf, sizeof(buf)),
		  " (did you mean mem_copy_libc_4k_hot or mem_copy_libc_4k_cold?)",
		  "two: 'or'");
	is_string(catalog_suggest("zz", buf, sizeof(buf)), "",
		  "a word near nothing: nothing said");
	is_string(near("mme", suites), " (did you mean mem or mm?)",
		  "a suite one edit away");
	is_string(near("nosuch", suites), "", "no suite near");
	memset(lng, 'a', sizeof(lng) - 1);
	lng[sizeof(lng) - 1] = '\0';
	is_string(catalog_suggest(lng, buf, sizeof(buf)), "",
		  "a word longer than any name: nothing");
	is_string(near("a?2jb", odd), " (did you mean a?[2Jb?)",
		  "a name offered is made printable");
	ok(strlen(catalog_suggest("mem_copy", buf, 20)) < 20,
	   "cut to the buffer");
	return done_testing();
}
