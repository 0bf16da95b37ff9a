// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The files singleuser appends to: logfile.suite9 ("name delta_ms loops/s
 * ops/s units/second") and suite9.ss ("name<TAB>ops/s<TAB>label per
 * second").  Each run starts with a few header lines (machine, configuration,
 * date, ...), so a header after results starts the next report.  And
 * logfile lines as posted to compare kernels (at the end).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* singleuser writes 5 header lines; more means this is something else. */
#define HEADER_MAX 8

struct blocks {
	const struct import_lines *l;
	struct import_file *f;
	struct import_report *rep;	/* receiving results, NULL after a header */
	size_t header[HEADER_MAX];	/* line indexes of the pending header */
	size_t n_header;
	size_t header_start;		/* line number of its first line */
	unsigned long filesize_k;	/* "5120K" header line, else 0 */
};

/* "<digits>K", the file size line of the header. */
static void
header_filesize(struct blocks *b, const char *s)
{
	size_t n = strspn(s, "0123456789");
	int64_t k;

	if (n > 0 && strcmp(s + n, "K") == 0 && import_count(s, n, &k) == 0 &&
	    k > 0 && k <= IMPORT_FACTOR_MAX)
		b->filesize_k = (unsigned long)k;
}

static int
header_line(struct blocks *b, size_t i)
{
	if (b->rep != NULL || b->n_header == 0) {
		b->rep = NULL;
		b->n_header = 0;
		b->header_start = import_no(b->l, i);
		b->filesize_k = 0;
	}
	if (b->n_header == HEADER_MAX)
		return import_error(b->l->name, import_no(b->l, i),
				    "more than %d lines without results: not a logfile.suite9 or suite9.ss",
				    HEADER_MAX);
	b->header[b->n_header++] = i;
	header_filesize(b, b->l->text[i]);
	return 0;
}

static char *
header_field(const struct blocks *b, size_t k)
{
	const char *s;

	if (k >= b->n_header)
		return NULL;
	s = b->l->text[b->header[k]];
	return s[0] != '\0' ? import_strip(s, strlen(s)) : NULL;
}

/* The report receiving results: the header before it names it. */
static struct import_report *
current(struct blocks *b, size_t no)
{
	if (b->rep != NULL)
		return b->rep;
	b->rep = import_add_report(b->f, b->n_header ? b->header_start : no);
	b->rep->host = header_field(b, 0);
	b->rep->configuration = header_field(b, 1);
	b->rep->config_line = b->n_header > 1 ? (int)import_no(b->l, b->header[1]) : 0;
	b->rep->date = header_field(b, 2);
	if (b->rep->configuration != NULL)
		b->rep->title = xstrdup(b->rep->configuration);
	b->n_header = 0;
	return b->rep;
}

static int
new_result(struct blocks *b, size_t no, const struct catalog_test *t,
	   struct record_result **out)
{
	struct import_report *r = current(b, no);

	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(b->l->name, no,
				    "%s appears twice in one report", t->name);
	*out = import_add_result(r, t, "ok", no);
	return 0;
}

int
import_log_line(const char *name, size_t no, const char *s,
		unsigned long filesize_k, struct import_log_line *out)
{
	const char *tok[5];
	size_t len[5], n = import_tokens(s, tok, len, 5);
	double delta, loops, ops;
	const struct catalog_test *t = n > 0 ? import_test(tok[0], len[0]) : NULL;
	int is_data = n == 5 && import_number(tok[1], len[1], &delta) == 0 &&
		      import_number(tok[2], len[2], &loops) == 0 &&
		      import_number(tok[3], len[3], &ops) == 0;

	memset(out, 0, sizeof(*out));
	if (!is_data && t == NULL)
		return 0;
	if (!is_data)
		return import_error(name, no,
				    "malformed line: expected name elapsed_ms loops/s ops/s units/second");
	if (t == NULL)
		return import_error(name, no, "unknown test \"%.*s\"",
				    (int)len[0], tok[0]);
	if (strcmp(tok[4], t->units) != 0)
		return import_error(name, no, "%s: units \"%s\", expected \"%s\"",
				    t->name, tok[4], t->units);
	if (import_value(name, no, t->name, "loops/s", loops) < 0 ||
	    import_value(name, no, t->name, "ops/s", ops) < 0)
		return -1;
	/* %g keeps 6 digits of loops/s: the call count is the nearest. */
	if (import_scaled(delta, 1e6, 1, &out->s.elapsed_ns) < 0 ||
	    import_scaled(loops * delta, 1e-3, 0, &out->s.calls) < 0)
		return import_error(name, no,
				    "%s: elapsed time %g ms or call count out of range (1 ns to %g ms, 0 to %g calls)",
				    t->name, delta, IMPORT_VALUE_MAX / 1e6,
				    IMPORT_VALUE_MAX);
	if (import_factor(name, no, t, loops, ops, filesize_k, &out->factor) < 0)
		return -1;
	out->t = t;
	out->s.printed_ops = ops;
	return 1;
}

