// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the tag order of aimplot: tricky lists of kernel releases
 * must come out in version order whatever order they went in, and tags
 * that are not versions follow by date.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tagorder.h"
#include "tap.h"
#include "xalloc.h"

/* Lists already in version order; each is shuffled and sorted back. */
static const char *const lists[][9] = {
	{ "2.6.20", "2.6.21-rc1", "2.6.21-rc4", "2.6.21",
	  "2.6.21-quicklist", "2.6.22", NULL },
	{ "6.8", "6.9-rc1", "6.9-rc7", "6.9", "6.10-rc1", "6.10", "6.11",
	  NULL },
	{ "6.1.0-rc3", "6.1.0-rc3+", "6.1.0-rc4", "6.1.0", "6.1.0+", NULL },
	{ "5.10.0", "5.10.0-3-amd64", "5.10.0-20-amd64", "5.10.0-21-amd64",
	  "5.15.0-1-amd64", NULL },
	{ "2.6.16", "2.6.16.1", "2.6.16.9", "2.6.16.10", "2.6.17-rc2",
	  "2.6.17-rc10", "2.6.17", NULL },
	{ "v4.19", "v5.4", "v5.10-rc1", "v5.10", "6.1.0-rc1", "v6.1",
	  "6.1.1", NULL },
	{ "4294967295.1", "4294967296.1", "99999999999999999999999.1",
	  NULL },
	{ "6.1~rc2", "6.1-rc3", "6.1.rc4", "6.1_rc5", "6.1rc6", "6.1", NULL },
};

static size_t
count(const char *const *l)
{
	size_t n = 0;

	while (l[n] != NULL)
		n++;
	return n;
}

/* Sort a scrambled copy of L (all dates equal) and compare. */
static void
check_list(const char *const *l, size_t which, size_t rotate)
{
	size_t n = count(l);
	struct tagorder_item *it = xcalloc(n, sizeof(*it));
	int same = 1;

	for (size_t i = 0; i < n; i++) {
		/* Reversed and rotated: no tag starts where it should end. */
		it[i].tag = l[(n - 1 - i + rotate) % n];
		it[i].first_utc = "2024-01-01T00:00:00Z";
		it[i].first_id = (int64_t)i;
	}
	tagorder_sort(it, n, TAGORDER_VERSION);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(it[i].tag, l[i]) != 0) {
			diag("position %zu: got %s, want %s", i, it[i].tag, l[i]);
			same = 0;
		}
	}
	ok(same, "list %zu (%s .. %s), rotation %zu, in version order", which,
	   l[0], l[n - 1], rotate);
	free(it);
}

static void
check_looks(void)
{
	static const char *const yes[] = {
		"6.1", "v6.1", "V2.6.21", "2.6.21-rc4", "5.10.0-21-amd64",
		"6.1.0-rc3+", "2.6.21-quicklist", "0.0",
	};
	static const char *const no[] = {
		"", "6", "v", "6.", "6.x", ".6.1", "bare", "quicklist",
		"2024-05-01", "vv6.1", "-6.1", " 6.1",
	};

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		ok(tagorder_is_version(yes[i]), "'%s' looks like a version",
		   yes[i]);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		ok(!tagorder_is_version(no[i]),
		   "'%s' does not look like a version", no[i]);
}

static void
check_cmp(void)
{
	is_int(tagorder_version_cmp("v6.1", "6.1.0"), 0,
	       "v6.1 and 6.1.0 are the same release");
	is_int(tagorder_version_cmp("6.1-rc1", "6.1.0-rc1"), 0,
	       "6.1-rc1 and 6.1.0-rc1 are the same");
	is_int(tagorder_version_cmp("2.6.21-RC1", "2.6.21-rc1"), 0,
	       "rc in capitals is an rc");
	is_int(tagorder_version_cmp("5.10.0-007", "5.10.0-7"), 0,
	       "leading zeros in a suffix do not count");
	ok(tagorder_version_cmp("6.9", "6.10") < 0, "6.9 < 6.10 (numbers)");
	ok(tagorder_version_cmp("6.10", "6.9") > 0, "6.10 > 6.9");
	ok(tagorder_version_cmp("2.6.21-rc4", "2.6.21") < 0,
	   "an rc comes before its release");
	ok(tagorder_version_cmp("2.6.21-quicklist", "2.6.21") > 0,
	   "a suffix comes after its base");
	ok(tagorder_version_cmp("2.6.21-quicklist", "2.6.22-rc1") < 0,
	   "a suffixed release comes before the next rc");
	ok(tagorder_version_cmp("6.1", "bare") < 0,
	   "a version comes before a tag that is not one");
	ok(tagorder_version_cmp("bare", "6.1") > 0,
	   "and the other way round");
}

static void
join(const struct tagorder_item *a, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s %s %s %s", a[0].tag, a[1].tag, a[2].tag,
		 a[3].tag, a[4].tag);
}

static void
check_modes(void)
{
	struct tagorder_item it[] = {
		{ "bare", "2024-03-02T10:00:00Z", 5 },
		{ "6.9", "2024-03-03T10:00:00Z", 9 },
		{ "quicklist", "2024-03-01T10:00:00Z", 2 },
		{ "6.8", "2024-03-04T10:00:00Z", 12 },
		{ "alpha", "2024-03-01T10:00:00Z", 1 },
	};
	struct tagorder_item w[5];
	enum tagorder_mode m;
	char got[128];

	memcpy(w, it, sizeof(w));
	tagorder_sort(w, 5, TAGORDER_VERSION);
	join(w, got, sizeof(got));
	is_string(got, "6.8 6.9 alpha quicklist bare",
		  "version: versions first, then the others by date, ties by run id");
	memcpy(w, it, sizeof(w));
	tagorder_sort(w, 5, TAGORDER_DATE);
	join(w, got, sizeof(got));
	is_string(got, "alpha quicklist bare 6.9 6.8",
		  "date: by first run date, ties by run id");
	memcpy(w, it, sizeof(w));
	tagorder_sort(w, 5, TAGORDER_GIVEN);
	join(w, got, sizeof(got));
	is_string(got, "bare 6.9 quicklist 6.8 alpha", "given: unchanged");
	ok(tagorder_mode_parse("date", &m) == 0 && m == TAGORDER_DATE,
	   "mode 'date' parses");
	ok(tagorder_mode_parse("given", &m) == 0 && m == TAGORDER_GIVEN,
	   "mode 'given' parses");
	ok(tagorder_mode_parse("version", &m) == 0 && m == TAGORDER_VERSION,
	   "mode 'version' parses");
	ok(tagorder_mode_parse("Version", &m) < 0, "unknown mode refused");
	is_string(tagorder_mode_name(TAGORDER_DATE), "date", "mode name");
}

/* Equal versions keep a defined order: by date, then as given. */
static void
check_ties(void)
{
	struct tagorder_item it[] = {
		{ "6.1.0", "2024-03-02T00:00:00Z", 7 },
		{ "v6.1", "2024-03-01T00:00:00Z", 3 },
		{ "6.1", "2024-03-02T00:00:00Z", 7 },
	};

	tagorder_sort(it, 3, TAGORDER_VERSION);
	is_string(it[0].tag, "v6.1", "equal versions: earlier run first");
	is_string(it[1].tag, "6.1.0", "equal date and id: as given");
	is_string(it[2].tag, "6.1", "equal date and id: as given (2)");
}

int
main(void)
{
	plan_lazy();
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		for (size_t r = 0; r < 3; r++)
			check_list(lists[i], i, r);
	check_looks();
	check_cmp();
	check_modes();
	check_ties();
	return done_testing();
}
