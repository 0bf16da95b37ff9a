/*
 * Per-test comparison blocks as posted to lists, read back so they can be
 * re-checked and extended with new runs: a units line and the test's
 * name, then "[kernel] time count loops/s ops/s" per kernel; one report
 * per kernel.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Kernels one set of blocks may hold. */
#define BLOCK_KERNELS_MAX 64

/* Mended line S is "[kernel]" and four numbers; *END is after the "]". */
static int
kernel_row(const char *s, const char **end)
{
	const char *tok[5];
	size_t len[5];
	double x;

	if (s[0] != '[' || (*end = strchr(s, ']')) == NULL || *end == s + 1)
		return 0;
	(*end)++;
	if (import_tokens(*end, tok, len, 5) != 4)
		return 0;
	for (int i = 0; i < 4; i++)
		if (import_number(tok[i], len[i], &x) < 0)
			return 0;
	return 1;
}

/* Mended line S names a catalog test, alone or after its number. */
static const struct catalog_test *
name_line(const char *s)
{
	const char *tok[3];
	size_t len[3], n = import_tokens(s, tok, len, 3);
	const struct catalog_test *t;
	int64_t no;

	if (n == 1)
		return import_test(tok[0], len[0]);
	if (n != 2 || import_count(tok[0], len[0], &no) < 0 ||
	    (t = import_test(tok[1], len[1])) == NULL || no != t->number)
		return NULL;
	return t;
}

/* Lines I and I + 1 of M are a block's units and name: its test. */
static const struct catalog_test *
block_start(char *const *m, size_t n, size_t i)
{
	const struct catalog_test *t;

	if (i + 1 >= n || (t = name_line(m[i + 1])) == NULL)
		return NULL;
	return strcmp(m[i], t->units) == 0 ? t : NULL;
}

/* The report of KERNEL (LEN bytes at S), added at line NO when new. */
static struct import_report *
kernel_report(struct import_file *f, const char *s, size_t len, size_t no)
{
	for (size_t i = 0; i < f->n_reports; i++)
		if (strlen(f->reports[i].title) == len &&
		    memcmp(f->reports[i].title, s, len) == 0)
			return &f->reports[i];
	if (f->n_reports == BLOCK_KERNELS_MAX)
		return NULL;
	struct import_report *r = import_add_report(f, no);

	r->title = xasprintf("%.*s", (int)len, s);
	import_name(r, r->title, "the kernel of its rows", no);
	return r;
}

/* Mended kernel row S, at line NO, of the block of test T. */
static int
block_row(const char *name, size_t no, struct import_file *f,
	  const struct catalog_test *t, char *s)
{
	const char *end = NULL, *tok[4];
	size_t len[4];
	double elapsed, loops, ops;
	int64_t count;
	struct import_sample smp = { .has_printed = 1 };
	struct import_report *r;
	struct import_result *res;
	unsigned long factor;

	if (!kernel_row(s, &end))
		return import_error(name, no,
				    "%s: expected \"[kernel] time count loops/s ops/s\"",
				    t->name);
	(void)import_tokens(end, tok, len, 4);
	(void)import_number(tok[0], len[0], &elapsed);
	(void)import_number(tok[2], len[2], &loops);
	(void)import_number(tok[3], len[3], &ops);
	if (import_count(tok[1], len[1], &count) < 0)
		return import_error(name, no, "%s: count %.*s is not a whole number",
				    t->name, (int)len[1], tok[1]);
	*strchr(s, ']') = '\0';
	if (!import_peer_text_ok(s + 1))
		return import_error(name, no, "kernel name is not printable text of 1 to 256 bytes");
	r = kernel_report(f, s + 1, strlen(s + 1), no);
	if (r == NULL)
		return import_error(name, no, "more than %d kernels",
				    BLOCK_KERNELS_MAX);
	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(name, no, "%s: kernel [%s] given twice",
				    t->name, r->title);
	if (import_value(name, no, t->name, "count", (double)count) < 0 ||
	    import_value(name, no, t->name, "loops/s", loops) < 0 ||
	    import_value(name, no, t->name, "ops/s", ops) < 0)
		return -1;
	if (import_scaled(elapsed, 1e9, 1, &smp.elapsed_ns) < 0)
		return import_error(name, no, "%s: elapsed time %g s out of range",
				    t->name, elapsed);
	if (import_factor(name, no, t, loops, ops, 0, &factor) < 0)
		return -1;
	res = import_add_result(r, t, "ok", no);
	res->factor = factor;
	smp.calls = count;
	smp.printed_ops = ops;
	return import_add_sample(name, no, res, &smp);
}

/*
 * Mail text before the first block is passed over; from it on, every
 * line that is not blank belongs to a block.
 */
static int
blocks(const char *name, char *const *m, size_t n, struct import_file *f)
{
	const struct catalog_test *t = NULL;
	const char *end;
	size_t i = 0, rows = 0;

	/* A row there is one whose block mail damaged: never pass it over. */
	for (; i < n && block_start(m, n, i) == NULL; i++)
		if (kernel_row(m[i], &end))
			return import_error(name, i + 1, "a [kernel] row without a units line and a test name before it");
	for (; i < n; i++) {
		const struct catalog_test *next = block_start(m, n, i);

		if (m[i][0] == '\0')
			continue;
		if (next != NULL || (m[i][0] != '[' && t != NULL)) {
			if (t != NULL && rows == 0)
				return import_error(name, i + 1, "%s: a block without [kernel] rows", t->name);
			if (next == NULL)
				return import_error(name, i + 1,
						    "expected a units line, a test name or a \"[kernel] time count loops/s ops/s\" row");
			t = next;
			rows = 0;
			i++;
			continue;
		}
		if (block_row(name, i + 1, f, t, m[i]) < 0)
			return -1;
		rows++;
	}
	if (t == NULL)
		return import_error(name, n ? 1 : 0, "no comparison block: expected a units line, a test name and [kernel] rows");
	if (rows == 0)
		return import_error(name, n, "%s: a block without [kernel] rows", t->name);
	return 0;
}

static int
import_blocks(const struct import_lines *l, struct import_file *f)
{
	char **m = import_mend_all(l);
	int rc = blocks(l->name, m, l->n, f);

	import_mend_free(m, l->n);
	return rc;
}

/* A test's name line, then a [kernel] row. */
static int
block_then_row(char *const *m, size_t n, size_t i)
{
	const char *end;

	return i + 1 < n && name_line(m[i]) != NULL && kernel_row(m[i + 1], &end);
}

static int
is_blocks(const struct import_lines *l)
{
	return import_any_mended(l, block_then_row);
}

const struct importer importer_blocks = {
	.name = "blocks",
	.detect = is_blocks,
	.parse = import_blocks,
};
