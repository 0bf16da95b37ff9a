// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: the comparison tables of lkp compare (the kernel test
 * robot's mails).
 */
#include "config.h"

#include "fuzz.h"
#include "fuzz_import.h"

int
fuzz_check(const uint8_t *data, size_t size)
{
	return fuzz_import(data, size, "lkp-compare");
}
