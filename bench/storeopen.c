// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What aimrun's open per result costs on a database: "storeopen DB [N]"
 * opens DB as aimrun does before each result (store_reopen: for a file
 * its header and version, the costly checks once; for a server a new
 * connection, its mark and version, the comparison of its schema once)
 * and closes it, N times (default 200), and prints the mean milliseconds
 * per open.  "storeopen DB N read" opens it as every reader does, the
 * schema compared each time, "storeopen DB N check" as aimdb check does,
 * without: their difference is what a reader's schema check costs.  DB
 * must exist or be creatable.  Prints figures; asserts nothing.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "parse.h"
#include "store.h"

/* One open of DB as MODE says; NULL with ERR. */
static struct store *
open_as(const char *db, const char *mode, struct store_checked *seen,
	char *err, size_t errlen)
{
	if (strcmp(mode, "read") == 0)
		return store_open(db, STORE_RO, err, errlen);
	if (strcmp(mode, "check") == 0)
		return store_open(db, STORE_CHECK, err, errlen);
	return store_reopen(db, seen, err, errlen);
}

int
main(int argc, char **argv)
{
	struct store_checked seen;
	const char *mode = argc > 3 ? argv[3] : "reopen";
	char err[512];
	long n = 200;
	int64_t t0;

	if (argc < 2 || argc > 4 ||
	    (argc >= 3 && parse_long(argv[2], 1, 1000000, &n) < 0) ||
	    (strcmp(mode, "reopen") != 0 && strcmp(mode, "read") != 0 &&
	     strcmp(mode, "check") != 0)) {
		fprintf(stderr, "usage: storeopen DB [N [reopen|read|check]]\n");
		return 1;
	}
	memset(&seen, 0, sizeof(seen));
	t0 = clock_mono_ns();
	for (long i = 0; i < n; i++) {
		struct store *st = open_as(argv[1], mode, &seen, err,
					   sizeof(err));

		if (st == NULL) {
			fprintf(stderr, "storeopen: %s\n", err);
			return 2;
		}
		store_close(st);
	}
	printf("%.3f ms per open (%ld opens)\n",
	       (double)(clock_mono_ns() - t0) / 1e6 / (double)n, n);
	return 0;
}
