// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Suite files and option values: good ones load, bad ones are refused
 * with file and line, and numbers are parsed strictly.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "suite.h"
#include "tag.h"
#include "tap.h"

static void
good(void)
{
	struct suite s;
	char err[512] = "";

	is_int(suite_parse("x.suite",
			   "# comment\n\nduration 250ms\nruns 5\nfilesize 1M\n"
			   "fork_test\n  add_long  \r\npage_test", &s, err, sizeof(err)),
	       0, "a suite with settings, blanks, CRLF and no final newline loads");
	is_int((int64_t)s.n_tests, 3, "three tests");
	is_string(s.tests[0]->info->name, "add_long", "tests come in classic order (1)");
	is_string(s.tests[2]->info->name, "fork_test", "tests come in classic order (3)");
	is_int(s.duration_ns, 250000000, "duration 250ms");
	is_int(s.runs, 5, "runs 5");
	is_int((int64_t)s.filesize_k, 1024, "filesize 1M is 1024 KiB");
	suite_free(&s);
	is_int(suite_parse("c.suite", "FILESIZE: 5M\ncreat-clo\n", &s, err, sizeof(err)),
	       0, "AIM9's FILESIZE line is understood");
	is_int((int64_t)s.filesize_k, 5120, "FILESIZE: 5M is 5120 KiB");
	suite_free(&s);
	is_int(suite_from_list("fork_test,add_long", &s, err, sizeof(err)), 0,
	       "a --tests list loads");
	is_string(s.tests[0]->info->name, "add_long", "--tests also runs in classic order");
	suite_free(&s);
}

static void
bad(const char *text, const char *want)
{
	struct suite s = { 0 };
	char err[512] = "";

	is_int(suite_parse("bad.suite", text, &s, err, sizeof(err)), -1,
	       "refused: %s", want);
	ok(strstr(err, want) != NULL, "error '%s' says '%s'", err, want);
	ok(s.tests == NULL, "nothing half-loaded");
}

static void
parse_numbers(void)
{
	int64_t ns = 0;
	unsigned long k = 0;
	long l = 0;

	ok(parse_duration_ns("0.2", 1000000, 3600000000000LL, &ns) == 0 &&
	   ns == 200000000, "0.2 s");
	ok(parse_duration_ns("1.5s", 1000000, 3600000000000LL, &ns) == 0 &&
	   ns == 1500000000, "1.5s");
	ok(parse_duration_ns("-1", 1000000, 3600000000000LL, &ns) != 0, "negative refused");
	ok(parse_duration_ns("1e300", 1000000, 3600000000000LL, &ns) != 0, "huge refused");
	ok(parse_duration_ns("nan", 1000000, 3600000000000LL, &ns) != 0, "nan refused");
	ok(parse_duration_ns("0", 1000000, 3600000000000LL, &ns) != 0, "zero refused");
	ok(parse_duration_ns("2x", 1000000, 3600000000000LL, &ns) != 0, "junk suffix refused");
	ok(parse_long("0", 1, 1000, &l) != 0, "zero runs refused");
	ok(parse_long("12abc", 1, 1000, &l) != 0, "trailing junk refused");
	ok(parse_long("99999999999999999999", 1, 1000, &l) != 0, "overflow refused");
	ok(parse_size_k("5M", 2, 1UL << 26, &k) == 0 && k == 5120, "5M");
	ok(parse_size_k("64", 2, 1UL << 26, &k) == 0 && k == 64, "64 KiB");
	ok(parse_size_k("5T", 2, 1UL << 26, &k) != 0, "unknown unit refused");
	ok(parse_size_k("99999999999M", 2, 1UL << 26, &k) != 0, "overflow refused");
	ok(parse_size_k("64G", 2, 1UL << 26, &k) == 0 && k == 1UL << 26, "64G");
	ok(parse_size_k("1g", 2, 1UL << 26, &k) == 0 && k == 1UL << 20, "1g");
	ok(parse_size_k("5m", 2, 1UL << 26, &k) == 0 && k == 5120, "5m");
	ok(parse_size_k("5120k", 2, 1UL << 26, &k) == 0 && k == 5120, "5120k");
	ok(parse_size_k("65G", 2, 1UL << 26, &k) != 0, "65G above 64G refused");
	/* 2^54 G is 2^74 KiB: wraps to 0 if multiplied before the check. */
	ok(parse_size_k("18014398509481984G", 0, 1UL << 26, &k) != 0,
	   "a multiply that would wrap refused");
	ok(parse_size_k("1GB", 2, 1UL << 26, &k) != 0, "1GB refused");
	ok(parse_size_k("1 G", 2, 1UL << 26, &k) != 0, "space before unit refused");
	ok(parse_size_k("G", 2, 1UL << 26, &k) != 0, "unit alone refused");
	ok(parse_size_k("1K", 2, 1UL << 26, &k) != 0, "below the minimum refused");
}