/* logfile.suite9: name delta_ms loops/s ops/s units/second */
static int
log_data(struct blocks *b, size_t no, const char *s, int *is_data)
{
	struct import_log_line d;
	struct record_result *res;
	int rc = import_log_line(b->l->name, no, s, b->filesize_k, &d);

	*is_data = rc > 0;
	if (rc <= 0)
		return rc;
	if (new_result(b, no, d.t, &res) < 0)
		return -1;
	res->factor = d.factor;
	return import_add_sample(b->l->name, no, res, &d.s);
}

/* "Thousand Long Integer Additions" + " per second" in suite9.ss. */
static int
ss_units_ok(const struct catalog_test *t, const char *units)
{
	size_t n = strlen(t->units) - strlen("/second");

	return strncmp(units, t->units, n) == 0 &&
	       strcmp(units + n, " per second") == 0;
}

/*
 * singleuser writes suite9.ss's rate as (int)ops: from 2^31 ops/s on it
 * comes out negative (-2147483648 on x86).  The rate is lost; the line,
 * and every other, is good.  1 when TEXT (LEN bytes) is such a value.
 */
static int
int_overflow(const char *text, size_t len)
{
	int64_t v;

	return len > 1 && text[0] == '-' &&
	       import_count(text + 1, len - 1, &v) == 0 && v >= 1 &&
	       v <= 2147483648LL;
}

/* suite9.ss: name<TAB>ops/s<TAB>label per second */
static int
ss_data(struct blocks *b, size_t no, const char *s, int *is_data)
{
	const char *tab1 = strchr(s, '\t'), *tab2;
	const struct catalog_test *t;
	struct measure_sample smp = { .printed_ops = 0.0 };
	struct record_result *res;
	unsigned long factor;
	int lost;

	*is_data = tab1 != NULL;
	if (!*is_data) {
		const char *tok[1];
		size_t len[1];

		if (import_tokens(s, tok, len, 1) == 1 &&
		    import_test(tok[0], len[0]) != NULL)
			return import_error(b->l->name, no,
					    "malformed line: expected name<TAB>ops/s<TAB>units per second");
		return 0;
	}
	tab2 = strchr(tab1 + 1, '\t');
	lost = tab2 != NULL && int_overflow(tab1 + 1, (size_t)(tab2 - tab1 - 1));
	if (tab2 == NULL || strchr(tab2 + 1, '\t') != NULL ||
	    (!lost && import_number(tab1 + 1, (size_t)(tab2 - tab1 - 1),
				    &smp.printed_ops) < 0))
		return import_error(b->l->name, no,
				    "malformed line: expected name<TAB>ops/s<TAB>units per second");
	t = import_test(s, (size_t)(tab1 - s));
	if (t == NULL)
		return import_error(b->l->name, no, "unknown test \"%.*s\"",
				    (int)(tab1 - s), s);
	if (!ss_units_ok(t, tab2 + 1))
		return import_error(b->l->name, no, "%s: units \"%s\" do not match \"%s\"",
				    t->name, tab2 + 1, t->units);
	if (import_value(b->l->name, no, t->name, "ops/s",
			 smp.printed_ops) < 0 ||
	    import_factor(b->l->name, no, t, -1.0, smp.printed_ops,
			  b->filesize_k, &factor) < 0 ||
	    new_result(b, no, t, &res) < 0)
		return -1;
	res->factor = factor;
	if (lost) {
		char *why = xasprintf("suite9.ss gives %.*s: singleuser wrote the rate as an int, which overflows at 2^31 ops/s and more",
				      (int)(tab2 - tab1 - 1), tab1 + 1);

		res->status = "fail";
		res->reason = record_strdup(&b->rep->run, why);
		free(why);
		return 0;
	}
	return import_add_sample(b->l->name, no, res, &smp);
}

static int
read_blocks(const struct import_lines *l, struct import_file *f,
	    int (*data)(struct blocks *, size_t, const char *, int *))
{
	struct blocks b = { .l = l, .f = f };

	for (size_t i = 0; i < l->n; i++) {
		int is_data;

		if (l->text[i][strspn(l->text[i], " \t")] == '\0')
			continue;
		if (data(&b, import_no(l, i), l->text[i], &is_data) < 0)
			return -1;
		if (!is_data && header_line(&b, i) < 0)
			return -1;
	}
	if (b.rep == NULL && b.n_header > 0 && f->n_reports > 0)
		return import_error(l->name, b.header_start,
				    "header without results (truncated?)");
	if (f->n_reports == 0)
		return import_error(l->name, l->n ? 1 : 0, "no results found");
	return 0;
}

static int
import_logfile(const struct import_lines *l, struct import_file *f)
{
	int rc = import_log_posted(l, f);

	return rc != 0 ? (rc < 0 ? -1 : 0) : read_blocks(l, f, log_data);
}

static int
import_ss(const struct import_lines *l, struct import_file *f)
{
	return read_blocks(l, f, ss_data);
}

/* "name<TAB>..." of a classic test: a line of suite9.ss. */
static int
is_ss_line(const char *s)
{
	const char *tab = strchr(s, '\t');

	return tab != NULL && import_test(s, (size_t)(tab - s)) != NULL;
}

