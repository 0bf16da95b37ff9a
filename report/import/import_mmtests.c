/*
 * mmtests' AIM9 results: the raw log of one iteration (the expect
 * transcript of singleuser, logs/aim9-N), whose table is the classic
 * console table and whose prompts give the machine, the kernel and the
 * test time; and the compare-mmtests.pl table, one column per kernel,
 * whose Hmean row of each test becomes that kernel's sample (the other
 * statistics are checked for shape, not stored).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Kernels one compare table may hold. */
#define CMP_COLS_MAX 64

/* The summary rows compare-mmtests.pl prints for a Multiops benchmark. */
static int
is_stat(const char *s, size_t len)
{
	static const char *const names[] = {
		"Min", "Max", "Hmean", "HStddev", "HCoeffVar", "Amean",
		"Stddev", "CoeffVar", "Ratio",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (import_tok_is(s, len, names[i]))
			return 1;
	return (len > 7 && memcmp(s, "BHmean.", 7) == 0) ||
	       (len > 7 && memcmp(s, "BAmean.", 7) == 0);
}

int
import_mmtests_cmp_row(const char *s)
{
	const char *tok[2];
	size_t len[2];

	return import_tokens(s, tok, len, 2) == 2 && is_stat(tok[0], len[0]) &&
	       import_test(tok[1], len[1]) != NULL;
}

/* "(  -0.96%)" or "*   4.30%*" at *P: the change against the base. */
static int
change(const char **p)
{
	const char *s = *p + strspn(*p, " ");
	char close = *s == '(' ? ')' : '*';
	const char *end;
	double x;

	if (*s != '(' && *s != '*')
		return -1;
	s += 1 + strspn(s + 1, " ");
	if (*s == '-')
		s++;
	end = strchr(s, '%');
	if (end == NULL || end[1] != close ||
	    import_number(s, (size_t)(end - s), &x) < 0)
		return -1;
	*p = end + 2;
	return 0;
}

/* The values of row text S into V: how many, or -1 when malformed. */
static int
row_values(const char *s, double *v, size_t max)
{
	size_t n = 0;

	for (;;) {
		const char *p = s + strspn(s, " \t"), *e;

		if (*p == '\0')
			return (int)n;
		e = p + strcspn(p, " \t");
		if (n == max || import_number(p, (size_t)(e - p), &v[n]) < 0)
			return -1;
		s = e;
		if (change(&s) < 0)
			return -1;
		n++;
	}
}

/* Report I's title: its column's name, split over the two header lines. */
static void
titles(const struct import_lines *l, size_t first, struct import_file *f)
{
	const char *tok[2][CMP_COLS_MAX + 1];
	size_t len[2][CMP_COLS_MAX + 1], n[2] = { 0, 0 }, h = 2;

	for (size_t i = first; i > 0 && h > 0; i--)
		if (l->text[i - 1][strspn(l->text[i - 1], " \t")] != '\0') {
			h--;
			n[h] = import_tokens(l->text[i - 1], tok[h], len[h],
					     CMP_COLS_MAX + 1);
		}
	for (size_t i = 0; i < f->n_reports; i++) {
		if (n[0] == f->n_reports && n[1] == f->n_reports)
			f->reports[i].title = xasprintf("%.*s-%.*s",
							(int)len[0][i], tok[0][i],
							(int)len[1][i], tok[1][i]);
		else if (n[1] == f->n_reports)
			f->reports[i].title = import_strip(tok[1][i], len[1][i]);
	}
}

/* One Hmean value of the test T in column I: that kernel's sample. */
static int
hmean(const char *name, size_t no, struct import_report *r,
      const struct catalog_test *t, double v)
{
	if (import_find_result(r, t->name, 1) != NULL)
		return import_error(name, no, "Hmean of %s given twice", t->name);
	return import_add_printed(name, no, r, t, "Hmean", v) != NULL ? 0 : -1;
}

static int
cmp_row(const struct import_lines *l, size_t i, struct import_file *f)
{
	const char *tok[2], *s = l->text[i];
	size_t len[2], no = i + 1;
	const struct catalog_test *t;
	double v[CMP_COLS_MAX];
	int n;

	(void)import_tokens(s, tok, len, 2);
	t = import_test(tok[1], len[1]);
	if (t == NULL)
		return import_error(l->name, no, "unknown test \"%.*s\"",
				    (int)len[1], tok[1]);
	n = row_values(tok[1] + len[1], v, CMP_COLS_MAX);
	if (n <= 0 || (f->n_reports > 0 && (size_t)n != f->n_reports))
		return import_error(l->name, no,
				    "malformed row: expected %s then one value and its change per kernel (%zu)",
				    t->name, f->n_reports);
	if (f->n_reports == 0)
		for (int c = 0; c < n; c++)
			(void)import_add_report(f, no);
	if (!import_tok_is(tok[0], len[0], "Hmean"))
		return 0;
	for (int c = 0; c < n; c++)
		if (hmean(l->name, no, &f->reports[c], t, v[c]) < 0)
			return -1;
	return 0;
}

static int
compare_table(const struct import_lines *l, struct import_file *f)
{
	size_t first = 0;

	for (size_t i = 0; i < l->n; i++) {
		const char *tok[1];
		size_t len[1];

		if (import_tokens(l->text[i], tok, len, 1) == 0 ||
		    !is_stat(tok[0], len[0]))
			continue;
		if (f->n_reports == 0)
			first = i;
		if (cmp_row(l, i, f) < 0)
			return -1;
	}
	for (size_t c = 0; c < f->n_reports; c++)
		if (f->reports[c].n_results == 0)
			return import_error(l->name, first + 1,
					    "no Hmean rows: nothing to import");
	titles(l, first, f);
	return 0;
}

/* The answer of prompt line S when it is PROMPT's, else NULL (malloc'd). */
static char *
answer(const char *s, const char *prompt)
{
	const char *colon;

	s += strspn(s, " \t");
	if (strncmp(s, prompt, strlen(prompt)) != 0 ||
	    (colon = strchr(s, ':')) == NULL)
		return NULL;
	return import_strip(colon + 1, strlen(colon + 1));
}

/* The prompts mmtests answers: machine, kernel (uname -r), test time. */
static int
prompts(const struct import_lines *l, struct import_report *r)
{
	static const char *const prompt[] = {
		"Machine's name", "Machine's configuration",
		"Number of seconds to run each test", "Path to disk files",
	};
	static const char *const key[] = {
		"hostname", "uname.release", "aim9.testtime", "aim9.disk_path",
	};

	for (size_t i = 0; i < l->n && i + 1 < (size_t)r->line; i++)
		for (size_t k = 0; k < sizeof(key) / sizeof(key[0]); k++) {
			char *a = answer(l->text[i], prompt[k]);
			int rc = a == NULL || a[0] == '\0' ? 0 :
				 import_peer_fact(l->name, i + 1, r, key[k], a);

			free(a);
			if (rc < 0)
				return -1;
		}
	return 0;
}

/* Fill the run's header fields from its facts. */
static void
header(const struct import_lines *l, struct import_report *r)
{
	for (size_t i = 0; i < r->n_env; i++) {
		if (strcmp(r->env[i].key, "hostname") == 0)
			r->host = xstrdup(r->env[i].value);
		if (strcmp(r->env[i].key, "uname.release") == 0) {
			r->configuration = xstrdup(r->env[i].value);
			free(r->title);
			r->title = xstrdup(r->env[i].value);
		}
	}
	for (size_t i = 0; i + 1 < (size_t)r->line && r->date == NULL; i++) {
		r->date = answer(l->text[i], "Starting time");
		if (r->date != NULL && !import_peer_text_ok(r->date)) {
			free(r->date);
			r->date = NULL;
		}
	}
}

static int
raw_log(const struct import_lines *l, struct import_file *f)
{
	if (import_console(l, f) < 0)
		return -1;
	if (f->n_reports > 1)
		return import_error(l->name, (size_t)f->reports[1].line,
				    "a second table: an aim9 log holds one iteration");
	if (prompts(l, &f->reports[0]) < 0)
		return -1;
	header(l, &f->reports[0]);
	return 0;
}

int
import_mmtests(const struct import_lines *l, struct import_file *f)
{
	for (size_t i = 0; i < l->n; i++)
		if (import_mmtests_cmp_row(l->text[i]))
			return compare_table(l, f);
	return raw_log(l, f);
}
