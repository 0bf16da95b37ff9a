// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The record of a run (lib/core/record.c, record_check.c, record_same.c):
 * built, owned and released; when two runs hold the same content; and
 * the validator, the one statement of what a storable
 * run is, taking what aimrun and the importers make and refusing each
 * thing one path once stored and another refused, with one line that
 * names the run.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record.h"
#include "tap.h"
#include "xalloc.h"

#define UUID "0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"

/* A run as aimrun stores it: facts, environment, an ok result. */
static void
make(struct record_run *run)
{
	struct record_result *r;
	struct measure_sample *s;

	memset(run, 0, sizeof(*run));
	run->tag = record_strdup(run, "6.9.0-rc1");
	run->suite = "aim9";
	run->options = "duration_s=2 runs=1 dir=/tmp";
	run->source = "aimrun";
	run->aim_version = "0.1.0";
	run->host = "box";
	run->uuid = UUID;
	record_add_env(run, "uname.release", "6.9.0-rc1");
	record_add_env(run, "hostname", "box");
	r = record_add_result(run);
	r->number = 3;
	r->test = "add_long";
	r->status = "ok";
	r->factor = 60000;
	r->units = "Thousand Long Integer Additions/second";
	s = record_add_sample(r);
	s->calls = 100;
	s->elapsed_ns = 2000000000;
	measure_set(&s->m, MEASURE_VOL_CS, 3);
	record_add_hist(run, s)->n = 1;
	s->hist->b[0].bound = 50;
	s->hist->b[0].count = 100;
}

/* RUN is refused with a line that holds WHY and names it; then freed. */
static void
refused(struct record_run *run, const char *why, const char *desc)
{
	char err[1024] = "";

	ok(record_check(run, err, sizeof(err)) < 0 && strstr(err, why) &&
	   strncmp(err, "run ", 4) == 0 && strstr(err, "(tag "), "%s: %s",
	   desc, err);
	record_free(run);
}

static void
test_taken(void)
{
	struct record_run run;
	char err[1024] = "";

	make(&run);
	ok(record_check(&run, err, sizeof(err)) == 0, "aimrun's run is taken%s%s",
	   err[0] ? ": " : "", err);
	is_string(record_env(&run, "hostname"), "box", "a fact by name");
	ok(run.results[0].copies == 1 && run.results[0].warmup_ns == -1 &&
	   run.results[0].samples[0].seq == 1, "a new result: one copy, warm-up"
	   " unknown, samples numbered from 1");
	run.results[0].test = "mytrue";
	run.results[0].number = 0;
	run.results[0].units = "milliseconds";
	run.results[0].better = MEASURE_LOWER;
	ok(record_check(&run, err, sizeof(err)) == 0,
	   "a timed command: a test no catalog holds");
	record_free(&run);
	ok(run.mem == NULL && run.results == NULL, "freed and zeroed");
}

static void
test_refused(void)
{
	struct record_run run;
	struct record_result first;

	make(&run);
	run.host = "x\033y";
	refused(&run, "host contains a control character", "an escape in the host");
	make(&run);
	run.host = "caf\xe9";
	refused(&run, "host is not valid UTF-8", "a Latin-1 host");
	make(&run);
	run.options = "dir=/tmp/a\tb";
	refused(&run, "options contains", "a tab in --dir");
	make(&run);
	run.results[0].status = "fail";
	run.results[0].reason = "x\xe2\x80\xaey";
	refused(&run, "reason contains a bidirectional", "U+202E in a reason");
	make(&run);
	run.results[0].samples[0].elapsed_ns = 0;
	refused(&run, "elapsed_ns is 0 and no rate is printed",
		"an ok sample of no time");
	make(&run);
	run.results[0].n_samples = 0;
	refused(&run, "ok with no samples", "an ok result without samples");
	make(&run);
	run.status = "complete";
	refused(&run, "complete with an end", "complete without an end");
	make(&run);
	run.uuid = "0A1B2C3D-4e5f-4061-8273-94a5b6c7d8e9";
	refused(&run, "uuid is not", "an upper-case uuid");
	make(&run);
	run.results[0].samples[0].hist->b[0].bound = 0;
	refused(&run, "histogram", "a bucket of bound 0");
	make(&run);
	run.results[0].samples[0].printed_ops = NAN;
	run.results[0].samples[0].calls = RECORD_VALUE_MAX;
	run.results[0].samples[0].elapsed_ns = 1;
	refused(&run, "beyond 1e15", "a rate past every product's range");
	make(&run);
	record_add_env(&run, "hostname", "other");
	refused(&run, "hostname given twice", "a fact given twice");
	make(&run);
	first = run.results[0];
	*record_add_result(&run) = first;
	run.results[1].samples = NULL;
	run.results[1].n_samples = 0;
	run.results[1].status = "skip";
	refused(&run, "result add_long rep 1: given twice", "a repetition twice");
}