static int
is_ss(const struct import_lines *l)
{
	return import_any_line(l, is_ss_line);
}

/* "name delta loops ops units" of a classic test: of logfile.suite9. */
static int
is_log_line(const char *s)
{
	const char *tok[5];
	size_t len[5];
	double x;
	int k = 1;

	if (import_tokens(s, tok, len, 5) < 5 || import_test(tok[0], len[0]) == NULL)
		return 0;
	while (k <= 3 && import_number(tok[k], len[k], &x) == 0)
		k++;
	return k > 3;
}

static int
is_logfile(const struct import_lines *l)
{
	return import_any_line(l, is_log_line);
}

const struct importer importer_ss = {
	.name = "ss",
	.detect = is_ss,
	.parse = import_ss,
};

const struct importer importer_logfile = {
	.name = "logfile",
	.detect = is_logfile,
	.parse = import_logfile,
};

/*
 * logfile.suite9 lines as posted to lists to compare kernels: under a
 * list of the kernels, one line each, a group a test of one line a
 * kernel, in that order, groups apart by blank lines:
 *
 *   2.4.19
 *   2.5.49
 *
 *   add_double 10010 29.4705       530469.53 Thousand Double ...
 *   add_double 10040 29.1833       525298.80 Thousand Double ...
 *
 * One report per kernel, named by the list when each of its lines names
 * one kernel version.  The poster's remarks between groups are passed
 * over; a group of another size is refused.
 */

/* Kernels one such comparison may hold. */
#define KERNELS_MAX 64

/* The group of lines from I that are logfile lines: how many, 0 if none. */
static long
group(const struct import_lines *l, size_t i, struct import_log_line *d,
      size_t max)
{
	size_t k = 0;

	for (; i + k < l->n && k < max; k++) {
		int rc = import_log_line(l->name, import_no(l, i + k),
					 l->text[i + k], 0, &d[k]);

		if (rc < 0)
			return -1;
		if (rc == 0)
			break;
	}
	return (long)k;
}

/* Reports 0..K-1 of F named by the K lines above line FIRST, if they do. */
static void
kernel_list(const struct import_lines *l, size_t first, size_t k,
	    struct import_file *f)
{
	char *kernel[KERNELS_MAX] = { NULL };
	size_t end = first, ok = 0;

	while (end > 0 && l->text[end - 1][0] == '\0')
		end--;
	for (size_t j = 0; end >= k && j < k; j++) {
		kernel[j] = import_kernel_named(l->text[end - k + j]);
		ok += kernel[j] != NULL && import_peer_text_ok(kernel[j]);
	}
	for (size_t j = 0; j < k; j++) {
		if (ok == k)
			import_name_kernel(&f->reports[j], kernel[j],
					   "the list of kernels above the lines",
					   import_no(l, end - k + j));
		free(kernel[j]);
	}
}

/* The K lines D of one test's group at line I, a sample per kernel. */
static int
add_group(const struct import_lines *l, size_t i, const struct import_log_line *d,
	  size_t k, struct import_file *f)
{
	for (size_t j = 0; j < k; j++) {
		struct import_report *r = &f->reports[j];
		size_t no = import_no(l, i + j);
		struct record_result *res;

		if (d[j].t != d[0].t)
			return import_error(l->name, no,
					    "%s among the %zu lines of %s: one line a kernel, a group a test",
					    d[j].t->name, k, d[0].t->name);
		if (import_find_result(r, d[j].t->name, 1) != NULL)
			return import_error(l->name, no, "%s: a second group",
					    d[j].t->name);
		res = import_add_result(r, d[j].t, "ok", no);
		res->factor = d[j].factor;
		if (import_add_sample(l->name, no, res, &d[j].s) < 0)
			return -1;
	}
	return 0;
}

int
import_log_posted(const struct import_lines *l, struct import_file *f)
{
	struct import_log_line d[KERNELS_MAX + 1];
	size_t i = 0, k = 0;
	long n = 0;

	/* The first group shows the layout: a test repeated, line by line. */
	while (i < l->n && (n = group(l, i, d, 2)) == 0)
		i++;
	if (n < 2 || d[0].t != d[1].t || (n = group(l, i, d, KERNELS_MAX + 1)) < 0)
		return n < 0 ? -1 : 0;
	k = (size_t)n;
	if (k > KERNELS_MAX)
		return import_error(l->name, import_no(l, i), "more than %d kernels",
				    KERNELS_MAX);
	for (size_t j = 0; j < k; j++)
		(void)import_add_report(f, import_no(l, i + j));
	kernel_list(l, i, k, f);
	for (; i < l->n; i++) {
		if ((n = group(l, i, d, KERNELS_MAX + 1)) < 0)
			return -1;
		if (n == 0)
			continue;	/* a blank line, or a remark */
		if ((size_t)n != k)
			return import_error(l->name, import_no(l, i),
					    "%ld lines of %s: expected %zu, one a kernel",
					    n, d[0].t->name, k);
		if (add_group(l, i, d, k, f) < 0)
			return -1;
		i += k - 1;
	}
	return 1;
}
