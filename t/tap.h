/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small TAP emitter for the unit tests, in the manner of c-tap-harness:
 * every assertion is one "ok"/"not ok" line that the Automake TAP driver
 * shows on its own.
 */
#ifndef AIM_TAP_H
#define AIM_TAP_H

#include <stdint.h>

/* Announce N planned assertions (call once, first). */
void plan(int n);
/* Plan decided at the end: done_testing() prints 1..N. */
void plan_lazy(void);
/* Skip the whole program with a reason; exits 0. */
void skip_all(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* One assertion each; return the truth of the check. */
int ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int is_int(int64_t got, int64_t want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int is_double(double got, double want, double eps, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int is_string(const char *got, const char *want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "# ..." diagnostic on stdout. */
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Stop everything: "Bail out! ..." then exit 255. */
void bail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Print the lazy plan if any; returns the exit status (0 when all passed). */
int done_testing(void);

/* Source and build directories of the tree (AIM_SRCDIR/AIM_BUILDDIR, else "."). */
const char *tap_srcdir(void);
const char *tap_builddir(void);

#endif
