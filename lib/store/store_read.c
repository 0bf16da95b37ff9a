/*
 * Reading a tag's samples back for aimrun: one query for the runs, one
 * for the samples in result order, each result handed on whole.
 */
#include "config.h"

#include "store_read.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "xalloc.h"

/* The samples of the result being read. */
struct acc {
	int64_t id;
	char *test;
	struct store_read_result r;
	struct measure_sample *s;
	size_t cap;
};

static int64_t
count_runs(struct db *db, const char *tag)
{
	struct db_stmt *stmt = db_prepare(db, "SELECT count(*) FROM run"
					  " WHERE tag = ?");
	int64_t n = -1;

	if (stmt != NULL && db_bind_text(stmt, 1, tag) == 0 &&
	    db_step(stmt) == DB_ROW)
		n = db_column_int64(stmt, 0);
	db_finalize(stmt);	/* a failure is already in n */
	return n;
}

static int
flush(struct acc *a, int (*fn)(void *, const struct store_read_result *),
      void *arg)
{
	int rc = 0;

	if (a->r.n_samples > 0) {
		a->r.test = a->test;
		a->r.samples = a->s;
		rc = fn(arg, &a->r);
	}
	a->r.n_samples = 0;
	free(a->test);
	a->test = NULL;
	return rc;
}

/* One row: a sample, the first of a new result or of the same. */
static int
take(struct acc *a, struct db_stmt *stmt,
     int (*fn)(void *, const struct store_read_result *), void *arg)
{
	int64_t id = db_column_int64(stmt, 0);
	const char *test = db_column_text(stmt, 1);
	const char *judged = db_column_text(stmt, 3);
	int64_t factor = db_column_int64(stmt, 2);
	struct measure_sample *s;

	if (test == NULL || judged == NULL || factor < 1 ||
	    (unsigned long long)factor > ULONG_MAX)
		return -1;
	if (a->test == NULL || id != a->id) {
		if (flush(a, fn, arg) != 0)
			return -1;
		a->id = id;
		a->test = xstrdup(test);
		a->r.factor = (unsigned long)factor;
		a->r.judged = strcmp(judged, "peak") == 0 ?
			      MEASURE_JUDGED_PEAK : MEASURE_JUDGED_MEAN;
	}
	if (a->r.n_samples == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->s = xrealloc(a->s, a->cap * sizeof(*a->s));
	}
	s = &a->s[a->r.n_samples++];
	memset(s, 0, sizeof(*s));
	s->calls = db_column_int64(stmt, 4);
	s->elapsed_ns = db_column_int64(stmt, 5);
	s->printed_ops = db_column_is_null(stmt, 6) ? -1.0 :
			 db_column_double(stmt, 6);
	return 0;
}

static int
read_samples(struct db *db, const char *tag,
	     int (*fn)(void *, const struct store_read_result *), void *arg)
{
	struct db_stmt *stmt;
	struct acc a = { 0 };
	int rc = -1, step;

	stmt = db_prepare(db, "SELECT r.id, r.test, r.factor, r.judged,"
			  " s.calls, s.elapsed_ns, s.printed_ops"
			  " FROM run u JOIN result r ON r.run_id = u.id"
			  " JOIN sample s ON s.result_id = r.id"
			  " WHERE u.tag = ? AND r.status = 'ok'"
			  " ORDER BY r.id, s.seq");
	if (stmt != NULL && db_bind_text(stmt, 1, tag) == 0) {
		while ((step = db_step(stmt)) == DB_ROW)
			if (take(&a, stmt, fn, arg) != 0)
				break;
		if (step == DB_DONE && flush(&a, fn, arg) == 0)
			rc = 0;
	}
	db_finalize(stmt);	/* a failure is already in rc */
	free(a.test);
	free(a.s);
	return rc;
}

int64_t
store_read_tag(struct store *st, const char *tag,
	       int (*fn)(void *arg, const struct store_read_result *r),
	       void *arg, char *err, size_t errlen)
{
	struct db *db = store_db(st);
	int64_t n;

	if (db == NULL || tag == NULL) {
		snprintf(err, errlen, "no database");
		return -1;
	}
	n = count_runs(db, tag);
	if (n > 0 && read_samples(db, tag, fn, arg) != 0)
		n = -1;
	if (n < 0)
		snprintf(err, errlen, "cannot read the results: %s",
			 db_errmsg(db));
	return n;
}