/* RUN's result with monitors A and B and a log line TEXT (owned, malloc'd). */
static void
kernel(struct record_run *run, const char *a, const char *b, const char *text)
{
	struct record_result *r;

	make(run);
	r = &run->results[0];
	r->monitors = xcalloc(2, sizeof(*r->monitors));
	r->klog = xcalloc(1, sizeof(*r->klog));
	snprintf(r->monitors[0].name, MONITOR_NAME_MAX, "%s", a);
	snprintf(r->monitors[1].name, MONITOR_NAME_MAX, "%s", b);
	r->monitors[0].value = 5;
	r->monitors[1].value = -2;
	r->n_monitors = 2;
	r->klog[0].level = 4;
	snprintf(r->klog[0].text, KLOG_TEXT_MAX, "%s", text);
	r->n_klog = 1;
}

/* Monitors and log lines as a reading and the log make them, and only. */
static void
test_kernel(void)
{
	struct record_run run;
	char err[1024] = "";

	kernel(&run, "interrupts.LOC", "vmstat.pgfault", "WARNING: CPU: 0");
	ok(record_check(&run, err, sizeof(err)) == 0,
	   "a result's monitors and log line are taken%s%s",
	   err[0] ? ": " : "", err);
	record_free(&run);
	kernel(&run, "vmstat.a b", "vmstat.pgfault", "WARNING");
	refused(&run, "monitor 1: not a name a reading makes",
		"a monitor's name no reading makes");
	kernel(&run, "nosuch.pgfault", "vmstat.pgfault", "WARNING");
	refused(&run, "monitor 1:", "a monitor of no source");
	kernel(&run, "vmstat.pgfault", "interrupts.LOC", "WARNING");
	refused(&run, "monitor 2: not a name a reading makes, or not after",
		"monitors out of order");
	kernel(&run, "vmstat.pgfault", "vmstat.pgfault", "WARNING");
	refused(&run, "monitor 2:", "a monitor twice");
	kernel(&run, "interrupts.LOC", "vmstat.pgfault", "a\033[31mb");
	refused(&run, "kernel log line 1 is not one the log gives",
		"an escape in a log line");
	kernel(&run, "interrupts.LOC", "vmstat.pgfault", "");
	refused(&run, "kernel log line 1", "an empty log line");
	kernel(&run, "interrupts.LOC", "vmstat.pgfault", "WARNING");
	run.results[0].klog[0].level = 8;
	refused(&run, "kernel log line 1", "a level past debug");
}

static void
test_forms(void)
{
	char big[RECORD_TEXT_MAX + 8], s[] = "a\033b\xe9";

	ok(record_utc_valid("2024-02-29T23:59:59Z") &&
	   !record_utc_valid("2023-02-29T00:00:00Z") &&
	   !record_utc_valid("2024-01-01 00:00:00Z"), "UTC times of real dates");
	ok(record_uuid_valid(UUID) && !record_uuid_valid("1234"),
	   "uuids in lower-case 8-4-4-4-12");
	ok(record_sha256_valid("0123456789abcdef0123456789abcdef"
			       "0123456789abcdef0123456789abcdef") &&
	   !record_sha256_valid("0123"), "SHA-256 in 64 hex digits");
	record_text_fit(s);
	is_string(s, "a?b?", "text fit: each unprintable character a '?'");
	memset(big, 'x', sizeof(big) - 4);
	memcpy(big + RECORD_TEXT_MAX - 1, "\xc3\xa9", 3);
	record_text_fit(big);
	is_int((int64_t)strlen(big), RECORD_TEXT_MAX - 1,
	       "and cut at the bound, never inside a character");
}

/* Run identity by content: what agrees, what makes another run. */
static void
test_same(void)
{
	struct record_run a, b;
	double lo, hi;

	ok(record_rates_agree(222977.02, 222977.0) &&
	   record_rates_agree(11021554.0, 11021600.0) &&
	   !record_rates_agree(40927.22, 40929.22) &&
	   record_rates_agree(NAN, NAN) && !record_rates_agree(NAN, 1.0),
	   "rates agree to a whole operation or 10^-5, whichever is more");
	record_rate_span(1e7, &lo, &hi);
	ok(lo < 1e7 - 100.0 && hi > 1e7 / (1.0 - RECORD_RATE_REL),
	   "a search's span holds every rate that agrees");
	make(&a);
	make(&b);
	b.tag = record_strdup(&b, "other");
	/* 100 calls of 60000 in 2 s */
	b.results[0].samples[0].printed_ops = 3000000.4;
	ok(record_same_content(&a, &b),
	   "a measured and a printed rate of one sample: the same run");
	b.results[0].samples[0].printed_ops = 3000100.0;
	ok(!record_same_content(&a, &b), "... 100 operations apart: another");
	b.results[0].samples[0].printed_ops = -1.0;
	b.results[0].status = "fail";
	ok(!record_same_content(&a, &b), "another status: another run");
	b.results[0].status = "ok";
	record_add_sample(&b.results[0])->printed_ops = 3000000.0;
	ok(!record_same_content(&a, &b), "another sample: another run");
	record_free(&a);
	record_free(&b);
}

int
main(void)
{
	plan_lazy();
	test_taken();
	test_refused();
	test_kernel();
	test_forms();
	test_same();
	return done_testing();
}
