/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The contract between a fuzz harness and its two drivers: libFuzzer
 * (fuzz/fuzz_main.c, for `make fuzz`) and the corpus replay that runs in
 * `make check` (fuzz/replay.c), so both exercise exactly the same code.
 */
#ifndef AIM_FUZZ_H
#define AIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/*
 * Feed the SIZE bytes at DATA to the code under test and check what it
 * promises about its result.  0 when every promise held; otherwise -1
 * after one line on stderr saying which one broke.  Must not leak, keep
 * state between calls or write anywhere but stderr.
 */
int fuzz_check(const uint8_t *data, size_t size);

/* "fuzz: broken promise: WHY" on stderr; returns -1. */
int fuzz_broken(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* libFuzzer's entry points, defined in fuzz/fuzz_main.c. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
