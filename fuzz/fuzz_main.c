// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer glue: a broken promise becomes a crash, which is what
 * libFuzzer records and minimises; everything else is in fuzz_check().
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "log.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	log_set_program("fuzz");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (fuzz_check(data, size) != 0)
		abort();
	return 0;
}
