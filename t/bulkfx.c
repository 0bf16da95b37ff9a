// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * t/bulkfx.h: written against lib/store/db.h alone, so that both engines
 * run the same body.  Many rows go through a server's COPY, a few through
 * its one INSERT: each is tried.  The rows are those the store writes
 * (lib/store/store_rows.c), written here through db.h itself: the store
 * takes only text every path carries (record_check), and this is about
 * what the engine's own forms keep of any value.
 */
#include "config.h"

#include "bulkfx.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "store.h"
#include "dbval.h"
#include "tap.h"

/* What COPY's text form must escape, and what looks like its escapes. */
static const char *const hostile[] = {
	"tab\there", "new\nline", "carriage\rreturn", "back\\slash",
	"\\N", "\\.", "\\", "\t", "\n", "", "end\\", "\\t not a tab",
	"caf\xc3\xa9 \xe2\x80\xae", "a\tb\nc\rd\\e",
};
#define N_HOSTILE (sizeof(hostile) / sizeof(hostile[0]))

/* Extreme values the schema takes, NaN and a negative rate as NULL. */
static const double rates[] = {
	0.0, DBL_MAX, DBL_MIN, 4.9406564584124654e-324, 0.1, 1e15 / 3.0,
	-1.0, NAN,
};
#define N_RATES (sizeof(rates) / sizeof(rates[0]))

/* The run's facts: what a bulk row of its environment refers to. */
static const char *const run_of[] = {
	"tag\twith\ntabs\\N", "s\\", "o\r", "bulk-t", "1", "h\t",
};

/* Run the rows of a bulk statement B of NCOLS values are to be added. */
static int
flush_or_fail(struct db_stmt *b, int rc)
{
	if (rc == 0 && db_bulk_flush(b) < 0)
		rc = -1;
	db_finalize(b);
	return rc;
}

/* A new run of RUN_OF's facts (its uuid from N and DUP_AT): its id. */
static int64_t
insert_run(struct db *db, size_t n, int dup_at)
{
	struct db_stmt *q = db_prepare(db, "INSERT INTO run (tag, suite,"
				       " options, started_utc, status, source,"
				       " aim_version, host, uuid) VALUES (?, ?,"
				       " ?, '2024-01-01T00:00:00Z',"
				       " 'incomplete', ?, ?, ?, ?) RETURNING id");
	char uuid[40];
	int64_t id = -1;
	int ok = q != NULL;

	snprintf(uuid, sizeof(uuid), "00000000-0000-4000-8000-%012zu",
		 n * 100 + (size_t)(dup_at + 1));
	for (int i = 0; i < 6 && ok; i++)
		ok = db_bind_text(q, i + 1, run_of[i]) == 0;
	if (ok && db_bind_text(q, 7, uuid) == 0 && db_step(q) == DB_ROW)
		id = db_column_int64(q, 0);
	db_finalize(q);
	return id;
}

/* A run whose environment has N of the hostile keys and values. */
static int64_t
add_run(struct db *db, size_t n, int dup_at)
{
	static const char *const cols[] = { "run_id", "key", "value" };
	char keys[N_HOSTILE][48];
	struct db_stmt *b;
	int64_t id;
	int rc = 0;

	if (db_begin(db) < 0)
		return -1;
	id = insert_run(db, n, dup_at);
	b = id > 0 ? db_bulk_prepare(db, "run_env", cols, 3) : NULL;
	rc = b != NULL ? 0 : -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		snprintf(keys[i], sizeof(keys[i]), "%02zu %s", i, hostile[i]);
		if (db_bind_int64(b, 1, id) < 0 ||
		    db_bind_text(b, 2, keys[(int)i == dup_at ? 0 : i]) < 0 ||
		    db_bind_text(b, 3, hostile[(i + 3) % N_HOSTILE]) < 0 ||
		    db_bulk_row(b) < 0)
			rc = -1;
	}
	if (b != NULL)
		rc = flush_or_fail(b, rc);
	if (rc == 0 && db_commit(db) == 0)
		return id;
	db_rollback(db);
	return -1;
}

/* Every key and value of RUN's environment as added; 1 when all are. */
static int
env_same(struct db *db, int64_t run, size_t n)
{
	struct db_stmt *q = db_prepare(db, "SELECT key, value FROM run_env"
				       " WHERE run_id = ? ORDER BY key");
	char key[48];
	size_t i = 0;
	int same = q != NULL && db_bind_int64(q, 1, run) == 0;

	while (same && db_step(q) == DB_ROW) {
		snprintf(key, sizeof(key), "%02zu %s", i, hostile[i]);
		same = i < n && strcmp(db_column_text(q, 0), key) == 0 &&
		       strcmp(db_column_text(q, 1),
			      hostile[(i + 3) % N_HOSTILE]) == 0;
		if (!same)
			diag("row %zu: %s", i, db_column_text(q, 0));
		i++;
	}
	db_finalize(q);
	return same && i == n;
}

