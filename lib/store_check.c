/*
 * The forms of the values a copy of a run brings with it (aimdb import of
 * the JSON export, aimdb merge), checked before they are stored: exactly
 * those the store itself writes, so a copy is indistinguishable from the
 * original and a hostile file cannot plant a time or identity that
 * readers would order, compare or print otherwise.  And the schema
 * version this build writes, which needs no connection.
 */
#include "config.h"

#include "store.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "schema.h"

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
