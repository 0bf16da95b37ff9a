// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Corpus replay for `make check`: feeds every file of
 * fuzz/corpus/FUZZ_NAME (or of the directories given as arguments) to the
 * harness, one TAP assertion each, so the seeds and every input fuzzing
 * ever found are checked by the ordinary compiler and under sanitizers
 * without libFuzzer.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "log.h"
#include "tap.h"
#include "xalloc.h"

/* Corpus files are small by design; anything larger is a mistake. */
#define REPLAY_MAX_BYTES (1024 * 1024)

static uint8_t *
slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (f == NULL)
		return NULL;
	buf = xmalloc(REPLAY_MAX_BYTES + 1);
	n = fread(buf, 1, REPLAY_MAX_BYTES + 1, f);
	if (ferror(f) || n > REPLAY_MAX_BYTES) {
		free(buf);
		buf = NULL;
	}
	(void)fclose(f);	/* opened for reading only */
	*size = n;
	return buf;
}

static int
skip_dots(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* One assertion per file of DIR; the number of files replayed. */
static int
replay_dir(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, skip_dots, alphasort);

	if (n < 0) {
		ok(0, "%s: %s", dir, strerror(errno));
		return 0;
	}
	for (int i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, ents[i]->d_name);
		size_t size = 0;
		uint8_t *data = slurp(path, &size);

		if (data == NULL)
			ok(0, "%s: cannot read", path);
		else
			ok(fuzz_check(data, size) == 0, "%s %s (%zu bytes)",
			   FUZZ_NAME, ents[i]->d_name, size);
		free(data);
		free(path);
		free(ents[i]);
	}
	free(ents);
	return n;
}

int
main(int argc, char **argv)
{
	int files = 0;

	log_set_program("replay-" FUZZ_NAME);
	plan_lazy();
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			files += replay_dir(argv[i]);
	} else {
		char *dir = xasprintf("%s/fuzz/corpus/%s", tap_srcdir(),
				      FUZZ_NAME);

		files = replay_dir(dir);
		free(dir);
	}
	ok(files > 0, "%s: the corpus has inputs", FUZZ_NAME);
	return done_testing();
}
