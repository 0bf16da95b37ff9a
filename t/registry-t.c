// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The registry against the classic reference table: 60 tests, in classic
 * order, each with exactly AIM9's number, name, factor and units; and the
 * descriptors against the catalog, which alone holds those facts.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim_test.h"
#include "tap.h"

static void
check_row(size_t i, int num, const char *name, unsigned long factor,
	  const char *units)
{
	const struct aim_test *t = i < aim_tests_count() ? aim_tests[i] : NULL;

	if (!ok(t != NULL, "row %d (%s) is registered", num, name))
		return;
	is_int(t->info->number, num, "%s: number", name);
	is_string(t->info->name, name, "%s: name in classic position %zu", name, i + 1);
	is_int((int64_t)aim_test_factor(t, 5120), (int64_t)factor,
	       "%s: factor at the classic 5M file size", name);
	is_string(t->info->units, units, "%s: units", name);
	ok(t->run != NULL, "%s: has a run function", name);
	ok(aim_test_find(name) == t, "%s: found by name", name);
	ok(t->info == &catalog_tests[i] && catalog_find(name) == t->info,
	   "%s: its facts are catalog row %zu", name, i + 1);
}

/* Every catalog row has its descriptor, and the names are unique. */
static void
check_catalog(void)
{
	for (size_t i = 0; i < CATALOG_COUNT; i++) {
		const struct catalog_test *c = &catalog_tests[i];
		const struct aim_test *t = aim_test_find(c->name);

		ok(t != NULL && t->info == c && catalog_find(c->name) == c,
		   "catalog %s: one descriptor points at it", c->name);
		ok(c->better == MEASURE_HIGHER && c->factor > 0 &&
		   (c->number > 100) == (i >= CATALOG_CLASSIC),
		   "catalog %s: a rate, higher is better, numbered as %s",
		   c->name, i < CATALOG_CLASSIC ? "classic" : "extra");
	}
	for (size_t i = 0; aim_extra_tests[i] != NULL; i++)
		ok(aim_extra_tests[i]->info == &catalog_tests[CATALOG_CLASSIC + i],
		   "extra %s: catalog row %zu", aim_extra_tests[i]->info->name,
		   CATALOG_CLASSIC + i + 1);
	ok(catalog_find("no_such_test") == NULL,
	   "the catalog does not know unknown names");
	is_int((int64_t)catalog_factor(catalog_find("sync_disk_cp"), 64), 32,
	       "catalog factors follow the file size");
}

/*
 * The families' rows, one descriptor each, numbered from 201 after the
 * classic and extra ones; a cold variant flushes before every call.
 */
static void
check_family(void)
{
	size_t n = 0, good = 0;

	for (; aim_family_tests[n] != NULL; n++) {
		const struct aim_test *t = aim_family_tests[n];
		const char *name = t->info->name;
		int cold = strstr(name, "_cold") != NULL;

		good += t->info == &catalog_tests[CATALOG_MEMFAM_FIRST + n] &&
			t->info->number == MEMFAM_FIRST_NUMBER + (int)n &&
			strncmp(name, "mem_", 4) == 0 &&
			strcmp(t->info->units, "Bytes/second") == 0 &&
			t->run != NULL && t->per_call && t->param != 0 &&
			(t->prepare != NULL) == cold &&
			aim_test_find(name) == t;
	}
	is_int((int64_t)n, (int64_t)CATALOG_MEMFAM_COUNT,
	       "one family descriptor per family row");
	is_int((int64_t)good, (int64_t)n,
	       "each is its row, numbered from 201, timed per call");
	ok(CATALOG_MEMFAM_FIRST == CATALOG_CLASSIC + 1,
	   "the family's rows follow the classic and extra ones");
	is_int((int64_t)aim_test_factor(aim_test_find("mem_copy_movsb_4k_hot"),
					5120), 4096,
	       "a 4 KiB copy counts 4096 bytes per call");
	is_int((int64_t)aim_test_factor_sized(
			aim_test_find("mem_clear_stosq_llc_cold"), 5120, 12345, 0),
	       12345, "the size above the LLC counts the run's bytes");
	is_int((int64_t)aim_test_factor_sized(
			aim_test_find("mem_zerocmp_libc_2g_hot"), 5120, 12345,
			1 << 20), 1 << 20,
	       "zero-page memcmp counts the run's --zerosize bytes");
	is_int((int64_t)aim_test_factor(aim_test_find("mem_zerocmp_libc_2g_cold"),
					5120), 2048L << 20,
	       "and 2 GiB by default");
	ok(aim_test_find("mem_copyuse_movnti_2m_cold") != NULL &&
	   aim_test_find("mem_clear_libc_1m_hot") != NULL,
	   "use after write and every size are there");
}

int
main(void)
{
	char path[4096], line[512];
	size_t i = 0;
	FILE *f;

	plan_lazy();
	snprintf(path, sizeof(path), "%s/t/data/aim9-tests.tsv", tap_srcdir());
	f = fopen(path, "r");
	if (f == NULL)
		bail("cannot open %s", path);
	if (fgets(line, sizeof(line), f) == NULL)
		bail("%s is empty", path);
	while (fgets(line, sizeof(line), f) != NULL) {
		char name[64], units[256];
		unsigned long factor;
		int num;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%d\t%63[^\t]\t%lu\t%255[^\n]", &num, name,
			   &factor, units) != 4)
			bail("bad reference line: %s", line);
		check_row(i++, num, name, factor, units);
	}
	(void)fclose(f);
	is_int((int64_t)i, 60, "the reference has 60 tests");
	is_int((int64_t)CATALOG_CLASSIC, 60, "the catalog has 60 classic rows");
	check_catalog();
	check_family();
	is_int((int64_t)aim_tests_count(), 60, "the registry has 60 tests");
	ok(aim_tests[60] == NULL, "the registry is NULL-terminated");
	ok(aim_test_find("no_such_test") == NULL, "unknown names are not found");
	is_int((int64_t)aim_test_factor(aim_test_find("disk_rr"), 1024), 1024,
	       "disk factors follow the file size");
	is_int((int64_t)aim_test_factor(aim_test_find("sync_disk_rw"), 1024), 512,
	       "sync disk factors are half the file size");
	return done_testing();
}
