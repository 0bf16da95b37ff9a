/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tags are free text, but they end up in terminals, CSV, JSON, Markdown
 * and file names of plots: refuse what no display can show safely.
 */
#ifndef AIM_TAG_H
#define AIM_TAG_H

#include <stddef.h>
#include <stdio.h>

#define TAG_MAX_BYTES 200

/*
 * 0 when TAG is acceptable: 1..TAG_MAX_BYTES bytes of valid UTF-8 with no
 * control character (C0, DEL, C1, U+2028, U+2029), no bidirectional
 * control (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C), no
 * invisible character (U+200B..U+200D, U+2060, U+FEFF, U+180E) and no
 * blank (space, tab, Unicode spaces) at either end.  Otherwise -1 with
 * the reason in WHY.
 */
int tag_check(const char *tag, char *why, size_t whylen);

/*
 * The same for any text from outside, named WHAT in WHY: at most MAX
 * bytes of valid UTF-8 without a control, bidirectional or invisible
 * character; with NAME also not empty and no blank at either end (a
 * tag, a test's name).  0, or -1 with WHY ("WHAT contains ...").
 */
int tag_text_check(const char *what, const char *s, size_t max, int name,
		   char *why, size_t whylen);

/*
 * Make S, text from outside (a tag, a test name, a line of a file), safe
 * to show inside a one-line message: every control character, every
 * bidirectional control or invisible character and every byte that is
 * not part of valid UTF-8 becomes '?', in place (S may get shorter).
 */
void tag_printable(char *s);

/* A malloc'd copy of S made printable as by tag_printable(). */
char *tag_printable_dup(const char *s);

/*
 * Write S (NULL: nothing) to F made printable as by tag_printable(), then
 * blanks up to WIDTH columns: every text output prints strings from a
 * database or the command line this way, so an escape sequence or a
 * newline in one can neither drive the terminal nor forge a line, and
 * columns stay aligned.  Errors stay in F's error indicator.
 */
void tag_fput(FILE *f, const char *s, size_t width);

/*
 * The columns S takes once printable: one per character (wide and
 * combining characters are not told apart), one per '?'.
 */
size_t tag_columns(const char *s);

/* 1 when S is valid UTF-8 (as tag_check() decodes it), else 0. */
int tag_utf8_valid(const char *s);

/*
 * Every byte of S that is not part of valid UTF-8 becomes '?', in place;
 * control characters are kept (for formats that escape them: JSON).
 */
void tag_utf8_repair(char *s);

/*
 * S as it may appear in a one-line message: printable (as above) and,
 * when longer than LEN - 1 bytes, cut short and ended with "...".  Writes
 * into BUF (LEN > 4) and returns it.
 */
const char *tag_shown(const char *s, char *buf, size_t len);

#endif
