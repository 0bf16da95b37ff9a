/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Writing CSV fields through libcsv: quoted only when the text needs it,
 * so plain numbers stay plain, and a NULL stays distinguishable from an
 * empty string (an empty unquoted field versus "").
 */
#ifndef AIM_CSVOUT_H
#define AIM_CSVOUT_H

#include <stdio.h>

/*
 * Field S (NULL: empty, unquoted), preceded by a comma unless FIRST;
 * control, bidirectional and invisible characters and bytes that are not
 * UTF-8 are written as '?'.
 * Errors are left in the stream's error flag for the caller to check.
 */
void csvout_field(FILE *f, int first, const char *s);
/* The same with a printf format. */
void csvout_fieldf(FILE *f, int first, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * Number X in full precision (the shortest text that reads back as X,
 * jsonout_shortest()), an empty field when X is not finite.
 */
void csvout_number(FILE *f, int first, double x);
/* End the record. */
void csvout_end(FILE *f);

#endif
