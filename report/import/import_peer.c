// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the importers of other tools' results (mmtests, lkp-tests) share:
 * environment facts taken from their files, checked as hostile text, and
 * members of their result directories opened without following links.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "filehash.h"
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
	for (size_t i = 0; i < r->run.n_env; i++)
		if (strcmp(r->run.env[i].key, key) == 0)
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
	/* As lib/core/infile.c: regular files only, then blocking reads. */
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

/* Iterations of one mmtests run (its default is 12). */
#define MMTESTS_ITER_MAX 10000

/* Compressed forms of a member, as lkp and mmtests write them. */
static const char *const packed[] = { "", ".gz", ".xz" };

int
import_peer_has_any(int dirfd, const char *member)
{
	char name[256];

	for (size_t i = 0; i < sizeof(packed) / sizeof(packed[0]); i++) {
		snprintf(name, sizeof(name), "%s%s", member, packed[i]);
		if (import_peer_has(dirfd, name))
			return 1;
	}
	return 0;
}

int
import_peer_member(int dirfd, const char *dir, const char *member,
		   const struct importer *imp, char *found, size_t len,
		   struct import_file *out)
{
	char *path, why[256];
	FILE *in;
	int rc;

	snprintf(found, len, "%s", member);
	for (size_t i = 1; i < sizeof(packed) / sizeof(packed[0]) &&
			   !import_peer_has(dirfd, found); i++)
		snprintf(found, len, "%s%s", member, packed[i]);
	if (!import_peer_has(dirfd, found))
		snprintf(found, len, "%s", member);
	path = xasprintf("%s/%s", dir, found);
	in = import_peer_open(dirfd, found, why, sizeof(why));
	memset(out, 0, sizeof(*out));
	if (in == NULL) {
		rc = import_error(path, 0, "%s", why);
	} else {
		rc = import_parse(in, path, imp, out);
		if (fclose(in) != 0 && rc == 0) {
			rc = import_error(path, 0, "%s", strerror(errno));
			import_free(out);
		}
	}
	out->name = NULL;	/* PATH is freed: the caller names it */
	free(path);
	return rc;
}

/* Iteration IT (report I) as further samples of the run R (aim9-1). */
static int
merge_iteration(const char *name, struct import_report *r,
		const struct import_report *it)
{
	for (size_t i = 0; i < it->run.n_env; i++) {
		const char *v = import_find_env(r, it->run.env[i].key);

		if (v == NULL || strcmp(v, it->run.env[i].value) != 0)
			return import_error(name, 0, "%s differs from aim9-1: not the same run",
					    it->run.env[i].key);
	}
	if (it->run.n_env != r->run.n_env || it->run.n_results != r->run.n_results)
		return import_error(name, 0, "not the facts and tests of aim9-1: not the same run");
	for (size_t i = 0; i < it->run.n_results; i++) {
		const struct record_result *a = &it->run.results[i];
		struct record_result *b = import_find_result(r, a->test, 1);

		if (b == NULL || b->factor != a->factor ||
		    strcmp(b->status, a->status) != 0)
			return import_error(name, (size_t)a->source_line,
					    "%s: not as in aim9-1", a->test);
		for (size_t k = 0; k < a->n_samples; k++)
			if (import_add_sample(name, (size_t)a->source_line, b,
					      &a->samples[k]) < 0)
				return -1;
	}
	return 0;
}

/* NAME is aim9-N (N from 1), plain or compressed. */
static int
is_log_name(const char *name)
{
	size_t d = strlen("aim9-"), n;

	if (strncmp(name, "aim9-", d) != 0 || name[d] == '0')
		return 0;
	n = strspn(name + d, "0123456789");
	if (n == 0)
		return 0;
	for (size_t i = 0; i < sizeof(packed) / sizeof(packed[0]); i++)
		if (strcmp(name + d + n, packed[i]) == 0)
			return 1;
	return 0;
}

/* Members aim9-N of DIRFD (mmtests' per-iteration logs), or -1. */
static long
count_logs(int dirfd, const char *name)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;
	long n = 0;

	if (d == NULL) {
		if (fd >= 0)
			(void)close(fd);	/* read-only */
		return import_error(name, 0, "%s", strerror(errno));
	}
	while ((e = readdir(d)) != NULL)
		if (is_log_name(e->d_name))
			n++;
	(void)closedir(d);	/* read-only */
	if (n > MMTESTS_ITER_MAX)
		return import_error(name, 0, "more than %d aim9-N logs",
				    MMTESTS_ITER_MAX);
	return n;
}

/* Logs aim9-1 ... aim9-N of DIRFD as the samples of one run in OUT. */
int
import_mmtests_dir(int dirfd, const char *name, struct import_file *out,
		   struct filehash *hash)
{
	long n = count_logs(dirfd, name);

	if (n <= 0)
		return n < 0 ? -1 : import_error(name, 0, "no aim9-1 log");
	for (long i = 1; i <= n; i++) {
		char member[32], found[40], *path;
		struct import_file it, *f = i == 1 ? out : &it;
		int rc;

		snprintf(member, sizeof(member), "aim9-%ld", i);
		if (import_peer_member(dirfd, name, member, &importer_mmtests,
				       found, sizeof(found), f) < 0)
			return -1;
		if (f->n_reports != 1) {
			if (i > 1)
				import_free(&it);
			return import_error(name, 0, "%s: not one iteration's log",
					    found);
		}
		filehash_update(hash, member, strlen(member) + 1);
		filehash_update(hash, f->sha256, 64);
		if (i == 1)
			continue;
		path = xasprintf("%s/%s", name, found);
		rc = merge_iteration(path, &out->reports[0], &it.reports[0]);
		free(path);
		import_free(&it);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* An lkp run directory: aim9.json (every value), else stats.json. */
int
import_lkp_dir(int dirfd, const char *name, struct import_file *out,
	       struct filehash *hash)
{
	const char *member = import_peer_has_any(dirfd, "aim9.json") ?
				     "aim9.json" : "stats.json";
	char found[32], *real, *path;
	int rc;

	if (import_peer_member(dirfd, name, member, &importer_lkp, found,
			       sizeof(found), out) < 0)
		return -1;
	filehash_update(hash, member, strlen(member) + 1);
	filehash_update(hash, out->sha256, 64);
	/* Its facts are in the result root's path (lib/result.rb). */
	real = realpath(name, NULL);
	path = xasprintf("%s/%s", real != NULL ? real : name, member);
	rc = import_find_env(&out->reports[0], "lkp.commit") != NULL ? 0 :
	     import_lkp_path_env(path, 0, &out->reports[0], path);
	free(path);
	free(real);
	return rc;
}