static void
tags(void)
{
	char why[128], big[300];

	ok(tag_check("2.6.21-rc4 'quoted'; DROP TABLE run;--", why, sizeof(why)) == 0,
	   "quotes and SQL are plain text in a tag");
	ok(tag_check("caf\xc3\xa9", why, sizeof(why)) == 0, "UTF-8 accepted");
	ok(tag_check("bad\xff", why, sizeof(why)) != 0 && strstr(why, "UTF-8"),
	   "invalid UTF-8 refused");
	ok(tag_check("a\nb", why, sizeof(why)) != 0 && strstr(why, "control"),
	   "newline refused");
	ok(tag_check("", why, sizeof(why)) != 0, "empty refused");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ok(tag_check(big, why, sizeof(why)) != 0 && strstr(why, "bytes"),
	   "overlong refused");
}

static void
refused_tag(const char *tag, const char *want, const char *what)
{
	char why[128] = "";

	ok(tag_check(tag, why, sizeof(why)) != 0 && strstr(why, want) != NULL,
	   "%s refused: '%s'", what, why);
}

/* Text that shows differently from what is stored, or not at all. */
static void
hidden_tags(void)
{
	static const char *const bidi[] = {
		"\xe2\x80\xaa", "\xe2\x80\xae", "\xe2\x81\xa6", "\xe2\x81\xa9",
		"\xe2\x80\x8e", "\xe2\x80\x8f", "\xd8\x9c",
	};
	/* ZWSP, ZWNJ, ZWJ, WJ, BOM; soft hyphen, CGJ, invisible times,
	 * Hangul filler, variation selector 16, a tag character (the
	 * "ASCII smuggling" of U+E0041), variation selector 17. */
	static const char *const zw[] = {
		"\xe2\x80\x8b", "\xe2\x80\x8c", "\xe2\x80\x8d", "\xe2\x81\xa0",
		"\xef\xbb\xbf", "\xc2\xad", "\xcd\x8f", "\xe2\x81\xa2",
		"\xe3\x85\xa4", "\xef\xb8\x8f", "\xf3\xa0\x81\x81",
		"\xf3\xa0\x84\x80",
	};
	char tag[32], why[128];

	for (size_t i = 0; i < sizeof(bidi) / sizeof(bidi[0]); i++) {
		snprintf(tag, sizeof(tag), "v6.8%sx", bidi[i]);
		refused_tag(tag, "bidirectional", "bidirectional control");
	}
	for (size_t i = 0; i < sizeof(zw) / sizeof(zw[0]); i++) {
		snprintf(tag, sizeof(tag), "v6%s.8", zw[i]);
		refused_tag(tag, "invisible", "zero-width character");
	}
	refused_tag(" v6.8", "begins with a blank", "leading space");
	refused_tag("v6.8 ", "ends with a blank", "trailing space");
	refused_tag("\xc2\xa0v6.8", "begins with a blank", "leading U+00A0");
	refused_tag("v6.8\xe3\x80\x80", "ends with a blank", "trailing U+3000");
	refused_tag("v6.8\xe2\x80\x89", "ends with a blank", "trailing U+2009");
	refused_tag("a\xc2\x9b[31m", "control", "C1 control U+009B");
	refused_tag("a\xe2\x80\xa8" "b", "control", "line separator U+2028");
	refused_tag("a\xed\xa0\x80", "UTF-8", "UTF-16 surrogate");
	refused_tag("a\xe0\x80\xaf", "UTF-8", "overlong encoding");
	refused_tag("a\xf4\x90\x80\x80", "UTF-8", "code point past U+10FFFF");
	ok(tag_check("v6.8 rc1\xc2\xa0x", why, sizeof(why)) == 0,
	   "blanks inside a tag are text");
	snprintf(tag, sizeof(tag), "a\xe2\x80\xae" "b\xef\xbb\xbf" "c\xc2\x9b" "d");
	tag_printable(tag);
	is_string(tag, "a?b?c?d", "tag_printable hides bidi, invisible and C1 characters");
}

