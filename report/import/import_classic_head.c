// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The parts of a classic console table: its two heading lines, in the
 * original or in the variant that prints CPU utilisation (User and System
 * seconds after the elapsed time), each perhaps broken in two by a mail
 * client; the title line above it; the row numbers a mail client moved to
 * the end of the line before; a row's "[kernel]" tag; and the numbers of
 * a row once its lines are joined, each checked against the others and
 * the test's catalog entry.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* The heading lines with every blank taken out, per variant. */
static const char *const heading1[] = {
	IMPORT_HEADING1,
	"TestTestElapsedCPUUtilizationIterationIterationOperation",
};
static const char *const heading2[] = {
	IMPORT_HEADING2,
	"NumberNameTime(sec)UserSystemCountRate(loops/sec)Rate(ops/sec)",
};

/* Mended line S without its blanks equals SQUEEZED from *AT: advance. */
static int
squeezed_part(const char *s, const char *squeezed, size_t *at)
{
	size_t k = *at;

	for (; *s != '\0'; s++) {
		if (*s == ' ')
			continue;
		if (squeezed[k] != *s)
			return 0;
		k++;
	}
	*at = k;
	return 1;
}

/*
 * Lines I (and I + 1, when mail broke it) of M, N lines, spell SQUEEZED:
 * how many, else 0.
 */
static size_t
spelled(char *const *m, size_t n, size_t i, const char *squeezed)
{
	size_t at = 0;

	if (m[i][0] == '\0' || !squeezed_part(m[i], squeezed, &at))
		return 0;
	if (squeezed[at] == '\0')
		return 1;
	if (i + 1 < n && m[i + 1][0] != '\0' &&
	    squeezed_part(m[i + 1], squeezed, &at) && squeezed[at] == '\0')
		return 2;
	return 0;
}

size_t
import_heading_at(char *const *m, size_t n, size_t i, int *cpu)
{
	for (int v = 0; v < 2; v++) {
		size_t k = spelled(m, n, i, heading2[v]);

		if (k > 0) {
			*cpu = v;
			return k;
		}
	}
	return 0;
}

size_t
import_heading1_above(char *const *m, size_t n, size_t i, int cpu)
{
	if (i >= 1 && spelled(m, n, i - 1, heading1[cpu]) == 1)
		return 1;
	if (i >= 2 && spelled(m, n, i - 2, heading1[cpu]) == 2)
		return 2;
	return 0;
}

int
import_console_heading(const char *s)
{
	char *m = import_mend(s);
	int cpu;
	size_t k = import_heading_at(&m, 1, 0, &cpu);

	free(m);
	return k == 1;
}

/*
 * Mended line M ends in the number of the row on the next line, NEXT,
 * which starts with a test's name: "... Functions/second    41" and
 * "matrix_rtns   60.00 ...".  Move the number back in front of the name.
 */
static void
carry_number(char **m, size_t i)
{
	char *sp = strrchr(m[i], ' '), *moved;
	const char *tok[1];
	size_t len[1];

	if (sp == NULL || sp[1] == '\0' ||
	    strspn(sp + 1, "0123456789") != strlen(sp + 1) ||
	    strlen(sp + 1) > 2 || sp - m[i] < 7 ||
	    strncmp(sp - 7, "/second", 7) != 0 ||
	    import_tokens(m[i + 1], tok, len, 1) != 1 ||
	    import_test(tok[0], len[0]) == NULL)
		return;
	moved = xasprintf("%s %s", sp + 1, m[i + 1]);
	*sp = '\0';
	free(m[i + 1]);
	m[i + 1] = moved;
}

void
import_carry_numbers(char **m, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		carry_number(m, i);
}

/* The title: blanks and "=#*" decoration off both ends, then one ':'. */
static char *
title_of(const char *s)
{
	size_t len = strlen(s);

	while (len > 0 && strchr(" \t=#*", *s) != NULL) {
		s++;
		len--;
	}
	while (len > 0 && strchr(" \t=#*", s[len - 1]) != NULL)
		len--;
	if (len > 0 && s[len - 1] == ':')
		len--;
	return len > 0 ? import_strip(s, len) : NULL;
}

/* Lines singleuser itself prints around a table; never a title. */
static const char *const aim9_lines[] = {
	"AIM Independent Resource Benchmark", "Copyright (c)",
	"All Rights Reserved",		      "Operation Count enabled",
	"Machine's name",		      "Machine's configuration",
	"Number of seconds to run each test", "Path to disk files",
	"Starting time:",		      "Projected Run Time:",
	"Projected finish:",		      "Projected Completion time:",
	"Actual Completion time:",	      "Difference:",
	"Testing over",
};

static int
is_aim9_line(const char *s)
{
	for (size_t i = 0; i < sizeof(aim9_lines) / sizeof(aim9_lines[0]); i++)
		if (strncmp(s, aim9_lines[i], strlen(aim9_lines[i])) == 0)
			return 1;
	return 0;
}

