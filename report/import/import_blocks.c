// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-test comparison blocks as posted to lists, read back so they can be
 * re-checked and extended with new runs: a block starts with its test's
 * units and name (on two lines, or "N name units" on one), then one row a
 * kernel, "[kernel] time count loops/s ops/s" or the same without the
 * brackets, its last numbers perhaps wrapped onto the next line.  One
 * report per kernel; singleuser's prompts above name the machine.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Kernels one set of blocks may hold. */
#define BLOCK_KERNELS_MAX 64

struct blocks {
	const struct import_lines *l;
	char **m;
	struct import_file *f;
	struct import_prompts prompts;
	const struct catalog_test *t;	/* the block being read */
	size_t rows;			/* its rows so far */
};

/* Numbers at S, up to MAX: how many before anything else or the end. */
static size_t
numbers(const char *s, size_t max, int *rest)
{
	const char *tok[5];
	size_t len[5], n = import_tokens(s, tok, len, max + 1), k = 0;
	double x;

	while (k < n && k < max && import_number(tok[k], len[k], &x) == 0)
		k++;
	*rest = k < n;
	return k;
}

/*
 * Mended line S starts a kernel's row: "[kernel]" or a word that is no
 * number, then 1 to 4 numbers and nothing else; *KLEN is the kernel's
 * length at *K, *END what follows it.
 */
