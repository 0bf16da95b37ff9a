// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The migration steps of an SQLite file, in order: the append-only list
 * schema.c applies under PRAGMA user_version, each step's SQL once.
 */
#include "config.h"

#include "schema.h"

#include "schema_plan.h"
#include "schema_ver.h"
#include "store_plan.h"

/* 1e9 first keeps calls * factor from overflowing 64-bit integers. */
#define SAMPLE_RATE_VIEW \
	"CREATE VIEW sample_rate AS\n" \
	"\tSELECT r.run_id AS run_id, u.tag AS tag, r.number AS number,\n" \
	"\t\tr.test AS test, r.rep AS rep, s.seq AS seq,\n" \
	"\t\ts.calls AS calls, s.elapsed_ns AS elapsed_ns,\n" \
	"\t\tCOALESCE(s.printed_ops,\n" \
	"\t\t\t1e9 * s.calls * r.factor / s.elapsed_ns) AS ops_per_s\n" \
	"\tFROM sample AS s\n" \
	"\tJOIN result AS r ON r.id = s.result_id\n" \
	"\tJOIN run AS u ON u.id = r.run_id;\n"

/* The columns and key of sample_metric, made by versions 3 and 9. */
#define SAMPLE_METRIC_COLUMNS \
	"\tresult_id INTEGER NOT NULL,\n" \
	"\tseq INTEGER NOT NULL,\n" \
	"\tmetric TEXT NOT NULL,\n" \
	"\tbound INTEGER NOT NULL DEFAULT 0,\n" \
	"\tvalue INTEGER NOT NULL,\n" \
	"\tPRIMARY KEY (result_id, seq, metric, bound)"

/*
 * Version 1.  Each script ends by setting user_version to its own number;
 * PRAGMA takes no bound parameters, so the number is part of the text
 * rather than formatted in.  1095322937 is SCHEMA_APPLICATION_ID.
 */
static const char migration_1[] =
	"CREATE TABLE run (\n"
	"\tid INTEGER PRIMARY KEY,\n"
	"\ttag TEXT NOT NULL,\n"
	"\tsuite TEXT NOT NULL,\n"
	"\toptions TEXT NOT NULL,\n"
	"\tstarted_utc TEXT NOT NULL,\n"
	"\tended_utc TEXT,\n"
	"\tstatus TEXT NOT NULL\n"
	"\t\tCHECK (status IN ('incomplete', 'complete')),\n"
	"\tsource TEXT NOT NULL,\n"
	"\tsource_file TEXT,\n"
	"\taim_version TEXT NOT NULL,\n"
	"\thost TEXT\n"
	");\n"
	"CREATE INDEX run_tag ON run (tag);\n"
	"CREATE TABLE run_env (\n"
	"\trun_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,\n"
	"\tkey TEXT NOT NULL,\n"
	"\tvalue TEXT NOT NULL,\n"
	"\tPRIMARY KEY (run_id, key)\n"
	");\n"
	"CREATE TABLE result (\n"
	"\tid INTEGER PRIMARY KEY,\n"
	"\trun_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,\n"
	"\tnumber INTEGER NOT NULL,\n"
	"\ttest TEXT NOT NULL,\n"
	"\trep INTEGER NOT NULL,\n"
	"\tstatus TEXT NOT NULL\n"
	"\t\tCHECK (status IN ('ok', 'skip', 'fail', 'timeout', 'crash')),\n"
	"\treason TEXT,\n"
	"\tfactor INTEGER NOT NULL,\n"
	"\tunits TEXT NOT NULL,\n"
	"\tfinished_utc TEXT NOT NULL,\n"
	"\twarmup_calls INTEGER,\n"
	"\twarmup_ns INTEGER,\n"
	"\tsource_line INTEGER,\n"
	"\tUNIQUE (run_id, test, rep)\n"
	");\n"
	"CREATE TABLE sample (\n"
	"\tresult_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,\n"
	"\tseq INTEGER NOT NULL,\n"
	"\tcalls INTEGER NOT NULL,\n"
	"\telapsed_ns INTEGER NOT NULL,\n"
	"\tprinted_ops REAL,\n"
	"\tvol_cs INTEGER,\n"
	"\tinvol_cs INTEGER,\n"
	"\tPRIMARY KEY (result_id, seq)\n"
	");\n"
	SAMPLE_RATE_VIEW
	"PRAGMA application_id = 1095322937;\n"
	"PRAGMA user_version = 1;\n";

