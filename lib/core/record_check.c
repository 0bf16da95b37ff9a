// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a storable run is, said once.  aimrun checks what it is about to
 * store, every importer what it parsed, the store what it is given and
 * merge and push what they copy, all here, so a run one path stores is a
 * run every other path takes, and a refusal reads the same whichever
 * path makes it.  Texts are printable (tag.h), forms are the store's
 * own (times, uuid, hash), numbers lie in the ranges of record.h.
 */
#include "config.h"

#include "record.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tag.h"
#include "xalloc.h"

/*
 * ERR = "run UUID (tag TAG): " (without a valid uuid "run (tag TAG): ",
 * without RUN nothing) and the formatted WHY; -1.
 */
static int __attribute__((format(printf, 4, 5)))
refuse(char *err, size_t errlen, const struct record_run *run,
       const char *fmt, ...)
{
	char why[512], tag[64];
	const char *uuid;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (run == NULL) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	uuid = run->uuid != NULL && record_uuid_valid(run->uuid) ? run->uuid :
								   NULL;
	snprintf(err, errlen, "run %s%s(tag %s): %s", uuid != NULL ? uuid : "",
		 uuid != NULL ? " " : "",
		 tag_shown(run->tag != NULL ? run->tag : "", tag, sizeof(tag)),
		 why);
	return -1;
}

