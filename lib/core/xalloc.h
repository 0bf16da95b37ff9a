/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Allocation that cannot return NULL: out of memory ends the program with a
 * message, since no caller could do better.
 */
#ifndef AIM_XALLOC_H
#define AIM_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* asprintf that cannot fail. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
