// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a record of aimkit's CSV export says beside its sample: the run's
 * own record (its identity, times and provenance, as the JSON export
 * gives them, so the run is the same run where it is imported), a fact
 * of its environment, its uuid, how a result is judged, which way is
 * better, its copies and its own time, warm-up and source line, a
 * bucket of a sample's histogram, and a result's kernel's monitor or
 * kernel log line.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "import_csv.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

int
import_csv_count(const struct csvin *c, enum import_csv_col k, int64_t min, int64_t max,
		 int64_t *out)
{
	const char *s = c->field[k];
	size_t len = s != NULL ? strlen(s) : 0;

	if (s == NULL || len == 0 || strspn(s, "0123456789") != len)
		return import_error(c->l->name, c->rec_line,
				    "%s: expected a whole number, found \"%s\"",
				    import_csv_columns[k], s != NULL ? s : "");
	/* More than 18 digits may not fit in int64: out of range anyway. */
	if (import_count(s, len, out) < 0 || *out < min || *out > max)
		return import_error(c->l->name, c->rec_line,
				    "%s: %s out of range (%lld to %lld)",
				    import_csv_columns[k], s, (long long)min,
				    (long long)max);
	return 0;
}

int
import_csv_empty(const struct csvin *c, enum import_csv_col from, enum import_csv_col to,
		 enum import_csv_col except, const char *what)
{
	for (size_t k = from; k < to && k < c->n_cols; k++)
		if (k != except && c->field[k] != NULL)
			return import_error(c->l->name, c->rec_line,
					    "%s must have no %s", what,
					    import_csv_columns[k]);
	return 0;
}

int
import_csv_fact(const char *name, size_t line, const char *key,
		const char *value)
{
	struct record_kv kv = { key, value };
	char why[512];

	/* The validator's rule for a fact, with the line it is on. */
	if (value == NULL)
		return import_error(name, line, "env_value of %s: missing",
				    key);
	if (record_check_env(&kv, 1, why, sizeof(why)) < 0)
		return import_error(name, line, "%s", why);
	return 0;
}

struct uuid_key {
	const struct import_file *f;
	const char *uuid;
};

static int
same_uuid(size_t pos, const void *key)
{
	const struct uuid_key *k = key;

	return strcmp(k->f->reports[pos].run.uuid, k->uuid) == 0;
}

int
import_csv_uuid(const char *name, size_t line, const char *uuid,
		struct import_file *f, struct import_report *r,
		struct import_index *by_uuid)
{
	const char *had = r->run.uuid;
	struct uuid_key k = { f, uuid };
	uint64_t h;

	/* The run's first record says it; every other says the same. */
	if (r->run.n_env > 0 || r->run.n_results > 0 || r->copy) {
		if ((had == NULL && uuid == NULL) ||
		    (had != NULL && uuid != NULL && strcmp(had, uuid) == 0))
			return 0;
		return import_error(name, line,
				    "uuid: \"%.40s\" where the run's first record, line %d, has \"%s\"",
				    uuid != NULL ? uuid : "", r->line,
				    had != NULL ? had : "");
	}
	if (uuid == NULL)	/* a run older than uuids: a new one */
		return 0;
	if (!record_uuid_valid(uuid))
		return import_error(name, line,
				    "uuid: not a UUID in lower-case hex, 8-4-4-4-12");
	h = import_index_hash(by_uuid, uuid, strlen(uuid), 0, 0);
	if (import_index_find(by_uuid, h, same_uuid, &k) != IMPORT_INDEX_NONE)
		return import_error(name, line, "uuid %s given to two runs",
				    uuid);
	import_index_add(by_uuid, h, (size_t)(r - f->reports));
	r->run.uuid = record_strdup(&r->run, uuid);
	return 0;
}

/* Word S is A (0) or B (1); else -1 after naming FIELD. */
static int
either(const char *name, size_t line, const char *field, const char *s,
       const char *a, const char *b)
{
	if (s != NULL && strcmp(s, a) == 0)
		return 0;
	if (s != NULL && strcmp(s, b) == 0)
		return 1;
	return import_error(name, line, "%s: expected %s or %s, found \"%s\"",
			    field, a, b, s != NULL ? s : "");
}

int
import_csv_judging(const char *name, size_t line, char *const *w, int fresh,
		   struct record_result *res)
{
	int peak = either(name, line, "judged", w[0],
			  measure_judged_word(MEASURE_JUDGED_MEAN),
			  measure_judged_word(MEASURE_JUDGED_PEAK));
	int lower = peak < 0 ? -1 : either(name, line, "better", w[1],
					   measure_better_word(MEASURE_HIGHER),
					   measure_better_word(MEASURE_LOWER));
	size_t len = w[2] != NULL ? strlen(w[2]) : 0;
	enum measure_judged j = peak ? MEASURE_JUDGED_PEAK : MEASURE_JUDGED_MEAN;
	enum measure_better b = lower ? MEASURE_LOWER : MEASURE_HIGHER;
	int64_t copies;

