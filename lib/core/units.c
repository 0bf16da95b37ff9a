// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The short units of a narrow table, found by the text of the units in
 * the catalog (each row's brief units): units are stored data and never
 * change for a test that has results (lib/core/catalog.c), so a result
 * read from any database or import gets the same short form as a fresh
 * one.
 */
#include "config.h"

#include "units.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"

#define THOUSAND "Thousand "
#define PER_SECOND "/second"

const char *
units_brief(const char *units, char *buf, size_t len)
{
	size_t n, k = strlen(THOUSAND), s = strlen(PER_SECOND);
	int thousand, per_second;

	if (units == NULL)
		units = "";
	for (size_t i = 0; i < CATALOG_COUNT; i++)
		if (strcmp(units, catalog_tests[i].units) == 0) {
			(void)snprintf(buf, len, "%s", catalog_tests[i].brief);
			return buf;
		}
	if (strcmp(units, CATALOG_CMD_UNITS) == 0) {
		(void)snprintf(buf, len, "%s", CATALOG_CMD_BRIEF);
		return buf;
	}
	/* Another tool's units: the two long words that every table has. */
	thousand = strncmp(units, THOUSAND, k) == 0;
	n = strlen(units);
	units += thousand ? k : 0;
	n -= thousand ? k : 0;
	per_second = n >= s && strcmp(units + n - s, PER_SECOND) == 0;
	(void)snprintf(buf, len, "%s%.*s%s", thousand ? "k " : "",
		       (int)(per_second ? n - s : n), units,
		       per_second ? "/s" : "");
	return buf;
}
