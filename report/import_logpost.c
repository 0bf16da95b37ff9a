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
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

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
		struct import_result *res;

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