	if (peak < 0 || lower < 0)
		return -1;
	/* aimrun --copies runs at most one copy per CPU it may use. */
	if (len == 0 || strspn(w[2], "0123456789") != len ||
	    import_count(w[2], len, &copies) < 0 || copies < 1 ||
	    copies > RECORD_COPIES_MAX)
		return import_error(name, line,
				    "copies: expected a whole number from 1 to %d, found \"%s\"",
				    RECORD_COPIES_MAX, w[2] != NULL ? w[2] : "");
	if (fresh) {
		res->judged = j;
		res->better = b;
		res->copies = (int)copies;
	} else if (res->judged != j || res->better != b ||
		   res->copies != copies) {
		return import_error(name, line,
				    "%s rep %d: judged, better or copies differ from its first record",
				    res->test, res->rep);
	}
	return 0;
}

/* Field K of C's record as text R's run owns (NULL: empty). */
static const char *
text_of(const struct csvin *c, struct import_report *r, enum import_csv_col k)
{
	return record_strdup(&r->run, c->field[k]);
}

int
import_csv_run(struct csvin *c, struct import_report *r)
{
	struct record_run *run = &r->run;

	if (r->copy || run->n_env > 0 || run->n_results > 0)
		return import_error(c->l->name, c->rec_line,
				    "run %lld: its own record is not its first, or given twice",
				    (long long)r->source_run);
	if (import_csv_empty(c, COL_NUMBER, COL_UUID, COL_COUNT, "a run's record") < 0 ||
	    import_csv_empty(c, COL_JUDGED, COL_SUITE, COL_COUNT, "a run's record") < 0 ||
	    import_csv_empty(c, COL_FINISHED, COL_COUNT, COL_COUNT,
			     "a run's record") < 0)
		return -1;
	r->copy = 1;
	run->suite = text_of(c, r, COL_SUITE);
	run->options = text_of(c, r, COL_OPTIONS);
	run->started_utc = text_of(c, r, COL_STARTED);
	run->ended_utc = text_of(c, r, COL_ENDED);
	run->status = text_of(c, r, COL_RUN_STATUS);
	run->source = text_of(c, r, COL_SOURCE);
	run->source_file = text_of(c, r, COL_SOURCE_FILE);
	run->sha256 = text_of(c, r, COL_SHA256);
	run->aim_version = text_of(c, r, COL_AIM_VERSION);
	run->host = text_of(c, r, COL_HOST);
	/* What record_check takes when the import is finished. */
	if (run->uuid == NULL || run->started_utc == NULL ||
	    run->status == NULL)
		return import_error(c->l->name, c->rec_line,
				    "a run's record needs uuid, started_utc and run_status");
	return 0;
}

/* Field K as null (-1) or a count, into *OUT. */
static int
count_or_null(const struct csvin *c, enum import_csv_col k, int64_t *out)
{
	*out = -1;
	return c->field[k] == NULL ? 0 :
	       import_csv_count(c, k, 0, RECORD_VALUE_MAX, out);
}

int
import_csv_result_id(const struct csvin *c, struct import_report *r,
		     struct record_result *res, int fresh)
{
	const char *fin = c->field[COL_FINISHED];
	int64_t calls, ns, line;

	if (count_or_null(c, COL_WARMUP_CALLS, &calls) < 0 ||
	    count_or_null(c, COL_WARMUP_NS, &ns) < 0 ||
	    import_csv_count(c, COL_SOURCE_LINE, 0, IMPORT_LINES_MAX, &line) < 0)
		return -1;
	if (fin == NULL)
		return import_error(c->l->name, c->rec_line,
				    "a result's record needs finished_utc");
	if (fresh) {
		res->finished_utc = record_strdup(&r->run, fin);
		res->warmup_calls = calls;
		res->warmup_ns = ns;
		res->source_line = (int)line;
		return 0;
	}
	if (strcmp(res->finished_utc, fin) != 0 || res->warmup_calls != calls ||
	    res->warmup_ns != ns || res->source_line != line)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: finished_utc, warm-up or source_line differ from its first record",
				    res->test, res->rep);
	return 0;
}

int
import_csv_bucket(const struct csvin *c, struct import_report *r,
		  struct record_result *res)
{
	const char *name = c->field[COL_METRICS];
	int id = name != NULL ? measure_lookup(name, strlen(name)) : -1;
	struct measure_sample *s;
	struct measure_hist *h;
	int64_t seq, bound, count;

