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

#endif
