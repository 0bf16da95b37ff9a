/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Suites: plain text files naming tests, with optional settings.
 *
 *   # comment            blank lines are ignored
 *   duration 2           timed period per test run (seconds, or 250ms)
 *   runs 3               repetitions, each in a fresh process
 *   filesize 5M          disk test file size (also AIM9's "FILESIZE: 5M")
 *   memsize 1024M        the mem family's size above the last-level cache
 *   add_long             one test name per line
 *   mem_copy_*_4k_*      or a pattern (fnmatch(3)): every test it matches
 *
 * Tests always run in catalog order (classic order first), as AIM9's
 * singleuser did.
 */
#ifndef AIM_SUITE_H
#define AIM_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "aim_test.h"

struct suite {
	char *name;			/* suite name or file path */
	const struct aim_test **tests;	/* classic order */
	size_t n_tests;
	int64_t duration_ns;		/* 0 when the suite does not say */
	long runs;			/* 0 when the suite does not say */
	unsigned long filesize_k;	/* 0 when the suite does not say */
	unsigned long memsize_k;	/* 0 when the suite does not say */
};

/*
 * Parse the suite file PATH into S.  On error returns -1 with
 * "PATH:LINE: why" (or "PATH: strerror") in ERR and S untouched.
 */
int suite_load(const char *path, struct suite *s, char *err, size_t errlen);

/* Parse text (the contents of a suite file) named NAME; as suite_load. */
int suite_parse(const char *name, const char *text, struct suite *s,
		char *err, size_t errlen);

/*
 * A suite from a comma-separated list of test names or patterns
 * ("a,b,mem_*_4k_hot").  On an unknown or repeated name, or a pattern
 * that matches nothing, returns -1 with the reason in ERR.
 */
int suite_from_list(const char *list, struct suite *s, char *err,
		    size_t errlen);

void suite_free(struct suite *s);

/*
 * The suites of DIR: the names of its "*.suite" files without the
 * ending, sorted, malloc'd; *N of them (none when DIR cannot be read).
 * Free with suite_names_free().
 */
char **suite_names(const char *dir, size_t *n);
void suite_names_free(char **names, size_t n);

/*
 * What to say of NAME, which names no suite of DIR: the suites near it
 * (" (did you mean mem?)"), else all of them (" (suites: aim9, cpu)"),
 * made printable, into BUF; returns BUF.
 */
const char *suite_suggest(const char *dir, const char *name, char *buf,
			  size_t len);

#endif
