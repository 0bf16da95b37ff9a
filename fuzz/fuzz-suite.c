/*
 * Fuzz harness: the suite file parser and the --tests list.  The first
 * byte picks which; the rest is the text.  A suite either loads whole, in
 * classic order and with settings in range, or is refused with one line
 * naming the file and line.
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
		    aim_test_find(s->tests[i]->name) != s->tests[i])
			return fuzz_broken("test %zu is not registered", i);
		if (i > 0 && s->tests[i - 1]->number >= s->tests[i]->number)
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
	free(text);
	if (rc != 0)
		return check_refused(err, from_file);
	rc = check_loaded(&s);
	suite_free(&s);
	return rc;
}
