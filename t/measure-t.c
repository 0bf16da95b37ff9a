// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The measurement record (lib/core/measure.c): the metric table, metrics set
 * and cleared, the text form of the CSV export both ways with hostile
 * input, a record through the child-to-parent pipe whole, and every
 * metric named in aimcmp(1), whose --counters shows them.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"
#include "proto.h"
#include "storefx.h"
#include "tap.h"
#include "xalloc.h"

static void
test_table(void)
{
	int names_ok = 1;

	for (int i = 0; i < MEASURE_COUNT; i++) {
		const struct measure_def *d = measure_def((enum measure_id)i);
		size_t len = strlen(d->name);

		if (len == 0 || strspn(d->name, "abcdefghijklmnopqrstuvwxyz"
				       "0123456789_-") != len ||
		    measure_lookup(d->name, len) != i || d->unit[0] == '\0')
			names_ok = 0;
	}
	ok(names_ok, "every metric has a plain name that finds it, and a unit");
	is_int(measure_lookup("vol_cs", 6), MEASURE_VOL_CS, "vol_cs");
	is_int(measure_lookup("invol_cs", 8), MEASURE_INVOL_CS, "invol_cs");
	is_int(measure_lookup("vol_csx", 6), MEASURE_VOL_CS,
	       "a name is its LEN bytes");
	is_int(measure_lookup("vol_c", 5), -1, "a prefix is no name");
	is_int(measure_lookup("vol_cs\0", 7), -1, "nor a name with a NUL");
	ok(measure_def(MEASURE_INVOL_CS)->kind == MEASURE_COUNTER &&
	   measure_def(MEASURE_INVOL_CS)->better == MEASURE_LOWER,
	   "context switches: a counter, lower is better");
}

static void
test_set_get(void)
{
	struct measure_sample s;
	int64_t v = -1;

	measure_init(&s, 4);
	ok(s.seq == 4 && s.calls == 0 && s.printed_ops < 0 && s.m.have == 0,
	   "a new sample: its number, nothing measured, no printed rate");
	ok(!measure_get(&s.m, MEASURE_VOL_CS, &v) && v == -1,
	   "an absent metric is not read");
	measure_set(&s.m, MEASURE_VOL_CS, 0);
	ok(measure_get(&s.m, MEASURE_VOL_CS, &v) && v == 0,
	   "zero is a value, not absence");
	measure_set(&s.m, MEASURE_VOL_CS, -3);
	ok(!measure_get(&s.m, MEASURE_VOL_CS, &v), "a negative value clears it");
	s.m.have = UINT64_MAX;
	s.m.v[MEASURE_INVOL_CS] = -5;
	s.m.v[MEASURE_VOL_CS] = 9;
	measure_sanitize(&s.m);
	ok(s.m.have == ((MEASURE_BIT(MEASURE_COUNT) - 1) &
			~MEASURE_BIT(MEASURE_INVOL_CS)),
	       "sanitize keeps known bits with values of 0 and more");
}

static void
test_text(void)
{
	struct measure_metrics m = { 0 }, back;
	char buf[MEASURE_TEXT_MAX], err[80], small[8];

	is_int(measure_format(&m, buf, sizeof(buf)), 0, "no metric: empty");
	is_string(buf, "", "... the empty string");
	measure_set(&m, MEASURE_INVOL_CS, 7);
	measure_set(&m, MEASURE_VOL_CS, 123456789012345678);
	ok(measure_format(&m, buf, sizeof(buf)) > 0, "two metrics formatted");
	is_string(buf, "vol_cs=123456789012345678 invol_cs=7", "in table order");
	is_int(measure_format(&m, small, sizeof(small)), -1,
	       "a short buffer is refused");
	ok(measure_parse(buf, &back, err, sizeof(err)) == 0 &&
	   memcmp(&back, &m, sizeof(m)) == 0, "parsed back to the same");
	ok(measure_parse("", &back, err, sizeof(err)) == 0 && back.have == 0,
	   "the empty string is no metric");
	static const char *const bad[][2] = {
		{ "no_such_metric=1", "unknown metric name" },
		{ "vol_cs=1 vol_cs=1", "metric vol_cs given twice" },
		{ "vol_cs=", "metric vol_cs: not 1 to 18 decimal digits" },
		{ "vol_cs=+1", "metric vol_cs: not 1 to 18 decimal digits" },
		{ "vol_cs=1x", "metric vol_cs: not 1 to 18 decimal digits" },
		{ "vol_cs=1000000000000000000",
		  "metric vol_cs: not 1 to 18 decimal digits" },
		{ "vol_cs=1 ", "trailing space" },
		{ " vol_cs=1", "empty metric (two spaces?)" },
		{ "vol_cs", "a metric is not name=value" },
		{ "=5", "unknown metric name" },
		{ "vol_cs=1\tinvol_cs=2", "metric vol_cs: not 1 to 18 decimal digits" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		back.have = 1;
		err[0] = '\0';
		ok(measure_parse(bad[i][0], &back, err, sizeof(err)) == -1 &&
		   back.have == 0 && strcmp(err, bad[i][1]) == 0,
		   "refused: \"%s\" (%s)", bad[i][0], err);
	}
}

static void
test_pipe(void)
{
	struct proto_rec out, in;
	int fd[2];

	if (pipe(fd) != 0)
		bail("pipe");
	memset(&out, 0, sizeof(out));
	out.type = PROTO_SAMPLE;
	measure_init(&out.sample, 3);
	out.sample.calls = 1000;
	out.sample.elapsed_ns = 2000;
	measure_set(&out.sample.m, MEASURE_INVOL_CS, 5);
	ok(proto_write(fd[1], &out) == 0 && proto_read(fd[0], &in) == 1,
	   "a sample record through the pipe");
	ok(in.sample.seq == 3 && in.sample.calls == 1000 &&
	   in.sample.elapsed_ns == 2000 && in.sample.m.have == out.sample.m.have &&
	   in.sample.m.v[MEASURE_INVOL_CS] == 5, "... whole, with its metrics");
	(void)close(fd[0]);
	(void)close(fd[1]);
}

static int
name_char(char c)
{
	return c == '_' || islower((unsigned char)c) || isdigit((unsigned char)c);
}

/* Whether NAME stands in TEXT as a word of its own. */
static int
has_word(const char *text, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = strstr(text, name); p != NULL;
	     p = strstr(p + 1, name)) {
		char before = p == text ? ' ' : p[-1], after = p[len];

		/* Names are lower case: \fBname\fR stands alone. */
		if (!name_char(before) && !name_char(after))
			return 1;
	}
	return 0;
}

/* aimcmp --counters shows every metric a sample holds (no bucket is one). */
static void
test_documented(void)
{
	char *path = xasprintf("%s/doc/aimcmp.1", tap_srcdir());
	size_t len;
	char *text = storefx_slurp(path, &len);
	int missing = 0;

	if (text == NULL)
		bail("%s: cannot read", path);
	text[len] = '\0';
	for (int i = 0; i < MEASURE_COUNT; i++) {
		const struct measure_def *d = measure_def((enum measure_id)i);

		if (d->kind != MEASURE_BUCKET && !has_word(text, d->name)) {
			diag("%s is not in %s", d->name, path);
			missing++;
		}
	}
	ok(missing == 0, "doc/aimcmp.1 names every metric --counters shows");
	free(text);
	free(path);
}

int
main(void)
{
	plan_lazy();
	test_table();
	test_set_get();
	test_text();
	test_pipe();
	test_documented();
	return done_testing();
}
