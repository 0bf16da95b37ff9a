// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One line of the default text table's grid: cells aligned in their
 * columns, numbers to the right, strings from the database through
 * tag_fput(), and the units last, wrapped at spaces under their first
 * piece.
 */
#include "config.h"

#include "fmt_table.h"

#include <string.h>

#include "tag.h"

/* Narrowest the wrapped units get; with less room they stay whole. */
#define UNITS_MIN 20

static int
right_aligned(enum col k)
{
	return k != COL_NAME && k != COL_MARK && k != COL_INTERVAL &&
	       k != COL_SHORT && k != COL_JUDGED && k != COL_CV;
}

/* Blanks up to the next column: one before a marker, else two. */
static size_t
gap(const struct grid *g, size_t c, int first)
{
	if (first)
		return 0;
	return g->kind[c] == COL_MARK ? 1 : 2;
}

static void
blanks(FILE *f, size_t n)
{
	fprintf(f, "%*s", (int)n, "");
}

/*
 * The units from column AT on, cut at spaces to fit within WRAP columns
 * (0: no limit), each further piece on a line of its own under the first;
 * whole when the columns before leave too little room (N-way tables).
 */
static void
put_units(FILE *f, const char *u, size_t at, size_t wrap)
{
	size_t room = wrap > at + UNITS_MIN ? wrap - at : 0;
	size_t len = strlen(u), k;

	for (;;) {
		k = len;
		if (room > 0 && len > room) {
			/* The last space within room, else the first after. */
			const char *sp = memrchr(u, ' ', room + 1);

			k = sp != NULL && sp > u ? (size_t)(sp - u) :
			    strcspn(u, " ");
		}
		fprintf(f, "%.*s\n", (int)k, u);
		if (k >= len)
			return;
		u += k + 1;
		len -= k + 1;
		blanks(f, at);
	}
}

/* The columns of line L up to its last cell with text (no units). */
static size_t
line_end(const struct grid *g, size_t l)
{
	size_t end = g->n_cols;

	if (g->units[l][0] != '\0')
		return end;
	while (end > 0 && (g->cell[l * g->n_cols + end - 1] == NULL ||
			   g->cell[l * g->n_cols + end - 1][0] == '\0'))
		end--;
	return end;
}

void
fmt_table_line(FILE *f, const struct grid *g, size_t l, size_t wrap)
{
	size_t at = 0, end = line_end(g, l);
	int first = 1;

	for (size_t c = 0; c < end; c++) {
		const char *s = g->cell[l * g->n_cols + c];
		size_t w = s != NULL ? tag_columns(s) : 0;

		if (g->width[c] == 0)
			continue;
		/* A sub-row's text from after the name to the edge. */
		if (g->span[l] && c > 0 && g->kind[c - 1] == COL_NAME)
			break;
		blanks(f, gap(g, c, first));
		at += gap(g, c, first) + g->width[c];
		first = 0;
		if (right_aligned(g->kind[c]))
			blanks(f, g->width[c] - w);
		tag_fput(f, s, right_aligned(g->kind[c]) ||
			 (c + 1 == end && end < g->n_cols) ? 0 :
			 g->width[c]);
	}
	if (end < g->n_cols) {
		fputc('\n', f);
		return;
	}
	blanks(f, 2);
	put_units(f, g->units[l], at + 2, wrap);
}
