// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing to the results store: round trip of every column, the view,
 * tag changes, nested rollback of an import, and concurrent writers.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "storefx.h"
#include "tap.h"

static int
is_utc_stamp(const char *s)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return strlen(s) == 20 && end != NULL && *end == '\0' &&
	       tm.tm_year >= 120;
}

static int64_t
write_run(struct store *st)
{
	struct record_result ok_res = storefx_result("add_long", 1, "ok");
	struct record_result fail_res = storefx_result("add_long", 2, "fail");
	int64_t id;

	fail_res.reason = "write: No space left on device";
	fail_res.warmup_calls = -1;
	fail_res.warmup_ns = -1;
	fail_res.source_line = 42;
	id = storefx_begin(st, &storefx_run, storefx_env, 3);
	ok(id > 0, "store_begin_run returns an id");
	is_int(storefx_add(st, id, &ok_res, storefx_samples, 3), 0,
	       "store_add_result with three samples");
	is_int(storefx_add(st, id, &fail_res, NULL, 0), 0,
	       "store_add_result without samples");
	return id;
}

static void
check_run_row(sqlite3 *db, int64_t id)
{
	char sql[256], buf[256], start[64];

	snprintf(sql, sizeof(sql), "SELECT tag || '|' || suite || '|' ||"
		 " options || '|' || status || '|' || source || '|' ||"
		 " aim_version || '|' || host || '|' ||"
		 " quote(source_file) FROM run WHERE id = %lld",
		 (long long)id);
	is_string(storefx_text(db, sql, buf, sizeof(buf)),
		  "bare|aim9|duration_s=2 runs=3 filesize_k=5120|complete|"
		  "aimrun|0.1.0|testhost|NULL", "run row text columns");
	snprintf(sql, sizeof(sql),
		 "SELECT started_utc FROM run WHERE id = %lld", (long long)id);
	ok(is_utc_stamp(storefx_text(db, sql, start, sizeof(start))),
	   "started_utc is ISO 8601 UTC (%s)", start);
	snprintf(sql, sizeof(sql),
		 "SELECT ended_utc FROM run WHERE id = %lld", (long long)id);
	storefx_text(db, sql, buf, sizeof(buf));
	ok(is_utc_stamp(buf) && strcmp(buf, start) >= 0,
	   "ended_utc is set, not before started_utc (%s)", buf);
	is_string(storefx_text(db, "SELECT group_concat(key || '=' || value,"
			       " ';') FROM (SELECT key, value FROM run_env"
			       " ORDER BY key)", buf, sizeof(buf)),
		  "cpu.model=Test CPU @ 1.00GHz;thp.enabled=madvise;"
		  "uname.release=6.9.0-rc1", "environment rows");
}

static void
check_results(sqlite3 *db)
{
	char buf[512];

	is_string(storefx_text(db, "SELECT group_concat(r, ';') FROM (SELECT"
			   " number || ',' || test || ',' || rep || ',' ||"
			   " status || ',' || quote(reason) || ',' || factor"
			   " || ',' || units || ',' || quote(warmup_calls) ||"
			   " ',' || quote(warmup_ns) || ',' ||"
			   " quote(source_line) AS r FROM result ORDER BY rep)",
			   buf, sizeof(buf)),
		  "3,add_long,1,ok,NULL,1000,Thousand Long Integer"
		  " Additions/second,50,10000000,0;"
		  "3,add_long,2,fail,'write: No space left on device',1000,"
		  "Thousand Long Integer Additions/second,NULL,NULL,42",
		  "result rows, NULL reason and warm-up kept as NULL");
	storefx_text(db, "SELECT min(finished_utc) FROM result", buf,
		     sizeof(buf));
	ok(is_utc_stamp(buf), "finished_utc (%s)", buf);
	is_string(storefx_text(db, "SELECT group_concat(s, ';') FROM (SELECT"
			   " seq || ',' || calls || ',' || elapsed_ns || ','"
			   " || quote(printed_ops) || ',' || COALESCE((SELECT"
			   " group_concat(metric || '=' || value, ' ') FROM"
			   " (SELECT * FROM sample_metric AS m WHERE"
			   " m.seq = sample.seq ORDER BY metric)), '') AS s"
			   " FROM sample ORDER BY seq)", buf, sizeof(buf)),
		  "1,1000,200000000,NULL,invol_cs=7 vol_cs=3;"
		  "2,1100,210000000,NULL,;3,0,0,4374384.24,invol_cs=0 vol_cs=0",
		  "sample rows with their metrics, unknown ones absent");
	is_string(storefx_text(db, "SELECT group_concat(v, ';') FROM (SELECT"
			   " run_id || ',' || tag || ',' || number || ',' ||"
			   " test || ',' || rep || ',' || seq || ',' || calls"
			   " || ',' || elapsed_ns || ',' ||"
			   " printf('%.2f', ops_per_s) AS v FROM sample_rate"
			   " ORDER BY seq)", buf, sizeof(buf)),
		  "1,bare,3,add_long,1,1,1000,200000000,5000000.00;"
		  "1,bare,3,add_long,1,2,1100,210000000,5238095.24;"
		  "1,bare,3,add_long,1,3,0,0,4374384.24",
		  "sample_rate: calls*factor/s, or the printed rate");
}

