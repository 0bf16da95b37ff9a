// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lkp-tests' AIM9 results: a run's aim9.json ({"aim9.TEST.ops_per_sec":
 * [values]}), its stats.json (the same keys, scalars) or a commit's
 * matrix.json (one array element per run, listed in stats_source, where
 * a 0 pads a run that has no value).  Every value becomes a sample;
 * "aim9.TEST.skip" a skipped test; keys of other programs and aim9.time.*
 * (resource use, not results) are passed over.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_index.h"
#include "import_int.h"
#include "xalloc.h"

/* Nesting of an lkp JSON file: an object of arrays. */
#define LKP_DEPTH 4
/* Runs one matrix.json holds (lkp caps it at 100 columns). */
#define LKP_RUNS_MAX 100000

/* A key of the file and the line it stands on, for messages. */
struct key_at {
	char *key;
	size_t len, line;
};

struct lkp {
	const struct import_lines *l;
	struct import_report *r;
	size_t runs;		/* stats_source entries, 0 when none */
	/* The lines of the keys that matter, looked up by hash. */
	struct key_at *keys;
	size_t n_keys;
	struct import_index by_key;
};

/* What import_index asks: the key at POS is the one sought. */
struct key_sought {
	const struct lkp *k;
	const char *key;
	size_t len;
};

static int
same_key(size_t pos, const void *arg)
{
	const struct key_sought *s = arg;
	const struct key_at *a = &s->k->keys[pos];

	return a->len == s->len && memcmp(a->key, s->key, s->len) == 0;
}

/*
 * Line I's keys ("name":) that aim9 results or stats_source may be, each
 * with its first line: one pass over the file, so finding a key's line
 * never scans it again.
 */
static void
line_keys(struct lkp *k, size_t i)
{
	const char *s = k->l->text[i], *q, *end;
	struct key_sought want = { .k = k };
	uint64_t h;

	while ((q = strchr(s, '"')) != NULL) {
		for (end = q + 1; *end != '\0' && *end != '"'; end++)
			if (*end == '\\' && end[1] != '\0')
				end++;
		if (*end == '\0')
			return;
		s = end + 1;
		if (s[strspn(s, " \t")] != ':' ||
		    (strncmp(q + 1, "aim9.", 5) != 0 &&
		     strncmp(q + 1, "stats_source\"", 13) != 0))
			continue;
		want.key = q + 1;
		want.len = (size_t)(end - q - 1);
		h = import_index_hash(&k->by_key, want.key, want.len, 0, 0);
		if (import_index_find(&k->by_key, h, same_key, &want) != IMPORT_INDEX_NONE)
			continue;
		k->keys = import_grow(k->keys, k->n_keys, sizeof(*k->keys));
		k->keys[k->n_keys] = (struct key_at){
			xasprintf("%.*s", (int)want.len, want.key), want.len,
			import_no(k->l, i)
		};
		import_index_add(&k->by_key, h, k->n_keys++);
	}
}

/* The line that names KEY, for messages; 0 when it cannot be found. */
static size_t
key_line(const struct lkp *k, const char *key)
{
	struct key_sought want = { k, key, strlen(key) };
	size_t pos = import_index_find(&k->by_key,
				       import_index_hash(&k->by_key, key,
							 want.len, 0, 0),
				       same_key, &want);

	return pos == IMPORT_INDEX_NONE ? 0 : k->keys[pos].line;
}

/* Value V of KEY, at line NO, as a sample of RES; a padded 0 is none. */
static int
value(struct lkp *k, const char *key, size_t no, struct record_result *res,
      struct json_object *v)
{
	struct measure_sample smp = { .printed_ops = 0.0 };
	enum json_type type = json_object_get_type(v);

	if (type != json_type_double && type != json_type_int)
		return import_error(k->l->name, no, "%s: not a number", key);
	smp.printed_ops = json_object_get_double(v);
	if (!isfinite(smp.printed_ops) ||
	    import_value(k->l->name, no, res->test, "ops/s",
			 smp.printed_ops) < 0)
		return -1;
	if (k->runs > 0 && smp.printed_ops == 0)
		return 0;
	return import_add_sample(k->l->name, no, res, &smp);
}

static int
values(struct lkp *k, const char *key, struct record_result *res,
       struct json_object *v)
{
	size_t n, no = (size_t)res->source_line;

