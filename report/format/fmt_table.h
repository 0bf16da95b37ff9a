/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The grid of the default text table (fmt_table.c builds it, the cells
 * of every line, units aside) and the printing of one of its lines
 * (fmt_table_line.c).
 */
#ifndef AIM_FMT_TABLE_H
#define AIM_FMT_TABLE_H

#include <stddef.h>
#include <stdio.h>

/* What a column of the table holds. */
enum col {
	COL_NUM, COL_NAME, COL_VALUE, COL_DELTA, COL_PCT, COL_MARK,
	COL_SHORT, COL_INTERVAL, COL_MDC, COL_CLASSIC, COL_JUDGED, COL_CV,
};

/* The cells of every line of the table, units aside. */
struct grid {
	size_t n_cols;
	size_t n_lines;
	enum col *kind;		/* of each column */
	size_t *side;		/* the side of a per-side column */
	char **cell;		/* n_lines * n_cols, malloc'd, NULL: empty */
	char **units;		/* one per line, printable, malloc'd */
	/* 1: the line's text runs from after the name, not the units */
	unsigned char *span;
	size_t *width;		/* columns of each column */
	int brief;		/* units in their short form */
};

/*
 * Line L of G: its cells aligned, then its units wrapped within WRAP
 * columns (0: no limit); no blanks at its end.
 */
void fmt_table_line(FILE *f, const struct grid *g, size_t l, size_t wrap);

#endif
