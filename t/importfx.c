// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The import tests' way into the parser (import-t, import-wild-t): a text
 * parsed by a named importer, its message caught.
 */
#include "config.h"

#include "importfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

/* Parse the SIZE bytes of TEXT; the error message, if any, goes to MSG. */
int
importfx_parse_n(const char *text, size_t size, const char *kind,
	struct import_file *f, char *msg, size_t len)
{
	FILE *in = fmemopen((void *)text, size, "r");
	FILE *err = tmpfile();
	int saved = dup(STDERR_FILENO), rc;
	const struct importer *imp;
	size_t n;

	if (in == NULL || err == NULL || saved < 0)
		bail("cannot set up the parser input");
	fflush(stderr);
	if (dup2(fileno(err), STDERR_FILENO) < 0)
		bail("dup2 failed");
	if (import_format(kind, &imp) < 0)
		bail("no importer %s", kind);
	rc = import_parse(in, "r.txt", imp, f);
	fflush(stderr);
	if (dup2(saved, STDERR_FILENO) < 0)
		bail("dup2 failed");
	close(saved);
	rewind(err);
	n = fread(msg, 1, len - 1, err);
	msg[n] = '\0';
	if (n > 0 && msg[n - 1] == '\n')
		msg[n - 1] = '\0';
	fclose(err);
	fclose(in);
	return rc;
}

int
importfx_parse(const char *text, const char *kind, struct import_file *f,
      char *msg, size_t len)
{
	return importfx_parse_n(text, strlen(text), kind, f, msg, len);
}

void
importfx_refused(const char *text, const char *kind, const char *want,
	const char *what)
{
	struct import_file f;
	char msg[512];

	ok(importfx_parse(text, kind, &f, msg, sizeof(msg)) < 0, "refused: %s", what);
	is_string(msg, want, "message: %s", what);
}
