// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the store makes itself for a new run and result, in C since SQL
 * engines spell it differently: a random version 4 uuid per run, and the
 * times now in UTC, in the forms record_uuid_valid and record_utc_valid
 * take.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "store.h"
#include "storefx.h"
#include "tap.h"

/* S is a version 4 uuid (the fixed nibbles of RFC 9562). */
static int
is_v4(const char *s)
{
	return record_uuid_valid(s) && s[14] == '4' &&
	       strchr("89ab", s[19]) != NULL;
}

/* S is a UTC time within a minute of the time of day. */
static int
is_now(const char *s)
{
	struct tm tm = { 0 };
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	time_t t = end != NULL ? timegm(&tm) : (time_t)-1, now = time(NULL);

	return record_utc_valid(s) && t != (time_t)-1 && t <= now + 60 &&
	       t >= now - 60;
}

/* One text answer of SQL on ST, in BUF. */
static const char *
text(struct store *st, const char *sql, char *buf, size_t len)
{
	return storefx_text(storefx_handle(st), sql, buf, len);
}

int
main(void)
{
	struct record_result res = storefx_result("add_long", 1, "ok");
	char err[256], a[128] = "", b[128] = "", t[128] = "";
	struct store *st = store_open_memory(err, sizeof(err));
	int64_t one, two;

	plan(8);
	if (st == NULL)
		bail("in-memory database: %s", err);
	one = storefx_begin(st, &storefx_run, storefx_env, 3);
	two = storefx_begin(st, &storefx_run, NULL, 0);
	ok(one > 0 && two > one, "two new runs are stored");
	ok(storefx_add(st, one, &res, storefx_samples, 3) == 0 &&
	   store_end_run(st, one, "complete") == 0, "a result, the end");
	ok(is_v4(text(st, "SELECT uuid FROM run WHERE id = 1", a, sizeof(a))) &&
	   is_v4(text(st, "SELECT uuid FROM run WHERE id = 2", b, sizeof(b))),
	   "each got a version 4 uuid (%s, %s)", a, b);
	ok(strcmp(a, b) != 0, "not the same one");
	ok(is_now(text(st, "SELECT started_utc FROM run WHERE id = 1", t,
		       sizeof(t))), "started now, in UTC: %s", t);
	ok(is_now(text(st, "SELECT ended_utc FROM run WHERE id = 1", t,
		       sizeof(t))), "ended now: %s", t);
	ok(is_now(text(st, "SELECT finished_utc FROM result", t, sizeof(t))),
	   "the result finished now: %s", t);
	is_string(text(st, "SELECT status || ' ' || COALESCE(ended_utc,"
		       " 'open') FROM run WHERE id = 2", t, sizeof(t)),
		  "incomplete open", "a run not ended is incomplete");
	store_close(st);
	return done_testing();
}
