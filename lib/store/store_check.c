// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the store makes by itself: the schema version this build writes,
 * which needs no connection, and the time and identity of a new run,
 * made here rather than in SQL, which engines spell differently, in the
 * forms record_check (lib/core/record_check.c) takes from a copy.
 */
#include "config.h"

#include "store.h"

#include <stdio.h>
#include <sys/random.h>
#include <time.h>

#include "schema_ver.h"
#include "store_int.h"

int
store_schema_version(void)
{
	return schema_version();
}

int
store_now_utc(char *buf, size_t len, char *err, size_t errlen)
{
	/* A stored date, never an interval: the wall clock is what it means. */
	time_t t = time(NULL);
	struct tm tm;

	if (t == (time_t)-1 || gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) != 20) {
		snprintf(err, errlen, "cannot read the time of day");
		return -1;
	}
	return 0;
}

int
store_new_uuid(char *buf, size_t len, char *err, size_t errlen)
{
	unsigned char r[16];
	int n;

	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r)) {
		snprintf(err, errlen, "cannot make a run's uuid: %m");
		return -1;
	}
	r[6] = (unsigned char)((r[6] & 0x0f) | 0x40);	/* version 4 */
	r[8] = (unsigned char)((r[8] & 0x3f) | 0x80);	/* variant 10 */
	n = snprintf(buf, len, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		     "%02x%02x%02x%02x%02x%02x", r[0], r[1], r[2], r[3], r[4],
		     r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13],
		     r[14], r[15]);
	if (n != 36) {
		snprintf(err, errlen, "cannot make a run's uuid: no room");
		return -1;
	}
	return 0;
}
