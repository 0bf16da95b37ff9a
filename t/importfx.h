/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Parsing texts with aimdb's importers in the unit tests: the result and
 * the one-line message on stderr, which is caught.
 */
#ifndef AIM_IMPORTFX_H
#define AIM_IMPORTFX_H

#include <stddef.h>

#include "import.h"

/* The classic table's dashed line and its heading. */
#define RULE "----------------------------------------" \
	     "----------------------------------------" \
	     "----------------------------\n"
#define HEAD RULE \
	" Test        Test        Elapsed  Iteration    Iteration          Operation\n" \
	"Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n" \
	RULE

/* Parse SIZE bytes of TEXT as KIND ("auto", ...) into F; the message to MSG. */
int importfx_parse_n(const char *text, size_t size, const char *kind,
		     struct import_file *f, char *msg, size_t len);
/* The same of the string TEXT. */
int importfx_parse(const char *text, const char *kind, struct import_file *f,
		   char *msg, size_t len);
/* TEXT is refused as KIND with the message WANT (test WHAT). */
void importfx_refused(const char *text, const char *kind, const char *want,
		      const char *what);

#endif
