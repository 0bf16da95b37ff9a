// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A copy of a run through the store API (lib/store/store.h): the given uuid,
 * times and status are stored as given, NULL still means now and new,
 * and a value in any other form than the store writes is refused with
 * a reason naming it, nothing stored.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "store.h"
#include "storefx.h"
#include "tap.h"

#define UUID "0f8fad5b-d9cb-469f-a165-70867728950e"

static struct store *
fresh(void)
{
	char err[256];
	struct store *st = store_open_memory(err, sizeof(err));

	if (st == NULL)
		bail("in-memory database: %s", err);
	return st;
}

static void
given_kept(void)
{
	struct store *st = fresh();
	struct record_run run = storefx_run;
	struct record_result res = { .number = 3, .test = "add_long", .rep = 1,
				    .status = "ok", .factor = 1, .units = "u",
				    .warmup_calls = 5, .warmup_ns = -1,
				    .copies = 1,
				    .finished_utc = "2020-02-29T23:59:59Z" };
	char buf[128];
	int64_t id;

	run.uuid = UUID;
	run.started_utc = "2020-02-29T23:00:00Z";
	run.ended_utc = "2020-03-01T00:00:00Z";
	run.status = "complete";
	id = storefx_begin(st, &run, storefx_env, 3);
	ok(id > 0, "a run with its own uuid, times and status is stored");
	ok(storefx_add(st, id, &res, storefx_samples, 2) == 0,
	   "... and a result with its own finish time");
	is_string(storefx_text(storefx_handle(st), "SELECT uuid || ' ' ||"
			       " started_utc || ' ' || ended_utc || ' ' ||"
			       " status FROM run", buf, sizeof(buf)),
		  UUID " 2020-02-29T23:00:00Z 2020-03-01T00:00:00Z complete",
		  "they are stored as given");
	is_string(storefx_text(storefx_handle(st), "SELECT finished_utc ||"
			       " ' ' || warmup_calls || ' ' ||"
			       " COALESCE(warmup_ns, 'null') FROM result",
			       buf, sizeof(buf)),
		  "2020-02-29T23:59:59Z 5 null", "... the result's too");
	res.rep = 2;
	res.finished_utc = "2020-02-30T00:00:00Z";
	ok(storefx_add(st, id, &res, storefx_samples, 2) < 0 &&
	   strstr(store_errmsg(st), "finished_utc") != NULL,
	   "a finish time of no real date is refused (%s)", store_errmsg(st));
	run = storefx_run;
	id = storefx_begin(st, &run, storefx_env, 3);
	is_int(storefx_int(storefx_handle(st), "SELECT COUNT(*) FROM run WHERE"
			   " status = 'incomplete' AND ended_utc IS NULL AND"
			   " uuid <> '" UUID "' AND started_utc >= '2026'"),
	       1, "NULL still means a new uuid, started now, not ended");
	store_close(st);
}

static void
refused(const char *field, const char *value, const char *why)
{
	struct store *st = fresh();
	struct record_run run = storefx_run;

	if (strcmp(field, "uuid") == 0)
		run.uuid = value;
	else if (strcmp(field, "started_utc") == 0)
		run.started_utc = value;
	else if (strcmp(field, "status") == 0)
		run.status = value;
	ok(storefx_begin(st, &run, storefx_env, 3) < 0 &&
	   strstr(store_errmsg(st), why) != NULL &&
	   storefx_int(storefx_handle(st), "SELECT COUNT(*) FROM run") == 0,
	   "%s \"%s\" is refused (%s)", field, value, store_errmsg(st));
	store_close(st);
}

/* Field, value: each refused with a reason naming the field. */
static const char *const bad[][2] = {
	{ "uuid", "0F8FAD5B-D9CB-469F-A165-70867728950E" },
	{ "uuid", "0f8fad5bd9cb469fa16570867728950e" },
	{ "uuid", "0f8fad5b-d9cb-469f-a165-70867728950" },
	{ "uuid", "0f8fad5b-d9cb-469f-a165-70867728950g" },
	{ "started_utc", "2021-02-29T00:00:00Z" },
	{ "started_utc", "2021-01-01 00:00:00Z" },
	{ "started_utc", "2021-01-01T00:00:00+01:00" },
	{ "started_utc", "2021-01-01T24:00:00Z" },
	{ "started_utc", "2021-1-01T00:00:00Z" },
	{ "status", "complete" },	/* without an end */
	{ "status", "done" },
};

int
main(void)
{
	plan_lazy();
	given_kept();
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refused(bad[i][0], bad[i][1], bad[i][0]);
	ok(record_utc_valid("1970-01-01T00:00:00Z") &&
	   !record_utc_valid("1970-01-01T00:00:60Z") && !record_utc_valid(""),
	   "record_utc_valid takes the form of the store, of a real second");
	return done_testing();
}
