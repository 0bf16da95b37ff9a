// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmtests' AIM9 results: the raw log of one iteration (the expect
 * transcript of singleuser, logs/aim9-N), whose table is the classic
 * console table and whose prompts give the machine, the kernel and the
 * test time; or compare-mmtests.pl tables (import_mmcmp.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* The facts of the prompts mmtests answers (uname -r: configuration). */
static int
prompts(const struct import_lines *l, struct import_report *r)
{
	static const char *const key[IMPORT_PROMPT_START] = {
		"hostname", "uname.release", "aim9.testtime", "aim9.disk_path",
	};
	char **m = import_mend_all(l);
	struct import_prompts p;
	int rc = 0;

	import_prompts_read(l, m, 0, (size_t)r->line - 1, &p);
	import_mend_free(m, l->n);
	for (int k = 0; k < IMPORT_PROMPT_START && rc == 0; k++)
		if (p.answer[k] != NULL)
			rc = import_peer_fact(l->name, p.line[k], r, key[k],
					      p.answer[k]);
	if (rc == 0 && p.answer[IMPORT_PROMPT_START] != NULL &&
	    import_peer_text_ok(p.answer[IMPORT_PROMPT_START]))
		r->date = xstrdup(p.answer[IMPORT_PROMPT_START]);
	if (rc == 0 && p.answer[IMPORT_PROMPT_CONFIG] != NULL) {
		free(r->title);
		r->title = xstrdup(p.answer[IMPORT_PROMPT_CONFIG]);
		import_name(r, r->title, "the kernel mmtests answered for the machine's configuration",
			    p.line[IMPORT_PROMPT_CONFIG]);
	}
	import_prompts_free(&p);
	return rc;
}

/* Mended line I of M is a compare-mmtests.pl row of an AIM9 test. */
static int
cmp_row_at(char *const *m, size_t n, size_t i)
{
	(void)n;
	return import_mmtests_cmp_row(m[i], 0);
}

/* ... of any benchmark: the text is compare tables, not a log. */
static int
any_cmp_row_at(char *const *m, size_t n, size_t i)
{
	(void)n;
	return import_mmtests_cmp_row(m[i], 1);
}

static int
raw_log(const struct import_lines *l, struct import_file *f)
{
	if (import_console(l, f) < 0)
		return -1;
	if (f->n_reports > 1)
		return import_error(l->name, (size_t)f->reports[1].line,
				    "a second table: an aim9 log holds one iteration");
	return prompts(l, &f->reports[0]);
}

static int
import_mmtests(const struct import_lines *l, struct import_file *f)
{
	if (import_any_mended(l, any_cmp_row_at))
		return import_mmtests_compare(l, f);
	return raw_log(l, f);
}

/* A compare-mmtests.pl row, or the expect transcript of an aim9 log. */
static int
is_mmtests_line(char *const *m, size_t n, size_t i)
{
	return cmp_row_at(m, n, i) || strcmp(m[i], "spawn ./singleuser") == 0;
}

static int
is_mmtests(const struct import_lines *l)
{
	return import_any_mended(l, is_mmtests_line);
}

static int
is_mmtests_dir(int dirfd)
{
	return import_peer_has_any(dirfd, "aim9-1");
}

const struct importer importer_mmtests = {
	.name = "mmtests",
	.detect = is_mmtests,
	.parse = import_mmtests,
	.dir_detect = is_mmtests_dir,
	.dir_parse = import_mmtests_dir,
	.dir_what = "mmtests logs (aim9-1...)",
};
