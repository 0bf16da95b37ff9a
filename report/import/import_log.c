/*
 * The files singleuser appends to: logfile.suite9 ("name delta_ms loops/s
 * ops/s units/second") and suite9.ss ("name<TAB>ops/s<TAB>label per
 * second").  Each run starts with a few header lines (machine, configuration,
 * date, ...), so a header after results starts the next report.
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
		b->header_start = i + 1;
		b->filesize_k = 0;
	}
	if (b->n_header == HEADER_MAX)
		return import_error(b->l->name, i + 1,
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
	b->rep->date = header_field(b, 2);
	if (b->rep->configuration != NULL)
		b->rep->title = xstrdup(b->rep->configuration);
	b->n_header = 0;
	return b->rep;
}

static int
new_result(struct blocks *b, size_t no, const struct catalog_test *t,
	   struct import_result **out)
{
	struct import_report *r = current(b, no);

	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(b->l->name, no,
				    "%s appears twice in one report", t->name);
	*out = import_add_result(r, t, "ok", no);
	return 0;
}

/* logfile.suite9: name delta_ms loops/s ops/s units/second */
static int
log_data(struct blocks *b, size_t no, const char *s, int *is_data)
{
	const char *tok[5];
	size_t len[5], n = import_tokens(s, tok, len, 5);
	double delta, loops, ops;
	const struct catalog_test *t = n > 0 ? import_test(tok[0], len[0]) : NULL;
	struct import_sample smp = { 0 };
	struct import_result *res;
	unsigned long factor;

	*is_data = n == 5 && import_number(tok[1], len[1], &delta) == 0 &&
		   import_number(tok[2], len[2], &loops) == 0 &&
		   import_number(tok[3], len[3], &ops) == 0;
	if (!*is_data && t == NULL)
		return 0;
	if (!*is_data)
		return import_error(b->l->name, no,
				    "malformed line: expected name elapsed_ms loops/s ops/s units/second");
	if (t == NULL)
		return import_error(b->l->name, no, "unknown test \"%.*s\"",
				    (int)len[0], tok[0]);
	if (strcmp(tok[4], t->units) != 0)
		return import_error(b->l->name, no,
				    "%s: units \"%s\", expected \"%s\"", t->name,
				    tok[4], t->units);
	if (import_value(b->l->name, no, t->name, "loops/s", loops) < 0 ||
	    import_value(b->l->name, no, t->name, "ops/s", ops) < 0)
		return -1;
	/* %g keeps 6 digits of loops/s: the call count is the nearest. */
	if (import_scaled(delta, 1e6, 1, &smp.elapsed_ns) < 0 ||
	    import_scaled(loops * delta, 1e-3, 0, &smp.calls) < 0)
		return import_error(b->l->name, no,
				    "%s: elapsed time %g ms or call count out of range (1 ns to %g ms, 0 to %g calls)",
				    t->name, delta, IMPORT_VALUE_MAX / 1e6,
				    IMPORT_VALUE_MAX);
	if (import_factor(b->l->name, no, t, loops, ops, b->filesize_k,
			  &factor) < 0 ||
	    new_result(b, no, t, &res) < 0)
		return -1;
	res->factor = factor;
	smp.has_printed = 1;
	smp.printed_ops = ops;
	return import_add_sample(b->l->name, no, res, &smp);
}

/* "Thousand Long Integer Additions" + " per second" in suite9.ss. */
static int
ss_units_ok(const struct catalog_test *t, const char *units)
{
	size_t n = strlen(t->units) - strlen("/second");

	return strncmp(units, t->units, n) == 0 &&
	       strcmp(units + n, " per second") == 0;
}

/* suite9.ss: name<TAB>ops/s<TAB>label per second */
static int
ss_data(struct blocks *b, size_t no, const char *s, int *is_data)
{
	const char *tab1 = strchr(s, '\t'), *tab2;
	const struct catalog_test *t;
	struct import_sample smp = { .has_printed = 1 };
	struct import_result *res;
	unsigned long factor;

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
	if (tab2 == NULL || strchr(tab2 + 1, '\t') != NULL ||
	    import_number(tab1 + 1, (size_t)(tab2 - tab1 - 1),
			  &smp.printed_ops) < 0)
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
		if (data(&b, i + 1, l->text[i], &is_data) < 0)
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

int
import_logfile(const struct import_lines *l, struct import_file *f)
{
	return read_blocks(l, f, log_data);
}

int
import_ss(const struct import_lines *l, struct import_file *f)
{
	return read_blocks(l, f, ss_data);
}