	if (import_csv_empty(c, COL_STATUS, COL_CALLS, COL_COUNT, "a bucket") < 0 ||
	    import_csv_empty(c, COL_ELAPSED, COL_METRICS, COL_COUNT, "a bucket") < 0 ||
	    import_csv_empty(c, COL_JUDGED, COL_BOUND, COL_COUNT, "a bucket") < 0 ||
	    import_csv_empty(c, COL_MONITOR, COL_COUNT, COL_COUNT, "a bucket") < 0 ||
	    import_csv_count(c, COL_SEQ, 1, RECORD_SAMPLES_MAX, &seq) < 0 ||
	    import_csv_count(c, COL_BOUND, 1, RECORD_METRIC_MAX, &bound) < 0 ||
	    import_csv_count(c, COL_CALLS, 0, RECORD_METRIC_MAX, &count) < 0)
		return -1;
	if (id < 0 || measure_def((enum measure_id)id)->kind != MEASURE_BUCKET)
		return import_error(c->l->name, c->rec_line,
				    "a bucket's metrics is not the name of a histogram");
	if ((size_t)seq != res->n_samples)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: a bucket not after its sample %lld",
				    res->test, res->rep, (long long)seq);
	s = &res->samples[seq - 1];
	h = s->hist != NULL ? s->hist : record_add_hist(&r->run, s);
	if (h->n == MEASURE_HIST_MAX ||
	    (h->n > 0 && h->b[h->n - 1].bound >= bound))
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d sample %lld: buckets not in increasing bounds, or more than %d",
				    res->test, res->rep, (long long)seq,
				    MEASURE_HIST_MAX);
	h->b[h->n].bound = bound;
	h->b[h->n++].count = count;
	return 0;
}

/* A monitor of RES: its name after the one before, its change. */
static int
monitor_record(const struct csvin *c, struct record_result *res)
{
	const char *name = c->field[COL_MONITOR], *v = c->field[COL_VALUE];
	size_t len = strlen(name), digits;
	struct monitor_val *mv;
	long long x;
	char *end;

	if (import_csv_empty(c, COL_LOG_LEVEL, COL_COUNT, COL_COUNT,
			     "a monitor's record") < 0)
		return -1;
	if (!monitor_name_valid(name, len))
		return import_error(c->l->name, c->rec_line,
				    "monitor: not a name a reading makes");
	if (res->n_monitors >= MONITOR_VALUES_MAX ||
	    (res->n_monitors > 0 &&
	     strcmp(res->monitors[res->n_monitors - 1].name, name) >= 0))
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: monitor %s not after the one before, or past %d",
				    res->test, res->rep, name, MONITOR_VALUES_MAX);
	digits = v != NULL ? strlen(v + (v[0] == '-')) : 0;
	errno = 0;
	/* The shape alone, then strtoll's range: no blank, no '+'. */
	if (digits == 0 || strspn(v + (v[0] == '-'), "0123456789") != digits ||
	    (x = strtoll(v, &end, 10), errno != 0))
		return import_error(c->l->name, c->rec_line,
				    "value: expected a whole number of 64 bits, found \"%s\"",
				    v != NULL ? v : "");
	mv = record_add_monitor(res);
	memcpy(mv->name, name, len + 1);
	mv->value = (int64_t)x;
	return 0;
}

/* A kernel log line of RES, after those before it. */
static int
log_record(const struct csvin *c, struct record_result *res)
{
	const char *text = c->field[COL_LOG_TEXT];
	int64_t level, facility, usec;
	struct klog_line *l;

	if (import_csv_empty(c, COL_MONITOR, COL_LOG_LEVEL, COL_COUNT,
			     "a kernel log line's record") < 0 ||
	    import_csv_count(c, COL_LOG_LEVEL, 0, 7, &level) < 0 ||
	    import_csv_count(c, COL_LOG_FACILITY, 0, KLOG_FACILITY_MAX,
			     &facility) < 0 ||
	    import_csv_count(c, COL_LOG_USEC, 0, KLOG_USEC_MAX, &usec) < 0)
		return -1;
	if (text[0] == '\0' || strlen(text) >= KLOG_TEXT_MAX ||
	    res->n_klog >= KLOG_LINES_MAX)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: a kernel log line not of 1 to %d bytes, or past %d",
				    res->test, res->rep, KLOG_TEXT_MAX - 1,
				    KLOG_LINES_MAX);
	l = record_add_klog(res);
	l->level = (int)level;
	l->facility = (int)facility;
	l->usec = usec;
	memcpy(l->text, text, strlen(text) + 1);
	return 0;
}

int
import_csv_kernel(const struct csvin *c, struct import_report *r,
		  struct record_result *res)
{
	const char *what = "a kernel record";

	(void)r;
	if (import_csv_empty(c, COL_NUMBER, COL_TEST, COL_COUNT, what) < 0 ||
	    import_csv_empty(c, COL_SEQ, COL_UUID, COL_COUNT, what) < 0 ||
	    import_csv_empty(c, COL_JUDGED, COL_MONITOR, COL_COUNT, what) < 0)
		return -1;
	return c->field[COL_MONITOR] != NULL ? monitor_record(c, res) :
					       log_record(c, res);
}
