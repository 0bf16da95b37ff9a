// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json-c wrappers.  json-c returns NULL only when an allocation fails, and
 * nothing useful can be printed then.
 */
#include "config.h"

#include "jsonout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "log.h"
#include "tag.h"
#include "xalloc.h"

static struct json_object *
must(struct json_object *o)
{
	if (o == NULL)
		aim_die(2, "out of memory");
	return o;
}

struct json_object *
jsonout_object(void)
{
	return must(json_object_new_object());
}

struct json_object *
jsonout_array(void)
{
	return must(json_object_new_array());
}

struct json_object *
jsonout_string(const char *s)
{
	struct json_object *o;
	char *copy;

	if (s == NULL)
		return NULL;
	if (tag_utf8_valid(s))
		return must(json_object_new_string(s));
	/*
	 * json-c escapes control characters but copies other bytes as they
	 * are, and JSON must be UTF-8: a string from a database edited by
	 * hand would make the whole document unreadable.
	 */
	copy = xstrdup(s);
	tag_utf8_repair(copy);
	o = must(json_object_new_string(copy));
	free(copy);
	return o;
}

struct json_object *
jsonout_bool(int v)
{
	return must(json_object_new_boolean(v != 0));
}

struct json_object *
jsonout_int(int64_t v)
{
	return must(json_object_new_int64(v));
}

struct json_object *
jsonout_number(double v, const char *text)
{
	return must(json_object_new_double_s(v, text));
}

char *
jsonout_shortest(double v, char *buf, size_t len)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

struct json_object *
jsonout_double(double v)
{
	char buf[32];

	if (!isfinite(v))
		return NULL;	/* JSON has no spelling for these */
	return jsonout_number(v, jsonout_shortest(v, buf, sizeof(buf)));
}

void
jsonout_put(struct json_object *obj, const char *key, struct json_object *val)
{
	if (json_object_object_add(obj, key, val) != 0)
		aim_die(2, "out of memory");
}

void
jsonout_push(struct json_object *arr, struct json_object *val)
{
	if (json_object_array_add(arr, val) != 0)
		aim_die(2, "out of memory");
}

struct json_object *
jsonout_at(struct json_object *arr, size_t i)
{
	return i < json_object_array_length(arr) ?
		       json_object_array_get_idx(arr, i) : NULL;
}

int
jsonout_print(FILE *f, struct json_object *doc)
{
	const char *text = json_object_to_json_string_ext(
		doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			     JSON_C_TO_STRING_NOSLASHESCAPE);
	int rc = 0;

	if (text == NULL || fputs(text, f) < 0 || putc('\n', f) == EOF ||
	    fflush(f) != 0)
		rc = -1;
	json_object_put(doc);
	return rc;
}

int
jsonout_print_indented(FILE *f, struct json_object *doc, int indent)
{
	const char *text = json_object_to_json_string_ext(
		doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			     JSON_C_TO_STRING_NOSLASHESCAPE);
	int rc = text == NULL ? -1 : 0;

	/* A string holds no raw line end: each line is one of the text's. */
	while (rc == 0 && *text != '\0') {
		size_t len = strcspn(text, "\n");

		if (fprintf(f, "%*s%.*s", indent, "", (int)len, text) < 0)
			rc = -1;
		text += len;
		if (*text == '\n' && *++text != '\0' && putc('\n', f) == EOF)
			rc = -1;
	}
	json_object_put(doc);
	return rc;
}

void
jsonout_free(struct json_object *doc)
{
	json_object_put(doc);
}
