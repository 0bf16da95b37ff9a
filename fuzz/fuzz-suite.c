// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: the suite file parser and the --tests list.  The first
 * byte picks which; the rest is the text.  A suite either loads whole, in
 * classic order and with settings in range, each given at most once, or
 * is refused with one line naming the file and line.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "suite.h"
#include "xalloc.h"

/* Bounds of harness/suite.c, repeated here as the promise to check. */
#define MAX_DURATION_NS (86400LL * 1000000000LL)
#define MAX_FILESIZE_K (64UL * 1024 * 1024)

static int
check_loaded(const struct suite *s)
{
	if (s->n_tests == 0 || s->name == NULL)
		return fuzz_broken("an empty suite was accepted");
	for (size_t i = 0; i < s->n_tests; i++) {
		if (s->tests[i] == NULL ||
		    aim_test_find(s->tests[i]->info->name) != s->tests[i])
			return fuzz_broken("test %zu is not registered", i);
		if (i > 0 && s->tests[i - 1]->info->number >= s->tests[i]->info->number)
			return fuzz_broken("tests not in classic order at %zu", i);
	}
	if (s->duration_ns < 0 || s->duration_ns > MAX_DURATION_NS ||
	    (s->duration_ns != 0 && s->duration_ns < 1000000))
		return fuzz_broken("duration %lld ns", (long long)s->duration_ns);
	if (s->runs < 0 || s->runs > 1000)
		return fuzz_broken("runs %ld", s->runs);
	if (s->filesize_k > MAX_FILESIZE_K || s->filesize_k == 1)
		return fuzz_broken("file size %lu K", s->filesize_k);
	return 0;
}

/* Lines of TEXT giving a setting named KEY (a word, then a blank). */
static int
count_setting(const char *text, const char *key)
{
	size_t n = strlen(key);
	int count = 0;

	for (const char *line = text; line != NULL; line = strchr(line, '\n')) {
		line += *line == '\n';
		line += strspn(line, " \t");
		if (strncmp(line, key, n) == 0 && (line[n] == ' ' || line[n] == '\t'))
			count++;
	}
	return count;
}

/* A loaded suite gave each setting at most once. */
static int
check_once(const char *text)
{
	if (count_setting(text, "duration") > 1 || count_setting(text, "runs") > 1 ||
	    count_setting(text, "filesize") + count_setting(text, "FILESIZE:") > 1)
		return fuzz_broken("a suite repeating a setting was accepted");
	return 0;
}

static int
check_refused(const char *err, int from_file)
{
	for (const char *c = err; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return fuzz_broken("message holds control byte %#x",
					   (unsigned char)*c);
	if (from_file && strncmp(err, "fuzz.suite:", 11) != 0)
		return fuzz_broken("message does not name the file: %s", err);
	if (err[0] == '\0')
		return fuzz_broken("refused without a reason");
	return 0;
}

int
fuzz_check(const uint8_t *data, size_t size)
{
	struct suite s;
	char err[512] = "";
	int from_file, rc;
	char *text;

	if (size == 0)
		return 0;
	from_file = data[0] & 1;
	/* Both take C strings: a NUL ends the text, as it would on reading. */
	text = xmalloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	memset(&s, 0, sizeof(s));
	if (from_file)
		rc = suite_parse("fuzz.suite", text, &s, err, sizeof(err));
	else
		rc = suite_from_list(text, &s, err, sizeof(err));
	if (rc != 0) {
		free(text);
		return check_refused(err, from_file);
	}
	rc = check_loaded(&s);
	if (rc == 0 && from_file)
		rc = check_once(text);
	free(text);
	suite_free(&s);
	return rc;
}