	if (!json_object_is_type(v, json_type_array))
		return k->runs > 0 ? import_error(k->l->name, no,
						  "%s: not an array of one value per run", key) :
				     value(k, key, no, res, v);
	n = json_object_array_length(v);
	if (n == 0 || (k->runs > 0 && n != k->runs))
		return import_error(k->l->name, no,
				    "%s: %zu values, expected %zu", key, n,
				    k->runs > 0 ? k->runs : 1);
	for (size_t i = 0; i < n; i++)
		if (value(k, key, no, res, json_object_array_get_idx(v, i)) < 0)
			return -1;
	return 0;
}

/* Result-root components, from the commit up (lib/result.rb). */
static const char *const path_key[] = {
	"lkp.commit", "lkp.compiler", "lkp.kconfig", "lkp.rootfs",
	"lkp.tbox_group", "lkp.path_params",
};
#define PATH_KEYS (sizeof(path_key) / sizeof(path_key[0]))

/*
 * The components of the result root of stats file PATH
 * (.../aim9/PARAMS/TBOX/ROOTFS/KCONFIG/COMPILER/COMMIT/RUN/stats.json)
 * into PART, the commit first: 0, or -1 when PATH is not so shaped.
 */
static int
path_parts(const char *path, char **part)
{
	const char *end = path + strlen(path), *p;
	size_t k = 0;

	for (int skip = 0; skip < 2; skip++) {	/* the file, then the run */
		while (end > path && end[-1] != '/')
			end--;
		if (end == path)
			return -1;
		end--;
	}
	for (; k <= PATH_KEYS; k++) {
		for (p = end; p > path && p[-1] != '/';)
			p--;
		if (p == end || p == path)
			break;
		if (k < PATH_KEYS)
			part[k] = xasprintf("%.*s", (int)(end - p), p);
		else if (end - p != 4 || memcmp(p, "aim9", 4) != 0)
			break;
		end = p - 1;
	}
	if (k <= PATH_KEYS)
		for (size_t i = 0; i < k && i < PATH_KEYS; i++)
			free(part[i]);
	return k > PATH_KEYS ? 0 : -1;
}

int
import_lkp_path_env(const char *name, size_t line, struct import_report *r,
		    const char *path)
{
	char *part[PATH_KEYS];
	int rc = 0;

	if (path_parts(path, part) < 0)
		return 0;
	for (size_t k = 0; k < PATH_KEYS; k++) {
		if (rc == 0 && import_peer_fact(name, line, r, path_key[k],
						part[k]) < 0)
			rc = -1;
		/* The tested kernel names the run for --split. */
		if (rc == 0 && k == 0 && r->title == NULL) {
			r->title = xstrdup(part[k]);
			import_name(r, part[k], "the commit of its lkp result root", line);
		}
		free(part[k]);
	}
	return rc;
}

/* stats_source: the runs of a matrix, and the result root they share. */
static int
sources(struct lkp *k, struct json_object *v)
{
	size_t no = key_line(k, "stats_source"), n;
	const char *first = NULL;

	if (!json_object_is_type(v, json_type_array) ||
	    (n = json_object_array_length(v)) == 0 || n > LKP_RUNS_MAX)
		return import_error(k->l->name, no,
				    "stats_source: not an array of 1 to %d paths",
				    LKP_RUNS_MAX);
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(v, i);

		if (!json_object_is_type(s, json_type_string))
			return import_error(k->l->name, no,
					    "stats_source: entry %zu is not a path", i + 1);
		if (i == 0)
			first = json_object_get_string(s);
	}
	k->runs = n;
	return import_lkp_path_env(k->l->name, no, k->r, first);
}

/* "aim9.TEST.FIELD": the result it gives, or NULL (passed over). */
static int
entry(struct lkp *k, const char *key, struct json_object *v)
{
	const char *test = key + 5, *field = strrchr(key, '.');
	const struct catalog_test *t;
	struct record_result *res;
	int skip;

	if (strncmp(key, "aim9.", 5) != 0 || strncmp(key, "aim9.time.", 10) == 0)
		return 0;
	skip = strcmp(field, ".skip") == 0;
	t = field > test ? import_test(test, (size_t)(field - test)) : NULL;
	if (t == NULL || (!skip && strcmp(field, ".ops_per_sec") != 0))
		return import_error(k->l->name, key_line(k, key),
				    "%s: not aim9.TEST.ops_per_sec or aim9.TEST.skip of a known test",
				    key);
	if (import_find_result(k->r, t->name, 1) != NULL)
		return import_error(k->l->name, key_line(k, key),
				    "%s: a second result of %s", key, t->name);
	res = import_add_result(k->r, t, skip ? "skip" : "ok",
				key_line(k, key));
	if (import_factor(k->l->name, (size_t)res->source_line, t, -1.0, 0.0, 0,
			  &res->factor) < 0)
		return -1;
	if (skip)
		return 0;
	if (values(k, key, res, v) < 0)
		return -1;
	if (res->n_samples == 0)
		return import_error(k->l->name, (size_t)res->source_line,
				    "%s: no run has a value", key);
	return 0;
}

