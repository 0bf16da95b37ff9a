// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a report says of its run.  singleuser's four prompts and its
 * starting time, as a report shows them above its table: the machine's
 * name and configuration (where mmtests answers uname -r), the seconds
 * per test and the disk path; answered from a pipe, the prompts stand
 * together on one line with no answers, and that line answers nothing; a
 * mail may move an answer onto the next line.  And what names an
 * imported run when no --tag is given.  Most formats say it
 * themselves (a kernel in brackets, a column, a commit, mmtests' uname
 * -r): their importers name their reports.  A classic report names its
 * kernel only in words: the machine's configuration it was run with
 * ("Lx2.5.47-P3-497MHz-128MB"), or the Subject of the mail it came in
 * ("AIM9 results for kernel-2.5.47").  The kernel version found there is
 * the name and the run's uname.release; two different versions in one
 * place name nothing.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

/* Parts a kernel version may carry after it: 2.6.20-rc1-mm2. */
static const char *const suffixes[] = { "rc", "pre", "mm", "git", "ac", "bk" };

/* Digits at S, at most MAX of them: how many, 0 for none or too many. */
static size_t
digits(const char *s, size_t max)
{
	size_t n = strspn(s, "0123456789");

	return n <= max ? n : 0;
}

/* A version suffix "-rc1" at S: its length, or 0. */
static size_t
suffix(const char *s)
{
	if (s[0] != '-')
		return 0;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t n = strlen(suffixes[i]);

		if (strncmp(s + 1, suffixes[i], n) == 0 && digits(s + 1 + n, 4) > 0)
			return 1 + n + digits(s + 1 + n, 4);
	}
	return 0;
}

/* A kernel version starting at S (not within a number): its length. */
static size_t
version_at(const char *start, const char *s)
{
	size_t n = digits(s, 2), parts = 1, k;

	if (n == 0 || (s > start && (isdigit((unsigned char)s[-1]) ||
				     s[-1] == '.')))
		return 0;
	while (s[n] == '.' && (k = digits(s + n + 1, 4)) > 0 && parts < 4) {
		n += 1 + k;
		parts++;
	}
	if (parts < 2 || isdigit((unsigned char)s[n]) ||
	    (s[n] == '.' && isdigit((unsigned char)s[n + 1])))
		return 0;
	while ((k = suffix(s + n)) > 0)
		n += k;
	return n;
}

char *
import_kernel_named(const char *s)
{
	char *found = NULL;

	for (const char *p = s; *p != '\0'; p++) {
		size_t n = version_at(s, p);

		if (n == 0)
			continue;
		if (found != NULL && (strlen(found) != n ||
				      strncmp(found, p, n) != 0)) {
			free(found);
			return NULL;
		}
		if (found == NULL)
			found = xasprintf("%.*s", (int)n, p);
		p += n - 1;
	}
	return found;
}

void
import_name(struct import_report *r, const char *name, const char *how,
	    size_t line)
{
	free(r->name);
	free(r->name_how);
	r->name = xstrdup(name);
	r->name_how = line > 0 ? xasprintf("%s (line %zu)", how, line) :
				 xstrdup(how);
}

/* R is named by KERNEL, as HOW says at LINE: its name and release. */
void
import_name_kernel(struct import_report *r, const char *kernel,
		   const char *how, size_t line)
{
	import_name(r, kernel, how, line);
	if (import_find_env(r, "uname.release") == NULL)
		import_add_env(r, "uname.release", kernel);
	/* A kernel is no machine: the environment is unknown still. */
	if (import_find_env(r, IMPORT_ENV_UNKNOWN_KEY) == NULL)
		import_add_env(r, IMPORT_ENV_UNKNOWN_KEY, IMPORT_ENV_UNKNOWN);
}

