/*
 * The forms of the values a copy of a run brings with it (aimdb import of
 * the JSON export, aimdb merge), checked before they are stored: exactly
 * those the store itself writes, so a copy is indistinguishable from the
 * original and a hostile file cannot plant a time or identity that
 * readers would order, compare or print otherwise.  And the schema
 * version this build writes, which needs no connection, and the time and
 * identity of a new run, made here rather than in SQL, which engines
 * spell differently.
 */
#include "config.h"

#include "store.h"

#include <stdio.h>
#include <string.h>
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
store_utc_valid(const char *s)
{
	struct tm tm = { 0 };
	char back[32];
	const char *end;
	time_t t;

	if (s == NULL || strlen(s) != 20)
		return 0;
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0')
		return 0;
	/* Written back, a day or second that does not exist changes. */
	t = timegm(&tm);
	if (t == (time_t)-1 || gmtime_r(&t, &tm) == NULL ||
	    strftime(back, sizeof(back), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return 0;
	return strcmp(back, s) == 0;
}

int
store_uuid_valid(const char *s)
{
	static const char form[] = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";

	if (s == NULL || strlen(s) != sizeof(form) - 1)
		return 0;
	for (size_t i = 0; form[i] != '\0'; i++) {
		if (form[i] == '-' ? s[i] != '-' :
				     strchr("0123456789abcdef", s[i]) == NULL ||
				     s[i] == '\0')
			return 0;
	}
	return 1;
}

int
store_run_check(const struct store_run *run, char *err, size_t errlen)
{
	const char *bad = NULL;

	if (run->uuid != NULL && !store_uuid_valid(run->uuid))
		bad = "uuid is not lower-case 8-4-4-4-12 hex";
	else if (run->started_utc != NULL && !store_utc_valid(run->started_utc))
		bad = "started_utc is not YYYY-MM-DDTHH:MM:SSZ";
	else if (run->ended_utc != NULL && !store_utc_valid(run->ended_utc))
		bad = "ended_utc is not YYYY-MM-DDTHH:MM:SSZ";
	else if (run->status != NULL && strcmp(run->status, "incomplete") != 0 &&
		 (strcmp(run->status, "complete") != 0 || run->ended_utc == NULL))
		bad = "status is not incomplete, or complete with an end";
	if (bad == NULL)
		return 0;
	snprintf(err, errlen, "cannot store run: %s", bad);
	return -1;
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
