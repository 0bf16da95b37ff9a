// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tags a trend plot draws and the pictures a grid of many tests is
 * cut into.  A 17-tag store of 280 tests made one 2280 x 13700 picture
 * labelling every other tag: now each picture holds one group of tests
 * and every tag drawn is labelled.
 */
#include "config.h"

#include "plot_page.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "tag.h"
#include "xalloc.h"

size_t
plot_model_window(struct plot_model *m, size_t last)
{
	size_t drop = m->n_tags > last ? m->n_tags - last : 0;

	if (drop == 0)
		return 0;
	for (size_t k = 0; k < m->n_tests; k++) {
		struct plot_cell *c = m->tests[k].cells;

		for (size_t i = 0; i < drop; i++)
			free(c[i].runs);
		memmove(c, c + drop, last * sizeof(*c));
	}
	for (size_t i = 0; i < drop; i++)
		free(m->tags[i]);
	memmove(m->tags, m->tags + drop, last * sizeof(*m->tags));
	m->n_tags = last;
	return drop;
}

static char *file_word(const char *s);

/*
 * The group of test T: "classic" below the families' numbers (the
 * classic, extra and timed commands), else its name up to the second
 * '_' ("mem_copy" of mem_copy_libc_4k_hot); in a series split by machine
 * the machine's name after it, so two machines' pages are two files;
 * malloc'd.
 */
static char *
group_of(const struct plot_test *t)
{
	const char *u;
	char *g, *host;

	if (t->number < 201 || (u = strchr(t->name, '_')) == NULL ||
	    (u = strchr(u + 1, '_')) == NULL)
		g = xstrdup("classic");
	else
		g = xasprintf("%.*s", (int)(u - t->name), t->name);
	if (t->host == NULL)
		return g;
	host = file_word(t->host);
	char *both = xasprintf("%s-%s", g, host);

	free(g);
	free(host);
	return both;
}

static void
add_page(struct plot_page **p, size_t *n, size_t first, size_t end,
	 const char *group, int part)
{
	*p = xrealloc(*p, (*n + 1) * sizeof(**p));
	(*p)[*n].first = first;
	(*p)[*n].end = end;
	(*p)[(*n)++].name = group == NULL ? NULL : part > 1 ?
		xasprintf("%s-%d", group, part) : xstrdup(group);
}

size_t
plot_pages(const struct plot_model *m, struct plot_page **out)
{
	size_t n = 0, first = 0;

	*out = NULL;
	if (m->n_tests <= PLOT_PAGE_TESTS) {
		add_page(out, &n, 0, m->n_tests, NULL, 1);
		return n;
	}
	/* Tests come by number: a group's tests are together. */
	while (first < m->n_tests) {
		char *g = group_of(&m->tests[first]);
		size_t end = first + 1;
		int part = 1;

		for (; end < m->n_tests; end++) {
			char *h = group_of(&m->tests[end]);
			int same = strcmp(g, h) == 0;

			free(h);
			if (!same)
				break;
		}
		for (size_t at = first; at < end; at += PLOT_PAGE_TESTS)
			add_page(out, &n, at, at + PLOT_PAGE_TESTS < end ?
				 at + PLOT_PAGE_TESTS : end, g, part++);
		free(g);
		first = end;
	}
	return n;
}

void
plot_pages_free(struct plot_page *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(p[i].name);
	free(p);
}

size_t
plot_pictures(const struct plot_model *m, const struct plot_opts *o)
{
	struct plot_page *p;
	size_t n;

	if (o->per_test)
		return m->n_tests;
	if (o->term->inches)	/* PDF: the pages of one file */
		return 1;
	n = plot_pages(m, &p);
	plot_pages_free(p, n);
	return n;
}

/* S with anything but letters, digits, '-', '_' and '.' as '_'. */
static char *
file_word(const char *s)
{
	char *w = xstrdup(s);

	for (char *p = w; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' ||
		      *p == '.'))
			*p = '_';
	return w;
}

char *
plot_test_path(const struct plot_opts *o, const struct plot_test *t)
{
	size_t len = strlen(o->output);
	char *name = file_word(t->name), *path;
	char *host = t->host != NULL ? file_word(t->host) : NULL;

	path = xasprintf("%s%s%02d-%s%s%s.%s", o->output,
			 len > 0 && o->output[len - 1] == '/' ? "" : "/",
			 t->number, name, host != NULL ? "-" : "",
			 host != NULL ? host : "", plot_term_ext(o->term));
	free(name);
	free(host);
	return path;
}

/* OUTPUT with "-NAME" before its extension. */
static char *
page_path(const char *output, const char *name)
{
	const char *dot = strrchr(output, '.');
	size_t stem = dot != NULL && strchr(dot, '/') == NULL ?
		      (size_t)(dot - output) : strlen(output);

	return xasprintf("%.*s-%s%s", (int)stem, output, name, output + stem);
}

char *
plot_picture_path(const struct plot_model *m, const struct plot_opts *o,
		  size_t k)
{
	struct plot_page *p;
	size_t n;
	char *path;

	if (o->per_test)
		return plot_test_path(o, &m->tests[k]);
	if (o->term->inches)
		return xstrdup(o->output);
	n = plot_pages(m, &p);
	path = k < n && p[k].name != NULL ? page_path(o->output, p[k].name) :
	       xstrdup(o->output);
	plot_pages_free(p, n);
	return path;
}

void
plot_say_window(struct plot_model *m, size_t last)
{
	char a[64], b[64];
	size_t all = m->n_tags;

	if (plot_model_window(m, last) == 0)
		return;
	aim_warn("%zu tags: drawing the last %zu, %s to %s (name the tags to draw others)",
		 all, m->n_tags, tag_shown(m->tags[0], a, sizeof(a)),
		 tag_shown(m->tags[m->n_tags - 1], b, sizeof(b)));
}

void
plot_say_pages(const struct plot_model *m, const struct plot_opts *o)
{
	struct plot_page *pg;
	size_t n;
	char v[64];

	if (o->per_test)
		return;
	n = plot_pages(m, &pg);
	if (n > 1 && o->term->inches)
		aim_warn("%zu tests: a page per group of tests in %s, %s to %s",
			 m->n_tests, tag_shown(o->output, v, sizeof(v)),
			 pg[0].name, pg[n - 1].name);
	for (size_t p = 0; n > 1 && !o->term->inches && p < n; p++) {
		char *path = plot_picture_path(m, o, p);

		aim_warn("%zu tests: tests %d to %d (%s) in %s", m->n_tests,
			 m->tests[pg[p].first].number,
			 m->tests[pg[p].end - 1].number, pg[p].name,
			 tag_shown(path, v, sizeof(v)));
		free(path);
	}
	plot_pages_free(pg, n);
}
