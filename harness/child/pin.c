// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPU affinity of the test process.  A pinned test shares its CPU with
 * nothing aimrun starts, and a pinned run is compared only with pinned
 * runs (report/compare/compare_env.c): the CPU it waited for is a different
 * machine to the statistics.
 */
#include "config.h"

#include "pin.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

/* "0-3,6" for SET, into BUF. */
static void
set_text(const cpu_set_t *set, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int c = 0; c < CPU_SETSIZE && used < len; c++) {
		int end = c, n;

		if (!CPU_ISSET(c, set))
			continue;
		while (end + 1 < CPU_SETSIZE && CPU_ISSET(end + 1, set))
			end++;
		n = end > c ? snprintf(buf + used, len - used, "%s%d-%d",
				       used ? "," : "", c, end)
			    : snprintf(buf + used, len - used, "%s%d",
				       used ? "," : "", c);
		if (n < 0)
			return;
		used += (size_t)n;
		c = end;
	}
}

int
pin_check(long cpu, char *err, size_t errlen)
{
	cpu_set_t set;
	char have[64];

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) != 0) {
		snprintf(err, errlen, "cannot read the CPUs this process may use: %s",
			 strerror(errno));
		return -1;
	}
	if (cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET((int)cpu, &set))
		return 0;
	set_text(&set, have, sizeof(have));
	snprintf(err, errlen, "CPU %ld is not among the CPUs this process may use (%s)",
		 cpu, have);
	return -1;
}

int
pin_self(int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int
pin_enter(int cpu, struct pin_saved *saved)
{
	CPU_ZERO(&saved->set);
	if (sched_getaffinity(0, sizeof(saved->set), &saved->set) != 0)
		return -1;
	return pin_self(cpu);
}

void
pin_restore(const struct pin_saved *saved)
{
	/* The set was ours a moment ago: it can only fail if CPUs went away. */
	(void)sched_setaffinity(0, sizeof(saved->set), &saved->set);
}
