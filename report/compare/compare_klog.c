// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel-log health in a comparison: the lines of level warning and
 * above that the kernel logged while each side's results ran, gathered
 * into the table (the HTML report lists them), and one warning line when
 * any side has some, saying how many each side has, in which tests, and
 * the first line's text.  A side whose runs did not read the log (aimrun
 * without root, where kernel.dmesg_restrict is 1) or did not record
 * whether they did (an older aimrun, an import) is said so, never
 * counted as clean.  The text is the kernel's:
 * the formats escape it as every warning.  Part of the compare module.
 */
#include "config.h"

#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"
#include "xalloc.h"

/* Tests named in a side's part of the line, at most. */
#define TESTS_SHOWN 3

/* SIDE's part of the line: "TAG 3 (page_test 2, fork_test 1)", ... */
static char *
side_part(const struct query_tag *side, size_t lines)
{
	size_t unread = 0, unknown = 0, named = 0;
	char *out, *next;
	const char *last = NULL;

	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = record_env(&side->runs[i], "kernel_log");

		unknown += v == NULL;
		unread += v != NULL && strcmp(v, "read") != 0;
	}
	if (lines == 0)
		return xasprintf("%s %s", side->tag, unread > 0 ? "not read" :
				 unknown > 0 ? "not recorded" : "none");
	out = xasprintf("%s %zu (", side->tag, lines);
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];
		size_t n = 0;

		if (r->n_klog == 0 || (last != NULL && strcmp(last, r->test) == 0))
			continue;
		last = r->test;
		for (size_t j = i; j < side->n_results &&
		     strcmp(side->results[j].test, r->test) == 0; j++)
			n += side->results[j].n_klog;
		next = named < TESTS_SHOWN ?
		       xasprintf("%s%s%s %zu", out, named > 0 ? ", " : "",
				 r->test, n) :
		       named == TESTS_SHOWN ? xasprintf("%s, ...", out) : NULL;
		named++;
		if (next != NULL) {
			free(out);
			out = next;
		}
	}
	next = xasprintf("%s)%s", out, unread + unknown > 0 ?
			 ", some runs not read" : "");
	free(out);
	return next;
}

void
compare_klog(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	char *line = NULL, *next, shown[160];
	const struct cmp_klog *first = NULL;

	for (size_t s = 0; s < n; s++)
		for (size_t i = 0; i < sides[s].n_results; i++) {
			const struct record_result *r = &sides[s].results[i];

			for (size_t j = 0; j < r->n_klog; j++) {
				t->klog = xrealloc(t->klog, (t->n_klog + 1) *
						   sizeof(*t->klog));
				t->klog[t->n_klog++] = (struct cmp_klog){
					s, r->test, r->rep, &r->klog[j] };
			}
		}
	if (t->n_klog == 0)
		return;
	for (size_t s = 0, k = 0; s < n; s++) {
		size_t lines = 0;
		char *part;

		for (; k < t->n_klog && t->klog[k].side == s; k++) {
			lines++;
			if (first == NULL)
				first = &t->klog[k];
		}
		part = side_part(&sides[s], lines);
		next = xasprintf("%s%s%s", line != NULL ? line : "",
				 line != NULL ? ", " : "", part);
		free(part);
		free(line);
		line = next;
	}
	compare_warn(t, xasprintf("kernel log: lines of level warning or above during the runs: %s; the first, of %s in %s: %s",
				  line, sides[first->side].tag, first->test,
				  tag_shown(first->line->text, shown,
					    sizeof(shown))));
	free(line);
}
