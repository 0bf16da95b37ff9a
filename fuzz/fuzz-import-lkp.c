// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: the import parser of lkp-tests' aim9.json,
 * stats.json and matrix.json.
 */
#include "config.h"

#include "fuzz.h"
#include "fuzz_import.h"

int
fuzz_check(const uint8_t *data, size_t size)
{
	return fuzz_import(data, size, "lkp");
}
