// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SIGKILL in the middle of storing a result: a writer process is killed
 * while it inserts a large result, at several moments.  Afterwards the
 * database passes integrity_check, holds every result whole or not at
 * all, and the next writer works.  This is the all-or-nothing promise of
 * one transaction per result, made deterministic by the size of the write.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "storefx.h"
#include "tap.h"
#include "xalloc.h"

/* Enough rows that storing them takes far longer than the first delay. */
#define BIG 200000

static void
child_store(const char *path, int64_t run_id, int ready_fd)
{
	struct measure_sample *s = xcalloc(BIG, sizeof(*s));
	struct record_result res = storefx_result("add_long", 1, "ok");
	char err[256];
	struct store *st = store_open(path, STORE_RW, err, sizeof(err));

	if (st == NULL)
		_exit(2);
	for (size_t i = 0; i < BIG; i++) {
		s[i].calls = 100 + (int64_t)i;
		s[i].elapsed_ns = 1000000;
		s[i].printed_ops = -1;
	}
	if (write(ready_fd, "r", 1) != 1)
		_exit(3);
	/* Never reached before the kill at the short delays. */
	_exit(storefx_add(st, run_id, &res, s, BIG) == 0 ? 0 : 4);
}

/* Kill a writer DELAY_MS after it started storing.  1 when it was killed. */
static int
kill_writer(const char *path, int64_t run_id, long delay_ms)
{
	struct timespec ts = { delay_ms / 1000, (delay_ms % 1000) * 1000000L };
	int fds[2], status = 0;
	char c;
	pid_t pid;

	if (pipe(fds) != 0)
		bail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		bail("fork: %s", strerror(errno));
	if (pid == 0) {
		(void)close(fds[0]);
		child_store(path, run_id, fds[1]);
	}
	(void)close(fds[1]);
	if (read(fds[0], &c, 1) != 1)
		bail("the writer did not start");
	(void)close(fds[0]);
	(void)nanosleep(&ts, NULL);
	(void)kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

static void
check_after(const char *path, long delay_ms, int killed)
{
	char err[256], buf[256];
	struct store *st = store_open(path, STORE_RW, err, sizeof(err));
	sqlite3 *db = storefx_handle(st);

	if (!ok(st != NULL, "after a kill at %ld ms the next writer opens it",
		delay_ms)) {
		diag("%s", err);
		return;
	}
	is_string(storefx_text(db, "PRAGMA integrity_check", buf, sizeof(buf)),
		  "ok", "kill at %ld ms (%s): integrity_check passes", delay_ms,
		  killed ? "killed while writing" : "finished first");
	is_int(storefx_int(db, "SELECT count(*) FROM result r WHERE"
			   " (SELECT count(*) FROM sample s"
			   "  WHERE s.result_id = r.id) NOT IN (0, 200000)"
			   " OR (status = 'ok' AND NOT EXISTS"
			   "  (SELECT 1 FROM sample s WHERE s.result_id = r.id))"),
	       0, "kill at %ld ms: no half result", delay_ms);
	store_close(st);
}

int
main(void)
{
	static const long delays_ms[] = { 1, 20, 80 };
	struct storefx fx;
	char path[4096];
	struct store *st;
	int64_t run_id;
	int any_killed = 0;

	plan_lazy();
	storefx_init(&fx, "robust-kill");
	storefx_path(&fx, "a.db", path, sizeof(path));
	st = storefx_open_rw(path);
	if (st == NULL)
		bail("cannot create %s", path);
	run_id = storefx_begin(st, &storefx_run, storefx_env, 3);
	store_close(st);
	for (size_t i = 0; i < sizeof(delays_ms) / sizeof(delays_ms[0]); i++) {
		int killed = kill_writer(path, run_id, delays_ms[i]);

		any_killed |= killed;
		check_after(path, delays_ms[i], killed);
	}
	ok(any_killed, "at least one writer was killed in the middle");
	st = storefx_open_rw(path);
	if (st != NULL) {
		struct record_result res = storefx_result("add_int", 1, "ok");

		is_int(storefx_add(st, run_id, &res, storefx_samples, 3), 0,
		       "a result can be added after the kills");
		is_int(store_end_run(st, run_id, "complete"), 0,
		       "and the run can be ended");
		store_close(st);
	}
	return storefx_finish(&fx, done_testing());
}