/* The file as one string, its lines joined again. */
static char *
joined(const struct import_lines *l, size_t *len)
{
	size_t n = 0, at = 0;
	char *s;

	for (size_t i = 0; i < l->n; i++)
		n += strlen(l->text[i]) + 1;
	s = xmalloc(n + 1);
	for (size_t i = 0; i < l->n; i++) {
		size_t m = strlen(l->text[i]);

		memcpy(s + at, l->text[i], m);
		at += m;
		s[at++] = '\n';
	}
	s[at] = '\0';
	*len = at;
	return s;
}

/* Parse the file whole, or report where it stops being JSON. */
static struct json_object *
parse(const struct import_lines *l)
{
	struct json_tokener *tok = json_tokener_new_ex(LKP_DEPTH);
	size_t len, end, no = 1;
	char *s = joined(l, &len);
	struct json_object *doc;

	if (tok == NULL) {
		free(s);
		(void)import_error(l->name, 0, "out of memory");
		return NULL;
	}
	doc = json_tokener_parse_ex(tok, s, (int)len);
	end = json_tokener_get_parse_end(tok);
	if (doc == NULL || end + strspn(s + end, " \t\n") != len) {
		for (size_t i = 0; i < end && i < len; i++)
			no += s[i] == '\n';
		(void)import_error(l->name, no, "not JSON: %s",
				   doc == NULL ? json_tokener_error_desc(
							 json_tokener_get_error(tok)) :
						 "text after the object");
		json_object_put(doc);
		doc = NULL;
	}
	json_tokener_free(tok);
	free(s);
	return doc;
}

static int
import_lkp(const struct import_lines *l, struct import_file *f)
{
	struct json_object *doc = parse(l), *src;
	struct lkp k = { .l = l };
	int rc = 0;

	if (doc == NULL)
		return -1;
	if (!json_object_is_type(doc, json_type_object)) {
		json_object_put(doc);
		return import_error(l->name, 1, "not a JSON object of lkp stats");
	}
	k.r = import_add_report(f, 1);
	import_index_init(&k.by_key);
	for (size_t i = 0; i < l->n; i++)
		line_keys(&k, i);
	if (json_object_object_get_ex(doc, "stats_source", &src))
		rc = sources(&k, src);
	json_object_object_foreach(doc, key, v) {
		if (rc == 0 && entry(&k, key, v) < 0)
			rc = -1;
	}
	json_object_put(doc);
	for (size_t i = 0; i < k.n_keys; i++)
		free(k.keys[i].key);
	free(k.keys);
	import_index_free(&k.by_key);
	if (rc == 0 && k.r->run.n_results == 0)
		rc = import_error(l->name, 1, "no aim9.TEST.ops_per_sec results");
	return rc;
}

/* A JSON object naming an aim9 key: lkp-tests' stats. */
static int
is_lkp(const struct import_lines *l)
{
	size_t i = 0;

	while (i < l->n && l->text[i][strspn(l->text[i], " \t")] == '\0')
		i++;
	if (i == l->n || l->text[i][strspn(l->text[i], " \t")] != '{')
		return 0;
	for (; i < l->n; i++)
		if (strstr(l->text[i], "\"aim9.") != NULL)
			return 1;
	return 0;
}

/* A run directory of an lkp result root. */
static int
is_lkp_dir(int dirfd)
{
	return import_peer_has_any(dirfd, "aim9.json") ||
	       import_peer_has_any(dirfd, "stats.json");
}

const struct importer importer_lkp = {
	.name = "lkp",
	.detect = is_lkp,
	.parse = import_lkp,
	.dir_detect = is_lkp_dir,
	.dir_parse = import_lkp_dir,
	.dir_what = "an lkp run (aim9.json, stats.json)",
};
