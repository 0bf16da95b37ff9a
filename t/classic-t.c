// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic console table, byte for byte: header, rows, the skip row,
 * and fields that widen rather than truncate.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic.h"
#include "tap.h"

static char *
capture(int (*fn)(FILE *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL || fn(f, arg) != 0)
		bail("cannot format into memory");
	if (fclose(f) != 0)
		bail("cannot close memory stream");
	return buf;
}

static int
header(FILE *f, void *arg)
{
	return classic_print_header(f);
}

struct row {
	int number;
	const char *name;
	int64_t ns, calls;
	unsigned long factor;
	const char *units;
};

static int
row(FILE *f, void *arg)
{
	const struct row *r = arg;

	return classic_print_row(f, r->number, r->name, r->ns, r->calls,
				 r->factor, r->units);
}

static int
skiprow(FILE *f, void *arg)
{
	return classic_print_skip(f, 39, "new_raph");
}

int
main(void)
{
	const char *dashes = "------------------------------------------------"
		"------------------------------------------------------------\n";
	struct row add = { 3, "add_long", 5020000000LL, 167, 60000,
			   "Thousand Long Integer Additions/second" };
	struct row ram = { 60, "ram_copy", 5000000000LL, 710208, 25020,
			   "Memory to Memory Copy/second" };
	char *s, want[1024];

	plan(5);
	s = capture(header, NULL);
	snprintf(want, sizeof(want), "%s%s%s%s", dashes,
		 " Test        Test        Elapsed  Iteration    Iteration          Operation\n",
		 "Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n",
		 dashes);
	is_string(s, want, "header: rule, two heading lines, rule");
	ok(strlen(dashes) == 109, "the rule is 108 dashes");
	free(s);
	s = capture(row, &add);
	is_string(s, "     3 add_long             5.02        167   33.26693      1996015.94 Thousand Long Integer Additions/second\n",
		  "row matches the published AIM9 layout");
	free(s);
	s = capture(row, &ram);
	is_string(s, "    60 ram_copy             5.00     710208 142041.60000   3553880832.00 Memory to Memory Copy/second\n",
		  "wide values widen their field");
	free(s);
	s = capture(skiprow, NULL);
	is_string(s, "    39 new_raph        Skipping to next test.\n",
		  "failed test row");
	free(s);
	return done_testing();
}