/* Patterns pick every test they match; names still name one, once. */
static void
patterns(void)
{
	struct suite s;
	char err[512] = "";
	int all = 1;

	is_int(suite_from_list("mem_copy_*_4k_cold", &s, err, sizeof(err)), 0,
	       "a --tests pattern loads");
	is_int((int64_t)s.n_tests, 9, "mem_copy_*_4k_cold: the nine routines");
	for (size_t i = 0; i < s.n_tests; i++)
		all &= strncmp(s.tests[i]->info->name, "mem_copy_", 9) == 0 &&
		       strstr(s.tests[i]->info->name, "_4k_cold") != NULL;
	ok(all, "each a cold 4 KiB copy");
	suite_free(&s);
	is_int(suite_from_list("add_*,mem_clear_stosb_4k_*,add_long,fork_test",
			       &s, err, sizeof(err)), 0,
	       "patterns and names together, overlapping");
	is_int((int64_t)s.n_tests, 8, "five adds, two clears, fork_test");
	ok(s.n_tests == 8 && strcmp(s.tests[0]->info->name, "add_double") == 0 &&
	   strcmp(s.tests[5]->info->name, "fork_test") == 0 &&
	   strcmp(s.tests[7]->info->name, "mem_clear_stosb_4k_cold") == 0,
	   "in catalog order: classic first, the family last");
	suite_free(&s);
	is_int(suite_from_list("mem_nothing_*", &s, err, sizeof(err)), -1,
	       "a pattern that matches nothing is refused");
	is_string(err, "no test matches 'mem_nothing_*'", "and says so");
	is_int(suite_parse("m.suite", "memsize 1024M\nmem_*_4k_hot\n", &s, err,
			   sizeof(err)), 0, "a suite of patterns with memsize");
	is_int((int64_t)s.memsize_k, 1024 * 1024, "memsize 1024M is 1 GiB");
	is_int((int64_t)s.n_tests, 36, "mem_*_4k_hot: copy, clear and their uses");
	suite_free(&s);
	is_int(suite_parse("m.suite", "memsize 1\nadd_long\n", &s, err,
			   sizeof(err)), -1, "memsize below 4K is refused");
}

int
main(void)
{
	plan_lazy();
	good();
	patterns();
	bad("add_long\nno_such_test\n", "bad.suite:2: unknown test 'no_such_test'");
	bad("add_long\nadd_long\n", "bad.suite:2: test 'add_long' listed twice");
	bad("# x\nduration -3\nadd_long\n", "bad.suite:2: bad duration");
	bad("runs 0\nadd_long\n", "bad.suite:1: bad runs");
	bad("filesize 5Q\nadd_long\n", "bad.suite:1: bad file size");
	bad("colour blue\nadd_long\n", "bad.suite:1: unknown setting 'colour'");
	bad("# only comments\n", "bad.suite: names no tests");
	bad("duration 1\nadd_long\nduration 2\n",
	    "bad.suite:3: 'duration' given twice (first on line 1)");
	bad("runs 2\nruns 2\nadd_long\n", "bad.suite:2: 'runs' given twice");
	bad("filesize 1M\nFILESIZE: 2M\nadd_long\n",
	    "bad.suite:2: 'filesize' given twice");
	parse_numbers();
	tags();
	hidden_tags();
	return done_testing();
}
