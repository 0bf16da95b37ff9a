// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Suite parsing.  Strict, unlike AIM9's workfile reader (which dropped the
 * last character of every line and died on a blank one): every problem is
 * reported with its file and line, and nothing is half-loaded.
 */
#include "config.h"

#include "suite.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse.h"
#include "tag.h"
#include "infile.h"
#include "suggest.h"
#include "xalloc.h"

/* Large enough for a day per test; anything above is a typo. */
#define SUITE_MAX_DURATION_NS (86400LL * 1000000000LL)
#define SUITE_MAX_FILESIZE_K (64UL * 1024 * 1024)
#define SUITE_MAX_MEMSIZE_K (64UL * 1024 * 1024)
/* A suite is a short list of names: more is not a suite. */
#define SUITE_MAX_LINE 1000
#define SUITE_MAX_BYTES (1 << 20)

/* By catalog row, so tests run in catalog order: classic, extra, families. */
struct picked {
	const struct aim_test *by_row[CATALOG_COUNT];
	unsigned char named[CATALOG_COUNT];	/* by its name, not a pattern */
};

static size_t
row_of(const struct aim_test *t)
{
	return (size_t)(t->info - catalog_tests);
}

/* Every test of LIST whose name PATTERN matches; how many were new. */
static size_t
pick_list(struct picked *p, const struct aim_test *const *list,
	  const char *pattern, size_t *matched)
{
	size_t added = 0;

	for (size_t i = 0; list[i] != NULL; i++) {
		if (fnmatch(pattern, list[i]->info->name, 0) != 0)
			continue;
		++*matched;
		if (p->by_row[row_of(list[i])] == NULL) {
			p->by_row[row_of(list[i])] = list[i];
			added++;
		}
	}
	return added;
}

/*
 * A pattern ("mem_copy_*_4k_cold", fnmatch(3)) takes every test it
 * matches, and must match one; a name names one test, once (a pattern
 * may have picked it too).
 */
static int
pick_pattern(struct picked *p, const char *pattern, char *why, size_t whylen)
{
	size_t matched = 0;

	(void)pick_list(p, aim_tests, pattern, &matched);
	(void)pick_list(p, aim_extra_tests, pattern, &matched);
	(void)pick_list(p, aim_family_tests, pattern, &matched);
	if (matched == 0) {
		snprintf(why, whylen, "no test matches '%s'", pattern);
		return -1;
	}
	return 0;
}

static int
pick(struct picked *p, const char *name, char *why, size_t whylen)
{
	const struct aim_test *t;

	if (strpbrk(name, "*?[") != NULL)
		return pick_pattern(p, name, why, whylen);
	t = aim_test_find(name);
	if (t == NULL) {
		char near[128];

		snprintf(why, whylen, "unknown test '%s'%s", name,
			 catalog_suggest(name, near, sizeof(near)));
		return -1;
	}
	if (p->named[row_of(t)]) {
		snprintf(why, whylen, "test '%s' listed twice", name);
		return -1;
	}
	p->by_row[row_of(t)] = t;
	p->named[row_of(t)] = 1;
	return 0;
}

static void
fill(struct suite *s, const struct picked *p)
{
	size_t n = 0;

	for (size_t i = 0; i < CATALOG_COUNT; i++)
		n += p->by_row[i] != NULL;
	s->tests = xcalloc(n, sizeof(*s->tests));
	for (size_t i = 0; i < CATALOG_COUNT; i++)
		if (p->by_row[i] != NULL)
			s->tests[s->n_tests++] = p->by_row[i];
}

/* Split "key value" on blanks; returns the value or NULL. */
static char *
split(char *line)
{
	char *v = line + strcspn(line, " \t");

	if (*v == '\0')
		return NULL;
	*v++ = '\0';
	v += strspn(v, " \t");
	return *v != '\0' ? v : NULL;
}

enum { SET_DURATION, SET_RUNS, SET_FILESIZE, SET_MEMSIZE, SET_N };