/* Version 2: the content hash of every imported file, per run. */
static const char migration_2[] =
	"CREATE TABLE run_import (\n"
	"\trun_id INTEGER PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,\n"
	"\tsha256 TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX run_import_sha256 ON run_import (sha256);\n"
	"PRAGMA user_version = 2;\n";

/*
 * Version 3: the metrics of a sample as rows of one table, so a new
 * metric is a new name, not a new column.  A histogram bucket is a row
 * whose bound is the bucket's upper bound; other kinds store bound 0.
 * The context switches of the old columns move over, and the columns go.
 */
static const char migration_3[] =
	"CREATE TABLE sample_metric (\n"
	SAMPLE_METRIC_COLUMNS ",\n"
	"\tFOREIGN KEY (result_id, seq) REFERENCES sample (result_id, seq)\n"
	"\t\tON DELETE CASCADE\n"
	") WITHOUT ROWID;\n"
	"INSERT INTO sample_metric (result_id, seq, metric, value)\n"
	"\tSELECT result_id, seq, 'vol_cs', vol_cs FROM sample\n"
	"\tWHERE vol_cs IS NOT NULL;\n"
	"INSERT INTO sample_metric (result_id, seq, metric, value)\n"
	"\tSELECT result_id, seq, 'invol_cs', invol_cs FROM sample\n"
	"\tWHERE invol_cs IS NOT NULL;\n"
	"ALTER TABLE sample DROP COLUMN vol_cs;\n"
	"ALTER TABLE sample DROP COLUMN invol_cs;\n"
	"PRAGMA user_version = 3;\n";

/*
 * Version 4: what a result measured travels with it (how its rate is
 * judged, which direction is better), so readers need no compiled list
 * of tests; and every run gets the identity that copies and merges keep.
 */
static const char migration_4[] =
	"ALTER TABLE result ADD COLUMN judged TEXT NOT NULL DEFAULT 'mean'\n"
	"\tCHECK (judged IN ('mean', 'peak'));\n"
	"ALTER TABLE result ADD COLUMN better TEXT NOT NULL DEFAULT 'higher'\n"
	"\tCHECK (better IN ('higher', 'lower'));\n"
	"UPDATE result SET judged = 'peak' WHERE test IN "
	SCHEMA_PEAK_TESTS ";\n"
	"ALTER TABLE run ADD COLUMN uuid TEXT;\n"
	"UPDATE run SET uuid = " SCHEMA_NEW_UUID ";\n"
	"CREATE UNIQUE INDEX run_uuid ON run (uuid);\n"
	"PRAGMA user_version = 4;\n";

/*
 * Version 5: how many copies of the test ran at once (aimrun --copies).
 * A result's samples are then the sums of its copies' calls per interval.
 * The old uniqueness (run, test, rep) stays: a run that sweeps copy
 * counts numbers the repetitions on through the counts.
 */
static const char migration_5[] =
	"ALTER TABLE result ADD COLUMN copies INTEGER NOT NULL DEFAULT 1\n"
	"\tCHECK (copies >= 1);\n"
	"PRAGMA user_version = 5;\n";

/* Version 6: run summaries and the readers' indexes (schema_ver.h). */
static const char migration_6[] =
	SCHEMA_STEP_SUMMARY("INTEGER")
	"PRAGMA user_version = 6;\n";