void
import_name_reports(const struct import_lines *l, struct import_file *f)
{
	size_t line = 0;
	char *subject = import_mail_subject(l, &line);
	char *by_subject = subject != NULL ? import_kernel_named(subject) : NULL;

	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_report *r = &f->reports[i];
		char *kernel;

		if (r->name != NULL)
			continue;
		kernel = r->configuration != NULL ?
				 import_kernel_named(r->configuration) : NULL;
		if (kernel != NULL && import_peer_text_ok(kernel))
			import_name_kernel(r, kernel,
				    "the kernel of the machine's configuration",
				    (size_t)r->config_line);
		/* One Subject names one report. */
		else if (by_subject != NULL && f->n_reports == 1 &&
			 import_peer_text_ok(by_subject))
			import_name_kernel(r, by_subject,
				    "the kernel of the mail's Subject", line);
		free(kernel);
	}
	free(by_subject);
	free(subject);
}

static const char *const labels[IMPORT_PROMPTS] = {
	[IMPORT_PROMPT_NAME] = "Machine's name",
	[IMPORT_PROMPT_CONFIG] = "Machine's configuration",
	[IMPORT_PROMPT_SECONDS] = "Number of seconds to run each test",
	[IMPORT_PROMPT_PATH] = "Path to disk files",
	[IMPORT_PROMPT_START] = "Starting time",
};

/* The prompt mended line M starts with, or -1. */
static int
prompt_of(const char *m)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		if (strncmp(m, labels[k], strlen(labels[k])) == 0)
			return k;
	return -1;
}

/* M holds a second prompt after its first: prompts answered by a pipe. */
static int
piped(const char *m)
{
	for (int k = 0; k < IMPORT_PROMPT_START; k++) {
		const char *at = strstr(m, labels[k]);

		if (at != NULL && at != m)
			return 1;
	}
	return 0;
}

/*
 * The answer after the prompt on line I of L (M mended, N lines), as
 * written, or the word on the next line when a mail moved it there.
 */
static char *
answer(const struct import_lines *l, char *const *m, size_t n, size_t i,
       size_t *used)
{
	const char *raw = import_unquote(l->text[i]);
	const char *colon = strchr(raw, ':');
	char *a;

	*used = i;
	if (colon == NULL)
		return NULL;
	a = import_strip(colon + 1, strlen(colon + 1));
	if (a[0] == '\0' && i + 1 < n && m[i + 1][0] != '\0' &&
	    prompt_of(m[i + 1]) < 0 && !import_is_dashes(m[i + 1]) &&
	    strchr(m[i + 1], ' ') == NULL) {
		free(a);
		a = xstrdup(m[i + 1]);
		*used = i + 1;
	}
	if (a[0] == '\0') {
		free(a);
		return NULL;
	}
	return a;
}

void
import_prompts_read(const struct import_lines *l, char *const *m,
		    size_t from, size_t to, struct import_prompts *p)
{
	memset(p, 0, sizeof(*p));
	for (size_t i = from; i < to && i < l->n; i++) {
		int k = prompt_of(m[i]);
		size_t used;
		char *a;

		if (k < 0 || piped(m[i]) || p->answer[k] != NULL)
			continue;
		a = answer(l, m, to < l->n ? to : l->n, i, &used);
		if (a == NULL)
			continue;
		p->answer[k] = a;
		p->line[k] = import_no(l, used);
	}
}

void
import_prompts_free(struct import_prompts *p)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		free(p->answer[k]);
}

int
import_prompts_check(const struct import_lines *l, const struct import_prompts *p)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		if (p->answer[k] != NULL && !import_peer_text_ok(p->answer[k]))
			return import_error(l->name, p->line[k],
					    "%s: longer than 256 bytes, control characters or invalid UTF-8",
					    labels[k]);
	return 0;
}

void
import_prompts_apply(const struct import_prompts *p, struct import_report *r)
{
	const char *name = p->answer[IMPORT_PROMPT_NAME];
	const char *config = p->answer[IMPORT_PROMPT_CONFIG];

	if (name != NULL && r->host == NULL)
		r->host = xstrdup(name);
	if (config != NULL && r->configuration == NULL) {
		r->configuration = xstrdup(config);
		r->config_line = (int)p->line[IMPORT_PROMPT_CONFIG];
	}
}