/* Where each setting was given, so that a second one is an error. */
struct seen {
	int line_of[SET_N];	/* 0 when not given yet */
	int lineno;		/* the line being parsed */
};

static int
setting_key(const char *key)
{
	if (strcmp(key, "duration") == 0)
		return SET_DURATION;
	if (strcmp(key, "runs") == 0)
		return SET_RUNS;
	if (strcmp(key, "filesize") == 0 || strcmp(key, "FILESIZE:") == 0)
		return SET_FILESIZE;
	if (strcmp(key, "memsize") == 0)
		return SET_MEMSIZE;
	return -1;
}

static int
setting_value(struct suite *s, int key, const char *val, char *why,
	      size_t whylen)
{
	switch (key) {
	case SET_DURATION:
		if (parse_duration_ns(val, 1000000, SUITE_MAX_DURATION_NS,
				      &s->duration_ns) == 0)
			return 0;
		snprintf(why, whylen, "bad duration '%s' (seconds, 0.001 to 86400)", val);
		break;
	case SET_RUNS:
		if (parse_long(val, 1, PARSE_RUNS_MAX, &s->runs) == 0)
			return 0;
		snprintf(why, whylen, "bad runs '%s' (1 to 1000)", val);
		break;
	case SET_MEMSIZE:
		if (parse_size_k(val, 4, SUITE_MAX_MEMSIZE_K, &s->memsize_k) == 0)
			return 0;
		snprintf(why, whylen, "bad memory size '%s' (4K to 64G, e.g. 1024M)", val);
		break;
	default:
		if (parse_size_k(val, 2, SUITE_MAX_FILESIZE_K, &s->filesize_k) == 0)
			return 0;
		snprintf(why, whylen, "bad file size '%s' (e.g. 5M or 5120K)", val);
		break;
	}
	return -1;
}

static int
setting(struct suite *s, struct seen *seen, char *line, char *why,
	size_t whylen)
{
	static const char *const names[] = { "duration", "runs", "filesize",
					     "memsize" };
	char *val = split(line);
	int key;

	if (val == NULL) {
		snprintf(why, whylen, "'%s' needs a value", line);
		return -1;
	}
	key = setting_key(line);
	if (key < 0) {
		snprintf(why, whylen, "unknown setting '%s'", line);
		return -1;
	}
	/* Two values of one setting: neither is clearly the one meant. */
	if (seen->line_of[key] != 0) {
		snprintf(why, whylen, "'%s' given twice (first on line %d)",
			 names[key], seen->line_of[key]);
		return -1;
	}
	seen->line_of[key] = seen->lineno;
	return setting_value(s, key, val, why, whylen);
}

static int
parse_line(struct suite *s, struct picked *p, struct seen *seen, char *line,
	   char *why, size_t whylen)
{
	size_t len;

	line += strspn(line, " \t");
	len = strlen(line);
	while (len > 0 && strchr(" \t\r", line[len - 1]) != NULL)
		line[--len] = '\0';
	if (len == 0 || line[0] == '#')
		return 0;
	if (strpbrk(line, " \t") != NULL)
		return setting(s, seen, line, why, whylen);
	return pick(p, line, why, whylen);
}

int
suite_parse(const char *name, const char *text, struct suite *s, char *err,
	    size_t errlen)
{
	struct suite tmp = { 0 };
	struct picked p = { { 0 }, { 0 } };
	struct seen seen = { { 0 }, 0 };
	char *copy = xstrdup(text), *line = copy, *next;
	char why[256];

	for (; line != NULL; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		seen.lineno++;
		if (strlen(line) > SUITE_MAX_LINE ||
		    parse_line(&tmp, &p, &seen, line, why, sizeof(why)) < 0) {
			if (strlen(line) > SUITE_MAX_LINE)
				snprintf(why, sizeof(why), "line too long");
			snprintf(err, errlen, "%s:%d: %s", name, seen.lineno, why);
			/* The line may hold anything; the message is one line. */
			tag_printable(err);
			free(copy);
			return -1;
		}
	}
	free(copy);
	fill(&tmp, &p);
	if (tmp.n_tests == 0) {
		snprintf(err, errlen, "%s: names no tests", name);
		free(tmp.tests);
		return -1;
	}
	tmp.name = xstrdup(name);
	*s = tmp;
	return 0;
}

