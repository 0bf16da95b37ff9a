/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every engine's schema shares and readers need without speaking
 * to SQLite: the version this build writes, the oldest readers use as it
 * is, and how an old file's results were judged.
 */
#ifndef AIM_SCHEMA_VER_H
#define AIM_SCHEMA_VER_H

#include <stddef.h>
#include <stdint.h>

/* PRAGMA application_id of an aimkit database: "AIM9" in ASCII. */
#define SCHEMA_APPLICATION_ID 0x41494d39

/* Version this build creates: the number of migration steps. */
int schema_version(void);

/*
 * The oldest version whose tables readers use as they are: a reader opens
 * any version from this one up without migrating it.  A step that
 * changes a table or view readers query must raise it.
 */
#define SCHEMA_READ_MIN 1

/*
 * The version whose step made result_monitor and kernel_log, the kernel's
 * monitors and log of each result: readers of an older file find none.
 */
#define SCHEMA_KERNEL_VERSION 8

/*
 * Version 9: a sample's result and a metric's sample are held by their
 * writer, not checked by a foreign key.  PostgreSQL checks a key with a
 * query of its own for every row inserted, and a run brings 1,800
 * samples and 3,600 metrics: those checks were most of what a server
 * spent on a push (doc/fleet.md).  The writer cannot leave an orphan:
 * store_rows.c and store_put.c write a result's samples and their
 * metrics from the one record, in the transaction of the result.  What
 * removes runs removes their samples and metrics first
 * (store_remove_runs), and aimdb check counts the rows a hand-made
 * change left without a parent (SCHEMA_HELD_ORPHANS).
 */
#define SCHEMA_HELD_VERSION 9

/* The samples and metrics without a parent: one row, one count. */
#define SCHEMA_HELD_ORPHANS \
	"SELECT (SELECT count(*) FROM sample AS s WHERE NOT EXISTS" \
	" (SELECT 1 FROM result AS x WHERE x.id = s.result_id))" \
	" + (SELECT count(*) FROM sample_metric AS m WHERE NOT EXISTS" \
	" (SELECT 1 FROM sample AS s WHERE s.result_id = m.result_id" \
	" AND s.seq = m.seq))"

/*
 * The tests whose results were judged on their fastest interval before
 * the result row said so itself (version 4): the migration marks them,
 * and a reader of an older file treats them the same way.
 */
#define SCHEMA_PEAK_TESTS \
	"('add_double', 'add_float', 'add_long', 'add_int', 'add_short'," \
	" 'div_double', 'div_float', 'div_long', 'div_int', 'div_short'," \
	" 'calibrate', 'fun_cal', 'fun_cal1', 'fun_cal2', 'fun_cal15'," \
	" 'jmp_test', 'matrix_rtns', 'array_rtns', 'mem_rtns_1'," \
	" 'mem_rtns_2', 'ram_copy', 'mul_double', 'mul_float', 'mul_long'," \
	" 'mul_int', 'mul_short', 'new_raph', 'series_1', 'num_rtns_1'," \
	" 'trig_rtns', 'sieve', 'sort_rtns_1')"

/*
 * Version 6: what aimdb list shows of a run, kept by the writer in the
 * transaction of each result (store_summary.c), so that a listing reads
 * a row a run instead of every sample of a fleet's year: the tests with
 * a result, the ok results and the samples; filled here for the runs a
 * database holds already (one without results gets zeros).  And the
 * indexes by which readers find the newest runs and a machine's.  INT is
 * the engine's 64-bit integer.  A released step never changes: a later
 * change is a step of its own.  SCHEMA_SUMMARY_VERSION is the version
 * it makes, from which readers take the counts from the summaries.
 */
#define SCHEMA_SUMMARY_VERSION 6
#define SCHEMA_STEP_SUMMARY(INT) \
	"CREATE TABLE run_summary (\n" \
	"\trun_id " INT " PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,\n" \
	"\tn_tests " INT " NOT NULL,\n" \
	"\tn_ok " INT " NOT NULL,\n" \
	"\tn_samples " INT " NOT NULL\n" \
	");\n" \
	"INSERT INTO run_summary (run_id, n_tests, n_ok, n_samples)\n" \
	"\tSELECT u.id, (SELECT COUNT(DISTINCT r.test) FROM result AS r\n" \
	"\t\tWHERE r.run_id = u.id),\n" \
	"\t\t(SELECT COUNT(*) FROM result AS r\n" \
	"\t\tWHERE r.run_id = u.id AND r.status = 'ok'),\n" \
	"\t\t(SELECT COUNT(*) FROM result AS r\n" \
	"\t\tJOIN sample AS s ON s.result_id = r.id WHERE r.run_id = u.id)\n" \
	"\tFROM run AS u;\n" \
	"CREATE INDEX run_started ON run (started_utc, id);\n" \
	"CREATE INDEX run_host ON run (host, started_utc, id);\n"

/*
 * The reasons for refusing another program's database (APP_ID its mark,
 * 0 when it has none but holds tables) and a newer one (VERSION), the
 * same for a file and a PostgreSQL schema (schema.c);
 * schema_check_ro is 0 when a reader may use VERSION, else -1 with the
 * reason.
 */
void schema_set_foreign(char *err, size_t errlen, int64_t app_id);

/*
 * A schema comparison's callback (schema_verify, schema_pg_verify) that
 * keeps the first difference as the reason for refusing the database,
 * "damaged database: PROBLEM (aimdb check lists every problem)", in the
 * struct schema_first it is given.
 */
struct schema_first {
	char *err;
	size_t errlen;
	int n;
};

void schema_first_problem(const char *problem, void *arg);
void schema_set_newer(char *err, size_t errlen, int64_t version);
int schema_check_ro(int version, char *err, size_t errlen);

#endif
