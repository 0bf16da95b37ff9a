/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One body for the import harnesses, which differ only in the format
 * they ask the parser for (fuzz-import-*.c).
 */
#ifndef AIM_FUZZ_IMPORT_H
#define AIM_FUZZ_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "import.h"

/* fuzz_check() for the importer FORMAT names ("auto": detected). */
int fuzz_import(const uint8_t *data, size_t size, const char *format);

#endif
