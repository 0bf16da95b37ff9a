// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a store on a PostgreSQL server (lib/store/store_pg.c,
 * lib/store/schema_pg.c): creation once when several processes start at
 * once, reopening, and the refusals a file gets (empty for a reader,
 * newer, foreign, other tables), each leaving the schema as it was.
 * Skips without a server.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db.h"
#include "pgfx.h"
#include "schema_ver.h"
#include "schema_pg.h"
#include "store_pg.h"
#include "tap.h"

#define RELATIONS "SELECT count(*) FROM pg_class AS c JOIN pg_namespace" \
	" AS n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"

/* store_pg_open refuses with a reason holding WANT. */
static void
refused(const struct pgfx *fx, int writable, const char *want,
	const char *what)
{
	char err[512] = "";
	struct db *db = store_pg_open(fx->conninfo, writable ? STORE_RW :
				      STORE_RO, NULL, err, sizeof(err));

	ok(db == NULL && strstr(err, want) != NULL, "%s %s: %s",
	   writable ? "a writer" : "a reader", what, err);
	db_close(db);
}

static int
opens(const struct pgfx *fx, int writable)
{
	char err[512];
	struct db *db = store_pg_open(fx->conninfo, writable ? STORE_RW :
				      STORE_RO, NULL, err, sizeof(err));

	if (db == NULL)
		diag("%s", err);
	db_close(db);
	return db != NULL;
}

static void
test_create(const struct pgfx *fx)
{
	refused(fx, 0, "no results in this database", "of an empty schema");
	is_int(pgfx_int(fx, RELATIONS), 0, "which stays empty");
	ok(opens(fx, 1), "a writer creates the schema");
	is_int(pgfx_int(fx, "SELECT version FROM aimkit_schema"),
	       schema_pg_version(), "at this build's version");
	is_int(pgfx_int(fx, "SELECT application_id FROM aimkit_schema"),
	       SCHEMA_APPLICATION_ID, "marked as aimkit's");
	is_int(schema_pg_version(), schema_version(),
	       "the version both engines create is the same");
	ok(opens(fx, 1) && opens(fx, 0), "a writer and a reader open it again");
	is_int(pgfx_int(fx, "SELECT count(*) FROM aimkit_schema"), 1,
	       "one version row");
	/*
	 * A schema of version 5: what versions 6 to 9 added taken away,
	 * and the keys version 9 dropped given back.
	 */
	pgfx_exec(fx, "ALTER TABLE sample ADD FOREIGN KEY (result_id)"
		  " REFERENCES result (id) ON DELETE CASCADE;"
		  " ALTER TABLE sample_metric ADD FOREIGN KEY (result_id, seq)"
		  " REFERENCES sample (result_id, seq) ON DELETE CASCADE;"
		  " DROP TABLE result_monitor; DROP TABLE kernel_log;"
		  " DROP TABLE plan_event; DROP TABLE plan_boot;"
		  " DROP TABLE plan_kernel; DROP TABLE plan;"
		  " DROP TABLE run_summary; DROP INDEX run_started;"
		  " DROP INDEX run_host; UPDATE aimkit_schema SET version = 5");
	ok(opens(fx, 0), "a reader opens a schema of version 5");
	is_int(pgfx_int(fx, "SELECT version FROM aimkit_schema"), 5,
	       "and leaves it as it is");
	ok(opens(fx, 1), "a writer opens it");
	is_int(pgfx_int(fx, "SELECT version FROM aimkit_schema"),
	       schema_pg_version(), "and migrates it to this build's version");
	is_int(pgfx_int(fx, "SELECT count(*) FROM result_monitor") +
	       pgfx_int(fx, "SELECT count(*) FROM kernel_log"), 0,
	       "with the monitors' and the kernel log's tables");
}

static void
test_refusals(struct pgfx *fx)
{
	long long before = pgfx_int(fx, RELATIONS);
	int v = schema_pg_version();
	char sql[128], why[128];

	snprintf(sql, sizeof(sql), "UPDATE aimkit_schema SET version = %d",
		 v + 1);
	pgfx_exec(fx, sql);
	snprintf(why, sizeof(why), "database schema version %d is newer than"
		 " this aimkit (%d)", v + 1, v);
	refused(fx, 1, why, "of a newer schema");
	refused(fx, 0, "is newer than this aimkit", "of a newer schema");
	is_int(pgfx_int(fx, "SELECT version FROM aimkit_schema"), v + 1,
	       "which is left as it was");
	snprintf(sql, sizeof(sql), "UPDATE aimkit_schema SET version = %d,"
		 " application_id = 1", v);
	pgfx_exec(fx, sql);
	refused(fx, 1, "not an aimkit database (application_id 0x1)",
		"of another mark");
	pgfx_exec(fx, "UPDATE aimkit_schema SET application_id = 1095322937;"
		  " INSERT INTO aimkit_schema VALUES (1095322937, 6)");
	refused(fx, 0, "damaged database", "of two version rows");
	is_int(pgfx_int(fx, RELATIONS), before, "nothing was added");

	pgfx_new_schema(fx, "foreign");
	pgfx_exec(fx, "CREATE TABLE theirs (x INTEGER)");
	refused(fx, 1, "not an aimkit database (it holds other tables)",
		"of a schema holding another program's table");
	is_int(pgfx_int(fx, RELATIONS), 1, "which stays alone there");
}

/* Writers starting at once on an empty schema: each opens, one creates. */
static void
test_race(struct pgfx *fx)
{
	enum { N = 4 };
	pid_t pid[N];
	int good = 1, status;

	pgfx_new_schema(fx, "race");
	for (int i = 0; i < N; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			bail("fork failed");
		if (pid[i] == 0)
			_exit(opens(fx, 1) ? 0 : 1);
	}
	for (int i = 0; i < N; i++)
		good &= waitpid(pid[i], &status, 0) == pid[i] &&
			WIFEXITED(status) && WEXITSTATUS(status) == 0;
	ok(good, "%d writers opening an empty schema at once all open it", N);
	is_int(pgfx_int(fx, "SELECT count(*) FROM aimkit_schema"), 1,
	       "and it was created once");
}

int
main(void)
{
	struct pgfx fx;
	char err[512] = "";

	plan_lazy();
	pgfx_init(&fx, "storepg");
	test_create(&fx);
	test_refusals(&fx);
	test_race(&fx);
	ok(store_pg_open("host=/nonexistent/dir dbname=x", STORE_RW, NULL, err,
			 sizeof(err)) == NULL &&
	   strncmp(err, "cannot connect", 14) == 0, "no server: %s", err);
	return pgfx_finish(&fx, done_testing());
}