int
record_utc_valid(const char *s)
{
	struct tm tm = { 0 };
	char back[32];
	const char *end;
	time_t t;

	if (s == NULL || strlen(s) != 20)
		return 0;
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0')
		return 0;
	/* Written back, a day or second that does not exist changes. */
	t = timegm(&tm);
	if (t == (time_t)-1 || gmtime_r(&t, &tm) == NULL ||
	    strftime(back, sizeof(back), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return 0;
	return strcmp(back, s) == 0;
}

/* S is FORM with each 'x' a lower-case hex digit. */
static int
hex_form(const char *s, const char *form)
{
	if (s == NULL || strlen(s) != strlen(form))
		return 0;
	for (size_t i = 0; form[i] != '\0'; i++) {
		if (form[i] == 'x' ? strchr("0123456789abcdef", s[i]) == NULL :
				     s[i] != form[i])
			return 0;
	}
	return 1;
}

int
record_uuid_valid(const char *s)
{
	return hex_form(s, "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
}

int
record_sha256_valid(const char *s)
{
	return hex_form(s, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
			   "xxxxxxxxxxxxxxxx");
}

/* WHAT: printable text (NAME: a name, not empty, no blank at its ends). */
static int
text_ok(const char *what, const char *s, int nullable, int name, char *why,
	size_t whylen)
{
	if (s == NULL) {
		if (nullable)
			return 0;
		snprintf(why, whylen, "%s is missing", what);
		return -1;
	}
	return tag_text_check(what, s, name == 2 ? TAG_MAX_BYTES :
				  RECORD_TEXT_MAX, name != 0, why, whylen);
}

/* The run's own facts: 0, or -1 with WHY. */
static int
facts_ok(const struct record_run *run, char *why, size_t whylen)
{
	const char *bad = NULL;

	if (run->tag == NULL || tag_check(run->tag, why, whylen) < 0 ||
	    text_ok("suite", run->suite, 0, 0, why, whylen) < 0 ||
	    text_ok("options", run->options, 0, 0, why, whylen) < 0 ||
	    text_ok("source", run->source, 0, 1, why, whylen) < 0 ||
	    text_ok("source_file", run->source_file, 1, 0, why, whylen) < 0 ||
	    text_ok("aim_version", run->aim_version, 0, 1, why, whylen) < 0 ||
	    text_ok("host", run->host, 1, 0, why, whylen) < 0) {
		if (run->tag == NULL)
			snprintf(why, whylen, "tag is missing");
		return -1;
	}
	if (run->uuid != NULL && !record_uuid_valid(run->uuid))
		bad = "uuid is not lower-case 8-4-4-4-12 hex";
	else if (run->sha256 != NULL && !record_sha256_valid(run->sha256))
		bad = "sha256 is not 64 lower-case hex digits";
	else if (run->started_utc != NULL && !record_utc_valid(run->started_utc))
		bad = "started_utc is not YYYY-MM-DDTHH:MM:SSZ of a real date";
	else if (run->ended_utc != NULL && !record_utc_valid(run->ended_utc))
		bad = "ended_utc is not YYYY-MM-DDTHH:MM:SSZ of a real date";
	else if (run->status != NULL && strcmp(run->status, "incomplete") != 0 &&
		 (strcmp(run->status, "complete") != 0 || run->ended_utc == NULL))
		bad = "status is not incomplete, or complete with an end";
	if (bad == NULL)
		return 0;
	snprintf(why, whylen, "%s", bad);
	return -1;
}

static int
key_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Facts: names of [A-Za-z0-9._-], printable values, each name once. */
static int
env_ok(const struct record_kv *env, size_t n, char *why, size_t whylen)
{
	static const char name_chars[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";
	const char **keys;
	int rc = 0;

	if (n > RECORD_FACTS_MAX) {
		snprintf(why, whylen, "more than %d environment facts",
			 RECORD_FACTS_MAX);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *k = env[i].key;
		size_t len = k != NULL ? strlen(k) : 0;

		if (len == 0 || len > RECORD_KEY_MAX ||
		    strspn(k, name_chars) != len) {
			snprintf(why, whylen,
				 "an environment fact's name is not 1 to %d letters, digits and ._-",
				 RECORD_KEY_MAX);
			return -1;
		}
		if (text_ok(k, env[i].value, 0, 0, why, whylen) < 0)
			return -1;
	}
	keys = xcalloc(n + 1, sizeof(*keys));
	for (size_t i = 0; i < n; i++)
		keys[i] = env[i].key;
	qsort(keys, n, sizeof(*keys), key_cmp);
	for (size_t i = 1; i < n && rc == 0; i++)
		if (strcmp(keys[i - 1], keys[i]) == 0) {
			snprintf(why, whylen, "environment fact %s given twice",
				 keys[i]);
			rc = -1;
		}
	free(keys);
	return rc;
}

/* A count of 0 .. MAX, or -1 (unknown) when UNKNOWN. */
static int
count_ok(int64_t v, int64_t max, int unknown)
{
	return (v >= 0 && v <= max) || (unknown && v == -1);
}

/*
 * Sample K of a result of FACTOR operations per call: 0, or -1 with
 * WHY.  The rate its calls and time give stays within RECORD_VALUE_MAX,
 * as a printed one must: readers compute with it.
 */
static int
sample_ok(const struct measure_sample *s, size_t k, unsigned long factor,
	  char *why, size_t whylen)
{
	int printed = s->printed_ops >= 0.0;
	const struct measure_hist *h = s->hist;
	uint64_t known = MEASURE_BIT(MEASURE_COUNT) - 1;
	const char *bad = NULL;

	if (!count_ok(s->calls, RECORD_VALUE_MAX, 0))
		bad = "calls out of range";
	else if (!count_ok(s->elapsed_ns, RECORD_VALUE_MAX, 0))
		bad = "elapsed_ns out of range";
	else if (printed && !(isfinite(s->printed_ops) &&
			      s->printed_ops <= (double)RECORD_VALUE_MAX))
		bad = "printed_ops out of range";
	else if (s->elapsed_ns == 0 && !printed)
		bad = "elapsed_ns is 0 and no rate is printed";
	else if (s->elapsed_ns > 0 &&
		 (double)s->calls * (double)factor * 1e9 /
				 (double)s->elapsed_ns > (double)RECORD_VALUE_MAX)
		bad = "calls, factor and elapsed_ns give a rate beyond 1e15 ops/s";
	else if ((s->m.have & ~known) != 0 ||
		 (s->m.have & MEASURE_BIT(MEASURE_LAT_BUCKET)) != 0)
		bad = "a metric not of the table";
	for (int i = 0; bad == NULL && i < MEASURE_COUNT; i++)
		if ((s->m.have & MEASURE_BIT(i)) &&
		    !count_ok(s->m.v[i], RECORD_METRIC_MAX, 0))
			bad = "a metric out of range";
	if (bad == NULL && h != NULL && !measure_hist_valid(h))
		bad = "its histogram's bounds do not increase from 1";
	for (int32_t i = 0; bad == NULL && h != NULL && i < h->n; i++)
		if (h->b[i].count > RECORD_METRIC_MAX ||
		    h->b[i].bound > RECORD_METRIC_MAX)
			bad = "a histogram bucket out of range";
	if (bad == NULL)
		return 0;
	snprintf(why, whylen, "sample %zu: %s", k + 1, bad);
	return -1;
}

static int
status_known(const char *s)
{
	static const char *const known[] = { "ok", "skip", "fail", "timeout",
					     "crash" };

	for (size_t i = 0; s != NULL && i < sizeof(known) / sizeof(known[0]);
	     i++)
		if (strcmp(s, known[i]) == 0)
			return 1;
	return 0;
}

/* Whether L is a line as klog_read() makes them. */
static int
line_ok(const struct klog_line *l)
{
	size_t len = strnlen(l->text, sizeof(l->text));
	char copy[sizeof(l->text)];

	if (l->level < 0 || l->level > 7 || l->facility < 0 ||
	    l->facility > KLOG_FACILITY_MAX || l->usec < 0 ||
	    l->usec > KLOG_USEC_MAX ||
	    len == 0 || len == sizeof(l->text))
		return 0;
	memcpy(copy, l->text, len + 1);
	tag_printable(copy);
	return strcmp(copy, l->text) == 0;
}

/*
 * The kernel's monitors and log lines of R as a reading and the log make
 * them: names a reading makes, in order, each once; 0, or -1 with WHY.
 */
static int
kernel_ok(const struct record_result *r, char *why, size_t whylen)
{
	if (r->n_monitors > MONITOR_VALUES_MAX || r->n_klog > KLOG_LINES_MAX) {
		snprintf(why, whylen, "too many monitors or kernel log lines");
		return -1;
	}
	for (size_t i = 0; i < r->n_monitors; i++) {
		const char *name = r->monitors[i].name;

		if (!monitor_name_valid(name, strnlen(name, MONITOR_NAME_MAX)) ||
		    (i > 0 && strcmp(r->monitors[i - 1].name, name) >= 0)) {
			snprintf(why, whylen, "monitor %zu: not a name a reading "
				 "makes, or not after the one before", i + 1);
			return -1;
		}
	}
	for (size_t i = 0; i < r->n_klog; i++)
		if (!line_ok(&r->klog[i])) {
			snprintf(why, whylen, "kernel log line %zu is not one "
				 "the log gives", i + 1);
			return -1;
		}
	return 0;
}

/* The result's own facts, then its samples: 0, or -1 with WHY. */
static int
result_ok(const struct record_result *r, char *why, size_t whylen)
{
	const char *bad = NULL;

	if (text_ok("test", r->test, 0, 2, why, whylen) < 0 ||
	    text_ok("reason", r->reason, 1, 0, why, whylen) < 0 ||
	    text_ok("units", r->units, 0, 1, why, whylen) < 0)
		return -1;
	if (r->number < 0 || r->number > RECORD_NUMBER_MAX)
		bad = "number out of range";
	else if (r->rep < 1 || r->rep > RECORD_REP_MAX)
		bad = "rep out of range";
	else if (!status_known(r->status))
		bad = "status is not ok, skip, fail, timeout or crash";
	else if (r->factor < 1 || r->factor > (unsigned long)RECORD_VALUE_MAX)
		bad = "factor out of range";
	else if ((unsigned)r->judged > MEASURE_JUDGED_PEAK ||
		 (unsigned)r->better > MEASURE_LOWER)
		bad = "judged or better is not a word of the store";
	else if (r->copies < 1 || r->copies > RECORD_COPIES_MAX)
		bad = "copies out of range";
	else if (r->finished_utc != NULL && !record_utc_valid(r->finished_utc))
		bad = "finished_utc is not YYYY-MM-DDTHH:MM:SSZ of a real date";
	else if (!count_ok(r->warmup_calls, RECORD_VALUE_MAX, 1) ||
		 !count_ok(r->warmup_ns, RECORD_VALUE_MAX, 1))
		bad = "warmup_calls or warmup_ns out of range";
	else if (r->source_line < 0)
		bad = "source_line out of range";
	else if (r->n_samples > RECORD_SAMPLES_MAX)
		bad = "too many samples";
	else if (r->n_samples == 0 && strcmp(r->status, "ok") == 0)
		bad = "ok with no samples";
	if (bad != NULL) {
		snprintf(why, whylen, "%s", bad);
		return -1;
	}
	for (size_t k = 0; k < r->n_samples; k++)
		if (sample_ok(&r->samples[k], k, r->factor, why, whylen) < 0)
			return -1;
	return kernel_ok(r, why, whylen);
}

int
record_check_run(const struct record_run *run, char *err, size_t errlen)
{
	char why[512];

	if (facts_ok(run, why, sizeof(why)) < 0 ||
	    env_ok(run->env, run->n_env, why, sizeof(why)) < 0)
		return refuse(err, errlen, run, "%s", why);
	return 0;
}

int
record_check_env(const struct record_kv *env, size_t n, char *err,
		 size_t errlen)
{
	char why[512];

	if (env_ok(env, n, why, sizeof(why)) < 0)
		return refuse(err, errlen, NULL, "%s", why);
	return 0;
}

/* "result TEST rep N: WHY", the test made printable. */
static int
result_refused(char *err, size_t errlen, const struct record_run *run,
	       const struct record_result *r, const char *why)
{
	char test[64];

	return refuse(err, errlen, run, "result %s rep %d: %s",
		      tag_shown(r->test != NULL ? r->test : "", test,
				sizeof(test)), r->rep, why);
}

int
record_check_result(const struct record_result *res, char *err,
		    size_t errlen)
{
	char why[512];

	if (result_ok(res, why, sizeof(why)) < 0)
		return result_refused(err, errlen, NULL, res, why);
	return 0;
}

/* Each (test, rep) once, as the store's unique key wants. */
static int
results_unique(const struct record_run *run, char *err, size_t errlen)
{
	const struct record_result **by = xcalloc(run->n_results + 1,
						  sizeof(*by));
	int rc = 0;

	for (size_t i = 0; i < run->n_results; i++)
		by[i] = &run->results[i];
	qsort(by, run->n_results, sizeof(*by), record_result_key_cmp);
	for (size_t i = 1; i < run->n_results && rc == 0; i++)
		if (record_result_key_cmp(&by[i - 1], &by[i]) == 0)
			rc = result_refused(err, errlen, run, by[i],
					    "given twice");
	free(by);
	return rc;
}

int
record_check(const struct record_run *run, char *err, size_t errlen)
{
	char why[512];

	if (record_check_run(run, err, errlen) < 0)
		return -1;
	for (size_t i = 0; i < run->n_results; i++)
		if (result_ok(&run->results[i], why, sizeof(why)) < 0)
			return result_refused(err, errlen, run,
					      &run->results[i], why);
	return results_unique(run, err, errlen);
}

void
record_text_fit(char *s)
{
	size_t len;

	tag_printable(s);
	len = strlen(s);
	if (len <= RECORD_TEXT_MAX)
		return;
	/* Back to the start of the character the bound falls in. */
	len = RECORD_TEXT_MAX;
	while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
		len--;
	s[len] = '\0';
}
