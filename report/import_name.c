/*
 * What names an imported run when no --tag is given.  Most formats say it
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
