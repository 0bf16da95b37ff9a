/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Building JSON documents with json-c where running out of memory ends the
 * program, as xmalloc does, so callers need no NULL check per node.
 */
#ifndef AIM_JSONOUT_H
#define AIM_JSONOUT_H

#include <stdint.h>
#include <stdio.h>

struct json_object;

struct json_object *jsonout_object(void);
struct json_object *jsonout_array(void);
/* A string; NULL gives JSON null. */
struct json_object *jsonout_string(const char *s);
struct json_object *jsonout_int(int64_t v);
/* true when V is not 0, else false. */
struct json_object *jsonout_bool(int v);
/* A number printed as TEXT (which must be a valid JSON number). */
struct json_object *jsonout_number(double v, const char *text);
/*
 * A double printed with the shortest digits that read back the same; NULL
 * (JSON null) for infinities and NaN.
 */
struct json_object *jsonout_double(double v);
/* Add VAL (owned; NULL is null) under KEY, or to the end of ARR. */
void jsonout_put(struct json_object *obj, const char *key,
		 struct json_object *val);
void jsonout_push(struct json_object *arr, struct json_object *val);
/* Element I of ARR (still owned by ARR), or NULL past its end. */
struct json_object *jsonout_at(struct json_object *arr, size_t i);
/*
 * Print DOC pretty to F with a final newline and release it.  Returns 0,
 * or -1 on a write error.
 */
int jsonout_print(FILE *f, struct json_object *doc);

/*
 * Print DOC pretty to F as an element inside a document written by
 * hand, each line after INDENT spaces, with no final newline, and
 * release it.  0, or -1 on a write error.
 */
int jsonout_print_indented(FILE *f, struct json_object *doc, int indent);

/* Release DOC without printing it. */
void jsonout_free(struct json_object *doc);

/* Shortest "%.*g" of V that reads back as V.  BUF needs 32 bytes. */
char *jsonout_shortest(double v, char *buf, size_t len);

#endif