/* The whole file, read up to one byte past the limit (it may grow). */
static char *
slurp(const char *path, char *err, size_t errlen)
{
	char why[128], *buf;
	int fd = infile_open_fd(path, SUITE_MAX_BYTES, why, sizeof(why));
	size_t len = 0;
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	buf = xmalloc(SUITE_MAX_BYTES + 2);
	while ((n = read(fd, buf + len, SUITE_MAX_BYTES + 1 - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			goto fail;
		}
		len += (size_t)n;
		if (len > SUITE_MAX_BYTES) {
			snprintf(err, errlen, "%s: larger than 1 MiB, not a suite", path);
			goto fail;
		}
	}
	buf[len] = '\0';
	if (strlen(buf) != len) {
		snprintf(err, errlen, "%s: contains a NUL byte, not a suite", path);
		goto fail;
	}
	(void)close(fd);	/* read only: nothing to lose */
	return buf;
fail:
	free(buf);
	(void)close(fd);
	return NULL;
}

int
suite_load(const char *path, struct suite *s, char *err, size_t errlen)
{
	char *text = slurp(path, err, errlen);
	int rc;

	if (text == NULL)
		return -1;
	rc = suite_parse(path, text, s, err, errlen);
	free(text);
	return rc;
}

int
suite_from_list(const char *list, struct suite *s, char *err, size_t errlen)
{
	struct picked p = { { 0 }, { 0 } };
	char *copy = xstrdup(list), *save = NULL;
	char why[256];

	for (char *name = strtok_r(copy, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		if (pick(&p, name, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s", why);
			tag_printable(err);	/* as in suite_parse */
			free(copy);
			return -1;
		}
	}
	free(copy);
	memset(s, 0, sizeof(*s));
	fill(s, &p);
	if (s->n_tests == 0) {
		snprintf(err, errlen, "no test named in '%s'", list);
		tag_printable(err);	/* as in suite_parse */
		free(s->tests);
		return -1;
	}
	s->name = xstrdup("tests");
	return 0;
}

void
suite_free(struct suite *s)
{
	free(s->name);
	free(s->tests);
	memset(s, 0, sizeof(*s));
}

static int
is_suite_file(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len > 6 && strcmp(e->d_name + len - 6, ".suite") == 0;
}

char **
suite_names(const char *dir, size_t *n)
{
	struct dirent **ents;
	int got = scandir(dir, &ents, is_suite_file, alphasort);
	char **names;

	*n = 0;
	if (got <= 0)
		return NULL;
	names = xcalloc((size_t)got, sizeof(*names));
	for (int i = 0; i < got; i++) {
		names[i] = xasprintf("%.*s", (int)strlen(ents[i]->d_name) - 6,
				     ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	*n = (size_t)got;
	return names;
}

void
suite_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

const char *
suite_suggest(const char *dir, const char *name, char *buf, size_t len)
{
	size_t n, used = 0;
	char **names = suite_names(dir, &n);
	struct suggest sg;

	suggest_init(&sg, name);
	for (size_t i = 0; i < n; i++)
		suggest_offer(&sg, names[i]);
	(void)suggest_text(&sg, buf, len);
	/* Nothing near: the few there are. */
	for (size_t i = 0; sg.n == 0 && i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s",
					 i == 0 ? " (suites: " : ", ",
					 names[i], i + 1 == n ? ")" : "");
	tag_printable(buf);
	suite_names_free(names, n);
	return buf;
}