/*
 * Since version 9 no key holds a sample to its result nor a metric to
 * its sample: store_remove_runs removes them, a bare DELETE of a result
 * leaves them behind for aimdb check to count.
 */
static void
removing(struct store *st)
{
	sqlite3 *h = storefx_handle(st);
	int64_t samples = storefx_int(h, "SELECT count(*) FROM sample"),
		metrics = storefx_int(h, "SELECT count(*) FROM sample_metric");

	ok(samples > 0 && metrics > 0, "the run has samples (%lld) and metrics"
	   " (%lld)", (long long)samples, (long long)metrics);
	is_int(storefx_orphans(st), 0, "aimdb check: no orphans");
	/* The connection has foreign keys on, as aimdb's will. */
	is_int(sqlite3_exec(h, "SAVEPOINT bare; DELETE FROM run;", NULL, NULL,
			    NULL), SQLITE_OK, "a bare DELETE of the runs...");
	is_int(storefx_int(h, "SELECT count(*) FROM result"), 0,
	       "... cascades to their results");
	is_int(storefx_orphans(st), samples,
	       "... and aimdb check counts the samples it leaves");
	is_int(sqlite3_exec(h, "DELETE FROM sample", NULL, NULL, NULL),
	       SQLITE_OK, "a bare DELETE of the samples...");
	is_int(storefx_orphans(st), metrics, "... leaves the metrics to count");
	is_int(sqlite3_exec(h, "ROLLBACK TO bare; RELEASE bare;", NULL, NULL,
			    NULL), SQLITE_OK, "(rolled back)");
	is_int(store_remove_runs(store_db(st), STORE_RUNS_BY_UUID, "none"), 0,
	       "store_remove_runs of no run");
	is_int(storefx_int(h, "SELECT count(*) FROM sample"), samples,
	       "... removes nothing");
	is_int(store_remove_runs(store_db(st), STORE_RUNS_BY_TAG, "bare"), 0,
	       "store_remove_runs of a tag");
	is_int(storefx_rows(h) + storefx_int(h, "SELECT count(*) FROM"
					     " sample_metric"), 0,
	       "removes its runs, environment, results, samples and metrics");
	is_int(storefx_orphans(st), 0, "and leaves no orphans");
}

static void
test_round_trip(const struct storefx *fx)
{
	char path[PATH_MAX + 32], buf[128];
	struct record_run import = storefx_run;
	struct store *st;
	int64_t id;

	import.source = "import-console";
	import.source_file = "lkml-2007.txt";
	import.host = NULL;
	st = storefx_open_rw(storefx_path(fx, "round.db", path, sizeof(path)));
	if (st == NULL)
		bail("cannot open round.db");
	id = write_run(st);
	is_int(store_end_run(st, id, "complete"), 0, "store_end_run");
	is_int(store_end_run(st, id + 100, "complete"), -1,
	       "store_end_run of a missing run fails");
	ok(strstr(store_errmsg(st), "no such run") != NULL,
	   "and says why: %s", store_errmsg(st));
	is_int(store_end_run(st, id, "done"), -1,
	       "an unknown status is refused");
	ok(storefx_begin(st, &import, NULL, 0) > id, "an import run");
	store_close(st);
	/* Read back on a fresh connection: the data is on disk. */
	st = storefx_open_rw(path);
	if (st == NULL)
		bail("cannot reopen round.db");
	check_run_row(storefx_handle(st), id);
	check_results(storefx_handle(st));
	is_string(storefx_text(storefx_handle(st), "SELECT source || ',' ||"
			       " quote(source_file) || ',' || quote(host) ||"
			       " ',' || status || ',' || quote(ended_utc)"
			       " FROM run WHERE id = 2", buf, sizeof(buf)),
		  "import-console,'lkml-2007.txt',NULL,incomplete,NULL",
		  "import run: file kept, NULL host, still incomplete");
	removing(st);
	store_close(st);
}

