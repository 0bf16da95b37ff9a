/*
 * What the importers of other tools' results (mmtests, lkp-tests) share:
 * environment facts taken from their files, checked as hostile text, and
 * members of their result directories opened without following links.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import_int.h"
#include "infile.h"
#include "tag.h"
#include "xalloc.h"

/* A fact's value: one short line of printable text. */
#define FACT_VALUE_MAX 256

int
import_peer_text_ok(const char *s)
{
	char *shown;
	int printable;

	if (s[0] == '\0' || strlen(s) > FACT_VALUE_MAX)
		return 0;
	shown = tag_printable_dup(s);
	printable = strcmp(shown, s) == 0;
	free(shown);
	return printable;
}

int
import_peer_fact(const char *name, size_t line, struct import_report *r,
		 const char *key, const char *value)
{
	if (!import_peer_text_ok(value))
		return import_error(name, line,
				    "%s: empty, longer than %d bytes, control characters or invalid UTF-8",
				    key, FACT_VALUE_MAX);
	for (size_t i = 0; i < r->n_env; i++)
		if (strcmp(r->env[i].key, key) == 0)
			return import_error(name, line, "%s given twice", key);
	import_add_env(r, key, value);
	return 0;
}

FILE *
import_peer_open(int dirfd, const char *member, char *why, size_t whylen)
{
	struct stat st;
	FILE *f;
	int fd = openat(dirfd, member, O_RDONLY | O_NONBLOCK | O_NOFOLLOW |
					       O_CLOEXEC | O_NOCTTY);
	int flags;

	if (fd < 0) {
		snprintf(why, whylen, "%s", errno == ELOOP ?
				"a symbolic link, not followed" : strerror(errno));
		return NULL;
	}
	/* As lib/infile.c: regular files only, then blocking reads. */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > INFILE_SIZE_MAX ||
	    (flags = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ||
	    (f = fdopen(fd, "r")) == NULL) {
		snprintf(why, whylen, "not a regular file of at most %zu MiB",
			 INFILE_SIZE_MAX >> 20);
		(void)close(fd);	/* read-only: nothing to lose */
		return NULL;
	}
	return f;
}

int
import_peer_has(int dirfd, const char *member)
{
	struct stat st;

	return fstatat(dirfd, member, &st, AT_SYMLINK_NOFOLLOW) == 0;
}