static int
kernel_row(const char *s, const char **k, size_t *klen, const char **end)
{
	const char *tok[1];
	size_t len[1];
	double x;
	int rest;

	if (s[0] == '[') {
		if ((*end = strchr(s, ']')) == NULL || *end == s + 1)
			return 0;
		*k = s + 1;
		*klen = (size_t)(*end - s - 1);
		(*end)++;
	} else {
		if (import_tokens(s, tok, len, 1) != 1 ||
		    import_number(tok[0], len[0], &x) == 0 ||
		    import_test(tok[0], len[0]) != NULL)
			return 0;
		*k = tok[0];
		*klen = len[0];
		*end = tok[0] + len[0];
	}
	return numbers(*end, 4, &rest) > 0 && !rest;
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

/*
 * Line I of M (N lines) starts a block: its units and then its name, or
 * "N name units".  Its test, and in *USED how many lines the head takes.
 */
static const struct catalog_test *
block_start(char *const *m, size_t n, size_t i, size_t *used)
{
	const char *tok[2];
	size_t len[2];
	const struct catalog_test *t;
	int64_t no;

	if (i + 1 < n && (t = name_line(m[i + 1])) != NULL &&
	    strcmp(m[i], t->units) == 0) {
		*used = 2;
		return t;
	}
	if (import_tokens(m[i], tok, len, 2) == 2 &&
	    import_count(tok[0], len[0], &no) == 0 &&
	    (t = import_test(tok[1], len[1])) != NULL && no == t->number &&
	    strcmp(tok[1] + len[1] + strspn(tok[1] + len[1], " "), t->units) == 0) {
		*used = 1;
		return t;
	}
	return NULL;
}

/* The report of KERNEL (LEN bytes at S), added at line NO when new. */
static struct import_report *
kernel_report(struct blocks *b, const char *s, size_t len, size_t no)
{
	struct import_file *f = b->f;
	struct import_report *r;

	for (size_t i = 0; i < f->n_reports; i++)
		if (strlen(f->reports[i].title) == len &&
		    memcmp(f->reports[i].title, s, len) == 0)
			return &f->reports[i];
	if (f->n_reports == BLOCK_KERNELS_MAX)
		return NULL;
	r = import_add_report(f, no);
	r->title = xasprintf("%.*s", (int)len, s);
	import_name(r, r->title, "the kernel of its rows", no);
	import_prompts_apply(&b->prompts, r);
	return r;
}

/* The row of the kernel at line I, with the line it wrapped onto. */
static char *
joined(const struct blocks *b, size_t i, const char *end, size_t *used)
{
	int rest;

	*used = 0;
	if (numbers(end, 4, &rest) < 4 && i + 1 < b->l->n &&
	    b->m[i + 1][0] != '\0' &&
	    numbers(b->m[i + 1], 4, &rest) + numbers(end, 4, &rest) == 4 &&
	    !rest) {
		*used = 1;
		return xasprintf("%s %s", end, b->m[i + 1]);
	}
	return xstrdup(end);
}

/* One kernel's row of the current block, at line NO (VALUES after it). */
static int
block_row(struct blocks *b, size_t no, const char *kernel, size_t klen,
	  const char *values)
{
	const struct catalog_test *t = b->t;
	const char *tok[4];
	size_t len[4];
	double v[4];
	int64_t count;
	struct measure_sample smp = { .printed_ops = 0.0 };
	struct import_report *r;
	struct record_result *res;
	unsigned long factor;

	if (import_tokens(values, tok, len, 4) != 4 ||
	    import_number(tok[0], len[0], &v[0]) < 0 ||
	    import_number(tok[2], len[2], &v[2]) < 0 ||
	    import_number(tok[3], len[3], &v[3]) < 0)
		return import_error(b->l->name, no,
				    "%s: expected \"[kernel] time count loops/s ops/s\"",
				    t->name);
	if (import_count(tok[1], len[1], &count) < 0)
		return import_error(b->l->name, no,
				    "%s: count %.*s is not a whole number",
				    t->name, (int)len[1], tok[1]);
	if (!import_tag_printable(kernel, klen))
		return import_error(b->l->name, no, "kernel name is not printable text of 1 to 256 bytes");
	r = kernel_report(b, kernel, klen, no);
	if (r == NULL)
		return import_error(b->l->name, no, "more than %d kernels",
				    BLOCK_KERNELS_MAX);
	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(b->l->name, no, "%s: kernel [%s] given twice",
				    t->name, r->title);
	if (import_value(b->l->name, no, t->name, "count", (double)count) < 0 ||
	    import_value(b->l->name, no, t->name, "loops/s", v[2]) < 0 ||
	    import_value(b->l->name, no, t->name, "ops/s", v[3]) < 0)
		return -1;
	if (import_scaled(v[0], 1e9, 1, &smp.elapsed_ns) < 0)
		return import_error(b->l->name, no, "%s: elapsed time %g s out of range",
				    t->name, v[0]);
	if (import_factor(b->l->name, no, t, v[2], v[3], 0, &factor) < 0)
		return -1;
	res = import_add_result(r, t, "ok", no);
	res->factor = factor;
	smp.calls = count;
	smp.printed_ops = v[3];
	return import_add_sample(b->l->name, no, res, &smp);
}

/* Line *I within the blocks: a block's head, a row, or their end (1). */
static int
block_line(struct blocks *b, size_t *i)
{
	const char *m = b->m[*i], *k, *end;
	const struct catalog_test *next;
	size_t used, klen, no = import_no(b->l, *i);
	char *row;
	int rc;

	if ((next = block_start(b->m, b->l->n, *i, &used)) != NULL) {
		if (b->t != NULL && b->rows == 0)
			return import_error(b->l->name, no, "%s: a block without [kernel] rows", b->t->name);
		b->t = next;
		b->rows = 0;
		*i += used - 1;
		return 0;
	}
	/* A dashed line under the last block ends them: a signature follows. */
	if (import_is_dashes(m) && strlen(m) >= 20 && b->rows > 0)
		return 1;
	if (!kernel_row(m, &k, &klen, &end))
		return import_error(b->l->name, no, m[0] == '[' ?
				    "%s: expected \"[kernel] time count loops/s ops/s\"" :
				    "expected a units line, a test name or a \"[kernel] time count loops/s ops/s\" row",
				    b->t->name);
	row = joined(b, *i, end, &used);
	rc = block_row(b, no, k, klen, row);
	free(row);
	*i += used;
	b->rows++;
	return rc;
}

/*
 * Mail text before the first block is passed over; from it on, every
 * line that is not blank belongs to a block, to a dashed line.
 */
static int
blocks(struct blocks *b)
{
	const struct import_lines *l = b->l;
	const char *k, *end;
	size_t i = 0, used, klen;
	int rc = 0;

	/* A row there is one whose block mail damaged: never pass it over. */
	for (; i < l->n && block_start(b->m, l->n, i, &used) == NULL; i++)
		if (b->m[i][0] == '[' && kernel_row(b->m[i], &k, &klen, &end))
			return import_error(l->name, import_no(l, i), "a [kernel] row without a units line and a test name before it");
	if (i == l->n)
		return import_error(l->name, l->n ? 1 : 0, "no comparison block: expected a units line, a test name and [kernel] rows");
	import_prompts_read(l, b->m, 0, i, &b->prompts);
	if (import_prompts_check(l, &b->prompts) < 0)
		return -1;
	for (; i < l->n && rc == 0; i++)
		if (b->m[i][0] != '\0')
			rc = block_line(b, &i);
	if (rc < 0)
		return -1;
	if (b->rows == 0)
		return import_error(l->name, import_no(l, i - 1), "%s: a block without [kernel] rows", b->t->name);
	return 0;
}

static int
import_blocks(const struct import_lines *l, struct import_file *f)
{
	struct blocks b = { .l = l, .f = f };
	int rc;

	b.m = import_mend_all(l);
	rc = blocks(&b);
	import_mend_free(b.m, l->n);
	import_prompts_free(&b.prompts);
	return rc;
}

/* A block's head, then a kernel's row. */
static int
block_then_row(char *const *m, size_t n, size_t i)
{
	const char *k, *end;
	size_t used, klen;

	return block_start(m, n, i, &used) != NULL && i + used < n &&
	       kernel_row(m[i + used], &k, &klen, &end);
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
