// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What aimrun's open per result costs on a database: "storeopen DB [N]"
 * opens DB as aimrun does before each result (store_reopen: for a file
 * its header and version, the costly checks once; for a server a new
 * connection and the checks of its schema) and closes it, N times
 * (default 200), and prints the mean milliseconds per open.  DB must
 * exist or be creatable.  Prints figures; asserts nothing.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "parse.h"
#include "store.h"

int
main(int argc, char **argv)
{
	struct store_checked seen;
	char err[512];
	long n = 200;
	int64_t t0;

	if (argc < 2 || argc > 3 ||
	    (argc == 3 && parse_long(argv[2], 1, 1000000, &n) < 0)) {
		fprintf(stderr, "usage: storeopen DB [N]\n");
		return 1;
	}
	memset(&seen, 0, sizeof(seen));
	t0 = clock_mono_ns();
	for (long i = 0; i < n; i++) {
		struct store *st = store_reopen(argv[1], &seen, err,
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