char *
import_console_title(char *const *m, size_t from, size_t start)
{
	for (size_t i = start; i > from; i--) {
		const char *s = m[i - 1];

		/* A configuration moved under its prompt is no title either. */
		if (s[0] == '\0' || is_aim9_line(s) || import_is_dashes(s) ||
		    import_mail_line(s) ||
		    (i >= 2 && strncmp(m[i - 2], "Machine's configuration", 23) == 0))
			continue;
		return title_of(s);
	}
	return NULL;
}

/* REST of a row starts "[kernel]": its tag (*LEN bytes), REST after it. */
const char *
import_row_tag(const char **rest, size_t *len)
{
	const char *s = *rest, *end;

	*len = 0;
	if (s[0] != '[' || (end = strchr(s, ']')) == NULL || end == s + 1)
		return NULL;
	*len = (size_t)(end - s - 1);
	*rest = end + 1 + strspn(end + 1, " ");
	return s + 1;
}

/* The LEN bytes at S are printable text for a kernel's name. */
int
import_tag_printable(const char *s, size_t len)
{
	char *tag = xasprintf("%.*s", (int)len, s);
	int ok = import_peer_text_ok(tag);

	free(tag);
	return ok;
}

/* Mended line M is a row tagged "[kernel]": one of a table with no heading. */
int
import_tagged_row(const char *m)
{
	const char *rest, *units;
	const struct catalog_test *t;
	int64_t number;
	size_t len;

	return import_row_start(m, &number, &t, &rest) &&
	       import_row_tag(&rest, &len) != NULL &&
	       import_row_numbers(rest, 4, &units) == 4;
}

const char import_console_malformed[] =
	"malformed row: expected number name elapsed count loops/s ops/s units/second";

/* The units of a complete row are T's, else say how they differ. */
static int
check_units(const char *name, size_t no, const char *units,
	    const struct catalog_test *t, int units_above)
{
	if (strcmp(units, t->units) == 0 || (units[0] == '\0' && units_above))
		return 0;
	if (strstr(units, "/second") != NULL &&
	    strchr("0123456789", units[0]) == NULL)
		return import_error(name, no,
				    "%s: units \"%s\", expected \"%s\"", t->name,
				    units, t->units);
	if (units[0] != '\0' && strncmp(t->units, units, strlen(units)) == 0)
		return import_error(name, no,
				    "malformed row: %s units \"%s\" cut short, expected \"%s\"",
				    t->name, units, t->units);
	return import_error(name, no, "%s", import_console_malformed);
}

/* The CPU seconds of the variant's row as metrics of S. */
static int
cpu_seconds(const char *name, size_t no, const struct catalog_test *t,
	    const double *v, struct measure_sample *s)
{
	static const enum measure_id id[2] = { MEASURE_USER_NS, MEASURE_SYS_NS };

	for (int k = 0; k < 2; k++) {
		int64_t ns;

		if (import_scaled(v[k], 1e9, 0, &ns) < 0)
			return import_error(name, no,
					    "%s: CPU time %g s out of range",
					    t->name, v[k]);
		measure_set(&s->m, id[k], ns);
	}
	return 0;
}

int
import_console_values(const char *name, size_t no, const char *row,
		      const struct catalog_test *t, int cpu, int units_above,
		      struct measure_sample *s, unsigned long *factor)
{
	const char *tok[6], *units;
	size_t len[6], want = cpu ? 6 : 4, k = want - 4;
	double v[6];
	int64_t count;
	int bad = import_row_numbers(row, want, &units) != want ||
		  import_tokens(row, tok, len, want) != want;

	for (size_t j = 0; j < want && !bad; j++)
		bad = j == k + 1 ? import_count(tok[j], len[j], &count) < 0 :
				   import_number(tok[j], len[j], &v[j]) < 0;
	if (bad)
		return import_error(name, no, "%s", import_console_malformed);
	if (check_units(name, no, units, t, units_above) < 0 ||
	    import_value(name, no, t->name, "count", (double)count) < 0 ||
	    import_value(name, no, t->name, "loops/s", v[k + 2]) < 0 ||
	    import_value(name, no, t->name, "ops/s", v[k + 3]) < 0 ||
	    (cpu && cpu_seconds(name, no, t, v + 1, s) < 0))
		return -1;
	if (import_scaled(v[0], 1e9, 1, &s->elapsed_ns) < 0)
		return import_error(name, no,
				    "%s: elapsed time %g s out of range (1 ns to %g s)",
				    t->name, v[0], IMPORT_VALUE_MAX / 1e9);
	if (import_factor(name, no, t, v[k + 2], v[k + 3], 0, factor) < 0)
		return -1;
	s->calls = count;
	s->printed_ops = v[k + 3];
	return 0;
}
