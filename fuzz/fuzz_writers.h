/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the writers' fuzz harness checks, apart from how it builds its
 * inputs: a rendering into memory, and the comparison of a rendering of
 * hostile strings with one of neutral strings in each output language.
 */
#ifndef AIM_FUZZ_WRITERS_H
#define AIM_FUZZ_WRITERS_H

#include "fmt.h"
#include "plot.h"

enum fuzz_lang {
	FUZZ_GNUPLOT,
	FUZZ_HTML,
	FUZZ_MARKDOWN,
	FUZZ_JUNIT,
	FUZZ_TAP,	/* the last */
};

/*
 * The gnuplot script of M and O, or the page or table of T, as a
 * malloc'd string; NULL when the writer failed.
 */
char *fuzz_render(enum fuzz_lang lang, const struct plot_model *m,
		  const struct plot_opts *o, const struct cmp_table *t);

/*
 * 0 when A (hostile strings) has the structure of B (neutral ones) in
 * LANG, else -1 after fuzz_broken().  gnuplot: outside single-quoted
 * literals the two are identical, double-quoted literals and comments
 * included, and no literal holds a control character.  HTML: as many
 * < > " ' and lines, and every & begins a character reference.
 * Markdown: as many lines and unescaped | < > ` * [ ] ~, and no
 * unescaped & that could begin a character reference.  JUnit XML: as
 * HTML, with XML's own references.  TAP: the same lines, each of the
 * same kind (test point, diagnostic, other), a test point with as many
 * '#', and no control character.
 */
int fuzz_same_structure(enum fuzz_lang lang, const char *a, const char *b);

#endif