static void
fill(struct measure_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		measure_init(&s[i], (int)i + 1);
		s[i].calls = i % 2 ? INT64_MAX : 1;
		s[i].elapsed_ns = i % 3 ? INT64_MAX - (int64_t)i : 0;
		s[i].printed_ops = rates[i % N_RATES];
		measure_set(&s[i].m, MEASURE_VOL_CS, i % 2 ? INT64_MAX : 0);
		measure_set(&s[i].m, MEASURE_PAGE_FAULTS, (int64_t)i);
	}
}

/* The id SQL (of RUN and TEST bound) answers, or -1. */
static int64_t
one_id(struct db *db, const char *sql, int64_t run, const char *test)
{
	struct db_stmt *q = db_prepare(db, sql);
	int64_t id = -1;

	if (q != NULL && db_bind_int64(q, 1, run) == 0 &&
	    db_bind_text(q, 2, test) == 0 && db_step(q) == DB_ROW)
		id = db_column_int64(q, 0);
	db_finalize(q);
	return id;
}

/* The id of RUN's result TEST, or -1. */
static int64_t
result_id(struct db *db, int64_t run, const char *test)
{
	return one_id(db, "SELECT id FROM result WHERE run_id = ? AND"
		      " test = ?", run, test);
}

/* The rows of one sample as S would have them stored; 1 when they are. */
static int
sample_same(struct db_stmt *q, const struct measure_sample *s)
{
	double want = s->printed_ops;

	if (db_column_int64(q, 1) != s->calls ||
	    db_column_int64(q, 2) != s->elapsed_ns)
		return 0;
	if (!(want >= 0.0))
		return db_column_is_null(q, 3);
	return !db_column_is_null(q, 3) &&
	       memcmp(&(double){ db_column_double(q, 3) }, &want,
		      sizeof(want)) == 0;
}

/* Result ID's samples and metrics, value for value those of S. */
static int
samples_same(struct db *db, int64_t id, const struct measure_sample *s,
	     size_t n)
{
	struct db_stmt *q = db_prepare(db, "SELECT seq, calls, elapsed_ns,"
				       " printed_ops FROM sample WHERE"
				       " result_id = ? ORDER BY seq");
	struct db_stmt *m = db_prepare(db, "SELECT seq, metric, value FROM"
				       " sample_metric WHERE result_id = ?");
	size_t i = 0, rows = 0;
	int same = q != NULL && m != NULL && db_bind_int64(q, 1, id) == 0 &&
		   db_bind_int64(m, 1, id) == 0;

	for (; same && db_step(q) == DB_ROW; i++)
		same = i < n && db_column_int64(q, 0) == (int64_t)i + 1 &&
		       sample_same(q, &s[i]);
	for (; same && db_step(m) == DB_ROW; rows++) {
		int64_t seq = db_column_int64(m, 0), v;
		const char *name = db_column_text(m, 1);
		int mid = measure_lookup(name, strlen(name));

		same = seq >= 1 && seq <= (int64_t)n && mid >= 0 &&
		       measure_get(&s[seq - 1].m, mid, &v) &&
		       v == db_column_int64(m, 2);
	}
	db_finalize(q);
	db_finalize(m);
	if (!same)
		diag("sample %zu or metric row %zu differs", i, rows);
	return same && i == n && rows == 2 * n;
}

/* A result row of RUN named TEST: its id, or -1. */
static int64_t
insert_result(struct db *db, int64_t run, const char *test)
{
	return one_id(db, "INSERT INTO result (run_id, number, test, rep,"
		      " status, factor, units, finished_utc) VALUES (?, 1, ?,"
		      " 1, 'ok', 1, 'u\t\\N\n', '2024-01-01T00:00:00Z')"
		      " RETURNING id", run, test);
}

/* The N samples S of result ID and their metrics, as store_rows.c sends them. */
static int
add_samples(struct db *db, int64_t id, const struct measure_sample *s,
	    size_t n)
{
	static const char *const scols[] = { "result_id", "seq", "calls",
					     "elapsed_ns", "printed_ops" };
	static const char *const mcols[] = { "result_id", "seq", "metric",
					     "value", "bound" };
	struct db_stmt *b = db_bulk_prepare(db, "sample", scols, 5);
	struct db_stmt *m = db_bulk_prepare(db, "sample_metric", mcols, 5);
	struct measure_row r;
	int rc = b != NULL && m != NULL ? 0 : -1;

	/* Every sample before any metric, whose key is its sample's. */
	for (size_t i = 0; i < n && rc == 0; i++)
		if (db_bind_int64(b, 1, id) < 0 ||
		    db_bind_int64(b, 2, (int64_t)i + 1) < 0 ||
		    db_bind_int64(b, 3, s[i].calls) < 0 ||
		    db_bind_int64(b, 4, s[i].elapsed_ns) < 0 ||
		    (s[i].printed_ops >= 0.0 ?
			     db_bind_double(b, 5, s[i].printed_ops) :
			     db_bind_null(b, 5)) < 0 ||
		    db_bulk_row(b) < 0)
			rc = -1;
	rc = flush_or_fail(b, rc);
	for (size_t i = 0; i < n && rc == 0; i++) {
		for (int k = 0; rc == 0 && measure_row(&s[i], k, &r); k++)
			if (r.name != NULL &&
			    (db_bind_int64(m, 1, id) < 0 ||
			     db_bind_int64(m, 2, (int64_t)i + 1) < 0 ||
			     db_bind_text(m, 3, r.name) < 0 ||
			     db_bind_int64(m, 4, r.value) < 0 ||
			     db_bind_int64(m, 5, r.bound) < 0 ||
			     db_bulk_row(m) < 0))
				rc = -1;
	}
	return flush_or_fail(m, rc);
}

