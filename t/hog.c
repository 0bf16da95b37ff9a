// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A CPU hog for t/noise-hog.sh: "hog CPU SECONDS" pins itself to CPU and
 * spins for SECONDS (at most 60).  Exit 77 when the CPU cannot be had.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "clock.h"
#include "pin.h"

int
main(int argc, char **argv)
{
	volatile unsigned long sink = 0;
	long cpu, secs;
	int64_t end;

	if (argc != 3 || (cpu = strtol(argv[1], NULL, 10)) < 0 || cpu > 8191 ||
	    (secs = strtol(argv[2], NULL, 10)) < 1 || secs > 60) {
		fprintf(stderr, "usage: hog CPU SECONDS\n");
		return 2;
	}
	if (pin_self((int)cpu) != 0) {
		perror("hog: sched_setaffinity");
		return 77;
	}
	end = clock_mono_ns() + secs * 1000000000LL;
	while (clock_mono_ns() < end)
		for (int i = 0; i < 100000; i++)
			sink = sink + (unsigned long)i;
	return 0;
}