static void
test_nested(const struct storefx *fx)
{
	char path[PATH_MAX + 32];
	struct record_result r1 = storefx_result("add_long", 1, "ok");
	struct record_result bad = storefx_result("add_long", 3, "bogus");
	static const struct record_kv bad_env[] = {
		{ "cpu.model", "x" }, { "thp.enabled", NULL },
	};
	struct store *st;
	int64_t id;

	st = storefx_open_rw(storefx_path(fx, "nested.db", path, sizeof(path)));
	if (st == NULL)
		bail("cannot open nested.db");
	is_int(store_begin(st), 0, "store_begin");
	id = write_run(st);
	is_int(store_end_run(st, id, "complete"), 0, "end run inside it");
	store_rollback(st);
	is_int(storefx_rows(storefx_handle(st)), 0,
	       "rollback of the outer transaction leaves nothing");

	is_int(storefx_begin(st, &storefx_run, bad_env, 2), -1,
	       "a NULL environment value fails store_begin_run");
	is_int(storefx_rows(storefx_handle(st)), 0, "and leaves no run behind");
	is_int(store_begin(st), 0, "store_begin again");
	id = storefx_begin(st, &storefx_run, storefx_env, 3);
	is_int(storefx_add(st, id, &r1, storefx_samples, 3), 0,
	       "one result");
	is_int(storefx_add(st, id, &r1, storefx_samples, 2), -1,
	       "a duplicate result fails inside the transaction");
	ok(strstr(store_errmsg(st), "UNIQUE") != NULL, "reason: %s",
	   store_errmsg(st));
	is_int(storefx_add(st, id, &bad, storefx_samples, 1), -1,
	       "a bad status fails");
	is_int(store_commit(st), 0, "the rest still commits");
	is_int(storefx_rows(storefx_handle(st)), 1 + 3 + 1 + 3,
	       "only the good result and its samples are stored");
	is_int(storefx_add(st, id, &bad, storefx_samples, 3), -1,
	       "outside a transaction a bad result fails");
	is_int(storefx_rows(storefx_handle(st)), 8, "and leaves no sample behind");
	is_int(store_commit(st), -1, "commit without store_begin fails");
	store_close(st);
}

/* Child: one run of N results inside a transaction held for HOLD_MS. */
static int
child_writer(const char *path, int n, int hold_ms)
{
	struct record_result r = storefx_result("add_long", 1, "ok");
	struct timespec ts = { 0, hold_ms * 1000000L };
	struct store *st = storefx_open_rw(path);
	int64_t id;
	int i, rc = 0;

	if (st == NULL || store_begin(st) < 0)
		return 1;
	id = storefx_begin(st, &storefx_run, storefx_env, 3);
	for (i = 1; i <= n && id > 0; i++) {
		r.rep = i;
		if (storefx_add(st, id, &r, storefx_samples, 3) < 0)
			rc = 1;
	}
	(void)nanosleep(&ts, NULL);	/* shorter hold is still a valid test */
	if (id <= 0 || rc != 0 || store_commit(st) < 0) {
		diag("writer %d: %s", (int)getpid(), store_errmsg(st));
		rc = 1;
	}
	store_close(st);
	return rc;
}

/* Fork two writers released together by closing a pipe. */
static int
run_writers(const char *path, int n, int hold_ms)
{
	int fds[2], i, failed = 0;
	pid_t pid[2];

	if (pipe(fds) < 0)
		bail("pipe: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			bail("fork: %s", strerror(errno));
		if (pid[i] == 0) {
			char c;

			/*
			 * EOF on the pipe is the start signal; nothing is
			 * ever written, so neither call can lose data.
			 */
			(void)close(fds[1]);
			(void)read(fds[0], &c, 1);
			_exit(child_writer(path, n, hold_ms));
		}
	}
	/* Closing the write end releases both children at once. */
	if (close(fds[0]) < 0 || close(fds[1]) < 0)
		bail("close: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		int status;

		if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			failed++;
	}
	return failed;
}

static void
test_concurrent(const struct storefx *fx)
{
	char path[PATH_MAX + 32], name[32];
	struct store *st;
	int i, failed = 0;

	storefx_path(fx, "busy.db", path, sizeof(path));
	is_int(run_writers(path, 20, 300), 0,
	       "two processes holding write transactions both succeed");
	st = storefx_open_rw(path);
	if (st != NULL)
		is_int(storefx_int(storefx_handle(st),
				   "SELECT count(*) FROM result"),
		       40, "both processes' results are stored");
	store_close(st);
	for (i = 0; i < 10; i++) {
		snprintf(name, sizeof(name), "race%d/aim.db", i);
		storefx_path(fx, name, path, sizeof(path));
		failed += run_writers(path, 2, 0);
	}
	is_int(failed, 0,
	       "two processes creating the same new file both succeed");
}

static void
test_locked(const struct storefx *fx)
{
	char path[PATH_MAX + 32];
	struct store *a, *b;

	a = storefx_open_rw(storefx_path(fx, "locked.db", path, sizeof(path)));
	b = storefx_open_rw(path);
	if (a == NULL || b == NULL)
		bail("cannot open locked.db twice");
	/* Shorten the wait so the test does not sit out the 10 s default. */
	if (sqlite3_busy_timeout(storefx_handle(b), 50) != SQLITE_OK)
		bail("cannot shorten the busy timeout");
	is_int(store_begin(a), 0, "one connection holds the write lock");
	is_int(storefx_begin(b, &storefx_run, storefx_env, 3), -1,
	       "the other gives up after its busy timeout");
	ok(strstr(store_errmsg(b), "database is locked") != NULL,
	   "reason: %s", store_errmsg(b));
	store_rollback(a);
	ok(storefx_begin(b, &storefx_run, storefx_env, 3) > 0,
	   "and succeeds once the lock is free");
	store_close(a);
	store_close(b);
}

int
main(void)
{
	struct storefx fx;

	plan_lazy();
	storefx_init(&fx, "store-t");
	test_round_trip(&fx);
	test_nested(&fx);
	test_concurrent(&fx);
	test_locked(&fx);
	return storefx_finish(&fx, done_testing());
}