static void
test_result(struct db *db, int64_t run, const char *test, size_t n)
{
	struct measure_sample s[40];
	int64_t id;
	int rc = -1;

	fill(s, n);
	if (db_begin(db) == 0) {
		id = insert_result(db, run, test);
		rc = id > 0 ? add_samples(db, id, s, n) : -1;
		if (rc == 0 && db_commit(db) < 0)
			rc = -1;
		if (rc < 0)
			db_rollback(db);
	}
	if (!ok(rc == 0, "a result of %zu samples is stored", n))
		diag("%s", db_errmsg(db));
	ok(samples_same(db, result_id(db, run, test), s, n),
	   "and read back as it was");
}

/* N samples of result ID, the DUP+1st numbered DUP again when DUP > 0. */
static int
bulk_samples(struct db *db, int64_t id, int n, int dup)
{
	static const char *const cols[] = { "result_id", "seq", "calls",
					    "elapsed_ns" };
	struct db_stmt *b = db_bulk_prepare(db, "sample", cols, 4);
	int rc = b != NULL ? 0 : -1;

	for (int i = 1; i <= n && rc == 0; i++)
		if (db_bind_int64(b, 1, id) < 0 ||
		    db_bind_int64(b, 2, dup > 0 && i == dup + 1 ? dup : i) ||
		    db_bind_int64(b, 3, 1) < 0 || db_bind_int64(b, 4, 1) < 0 ||
		    db_bulk_row(b) < 0)
			rc = -1;
	if (rc == 0 && db_bulk_flush(b) < 0)
		rc = -1;
	db_finalize(b);
	return rc;
}

/* A row refused in the middle of many, or of a few: none of them stays. */
static void
test_refused(struct db *db, int64_t run)
{
	struct db_stmt *q;
	int64_t id, n = -1;

	test_result(db, run, "empty", 0);
	id = result_id(db, run, "empty");
	ok(db_begin(db) == 0 && db_savepoint(db, "rows") == 0, "a transaction");
	ok(bulk_samples(db, id, 30, 12) < 0, "30 rows, the 13th refused:"
	   " %s", db_errmsg(db));
	ok(db_rollback_to(db, "rows") == 0 && db_release(db, "rows") == 0 &&
	   db_savepoint(db, "rows") == 0, "rolled back to the savepoint");
	ok(bulk_samples(db, id, 4, 2) < 0, "4 rows, the 3rd refused");
	ok(db_rollback_to(db, "rows") == 0 && db_release(db, "rows") == 0,
	   "rolled back again");
	if (!ok(bulk_samples(db, id, 9, 0) == 0 && db_commit(db) == 0,
		"9 good rows are stored after them"))
		diag("%s", db_errmsg(db));
	q = db_prepare(db, "SELECT count(*), sum(seq) FROM sample WHERE"
		       " result_id = ?");
	if (q != NULL && db_bind_int64(q, 1, id) == 0 && db_step(q) == DB_ROW)
		n = db_column_int64(q, 0) * 1000 + db_column_int64(q, 1);
	db_finalize(q);
	is_int(n, 9 * 1000 + 45, "and only they");
	db_rollback(db);
}

void
bulkfx_run(const char *name)
{
	char err[512];
	struct store *st = store_open(name, STORE_RW, err, sizeof(err));
	struct db *db = store_db(st);
	int64_t run, few;

	if (!ok(st != NULL, "the store opens: %s", st ? "" : err))
		return;
	run = add_run(db, N_HOSTILE, -1);
	ok(run > 0 && env_same(db, run, N_HOSTILE), "%zu hostile"
	   " keys and values are read back as they were", N_HOSTILE);
	few = add_run(db, 3, -1);
	ok(few > 0 && env_same(db, few, 3), "and 3 of them");
	ok(add_run(db, 12, 7) < 0, "a run whose 8th key is the 1st again is"
	   " refused: %s", db_errmsg(db));
	is_int(dbval_int(db, "SELECT count(*) FROM run"), 2,
	   "and no row of it stays");
	is_int(dbval_int(db, "SELECT count(*) FROM run_env"),
	       N_HOSTILE + 3, "nor of its environment");
	test_result(db, run, "many", 40);
	test_result(db, run, "few", 3);
	test_result(db, few, "one", 1);
	test_refused(db, run);
	store_close(st);
}