/*
 * Version 8 (SCHEMA_KERNEL_VERSION): what the kernel counted and logged
 * while a result ran: the changes of its monitors (lib/core/monitor.h)
 * over its warm-up and timed samples, non-zero ones only, and its log's
 * lines of level warning and above.
 */
static const char migration_kernel[] =
	"CREATE TABLE result_monitor (\n"
	"\tresult_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,\n"
	"\tsource TEXT NOT NULL,\n"
	"\tname TEXT NOT NULL,\n"
	"\tvalue INTEGER NOT NULL,\n"
	"\tPRIMARY KEY (result_id, source, name)\n"
	") WITHOUT ROWID;\n"
	"CREATE TABLE kernel_log (\n"
	"\tresult_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,\n"
	"\tseq INTEGER NOT NULL,\n"
	"\tlevel INTEGER NOT NULL CHECK (level BETWEEN 0 AND 7),\n"
	"\tfacility INTEGER NOT NULL CHECK (facility >= 0),\n"
	"\tusec INTEGER NOT NULL,\n"
	"\ttext TEXT NOT NULL,\n"
	"\tPRIMARY KEY (result_id, seq)\n"
	");\n"
	"PRAGMA user_version = 8;\n";

/*
 * Version 9 (SCHEMA_HELD_VERSION): samples and their metrics without
 * foreign keys, held by their writer instead (schema_ver.h).  SQLite
 * drops a key only by making the table again: each table is renamed,
 * made anew and filled from the old, the metrics first so that no key
 * refers to the samples when they are renamed, and the view over the
 * samples is made again after, so that renaming does not rewrite it.
 */
static const char migration_held[] =
	"DROP VIEW sample_rate;\n"
	"ALTER TABLE sample_metric RENAME TO sample_metric_old;\n"
	"CREATE TABLE sample_metric (\n"
	SAMPLE_METRIC_COLUMNS "\n"
	") WITHOUT ROWID;\n"
	"INSERT INTO sample_metric (result_id, seq, metric, bound, value)\n"
	"\tSELECT result_id, seq, metric, bound, value\n"
	"\tFROM sample_metric_old;\n"
	"DROP TABLE sample_metric_old;\n"
	"ALTER TABLE sample RENAME TO sample_old;\n"
	"CREATE TABLE sample (\n"
	"\tresult_id INTEGER NOT NULL,\n"
	"\tseq INTEGER NOT NULL,\n"
	"\tcalls INTEGER NOT NULL,\n"
	"\telapsed_ns INTEGER NOT NULL,\n"
	"\tprinted_ops REAL,\n"
	"\tPRIMARY KEY (result_id, seq)\n"
	");\n"
	"INSERT INTO sample (result_id, seq, calls, elapsed_ns, printed_ops)\n"
	"\tSELECT result_id, seq, calls, elapsed_ns, printed_ops\n"
	"\tFROM sample_old;\n"
	"DROP TABLE sample_old;\n"
	SAMPLE_RATE_VIEW
	"PRAGMA user_version = 9;\n";

static const char *const migrations[] = {
	migration_1,
	migration_2,
	migration_3,
	migration_4,
	migration_5,
	migration_6,
	/*
	 * The boot plans of aimplan, at their number (store_plan.h): a step
	 * put before them without moving that number is an error of
	 * -Woverride-init, not a silent swap.
	 */
	[STORE_PLAN_SCHEMA - 1] = schema_plan_sqlite,
	/* The kernel's monitors and log, after the plans. */
	[SCHEMA_KERNEL_VERSION - 1] = migration_kernel,
	[SCHEMA_HELD_VERSION - 1] = migration_held,
};

int
schema_version(void)
{
	return (int)(sizeof(migrations) / sizeof(migrations[0]));
}

const char *
schema_step(int i)
{
	return i >= 0 && i < schema_version() ? migrations[i] : NULL;
}
