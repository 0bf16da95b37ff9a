/*
 * Tags are free text, but they end up in terminals, CSV, JSON, Markdown
 * and file names of plots: refuse what no display can show safely.
 */
#ifndef AIM_TAG_H
#define AIM_TAG_H

#include <stddef.h>

#define TAG_MAX_BYTES 200

/*
 * 0 when TAG is acceptable: 1..TAG_MAX_BYTES bytes of valid UTF-8 with no
 * control characters.  Otherwise -1 with the reason in WHY.
 */
int tag_check(const char *tag, char *why, size_t whylen);

/*
 * Make S, text from outside (a tag, a test name, a line of a file), safe
 * to show inside a one-line message: every control character and every
 * byte that is not part of valid UTF-8 becomes '?', in place.
 */
void tag_printable(char *s);

/*
 * S as it may appear in a one-line message: printable (as above) and,
 * when longer than LEN - 1 bytes, cut short and ended with "...".  Writes
 * into BUF (LEN > 4) and returns it.
 */
const char *tag_shown(const char *s, char *buf, size_t len);

#endif
