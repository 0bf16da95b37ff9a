// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/outfile: the final name gets the whole new file or keeps the old
 * one; a link there is replaced, never followed; every failure removes
 * the temporary file.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "tap.h"
#include "xalloc.h"

static char *
slurp(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	(void)fclose(f);	/* read only */
	return buf;
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail("%s: %s", path, strerror(errno));
}

static int
not_dot(const struct dirent *e)
{
	return strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
}

/* Entries of DIR other than . and ..; the temporary files show here. */
static int
entries(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, not_dot, NULL);

	if (n < 0)
		bail("%s: %s", dir, strerror(errno));
	for (int i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	return n;
}

static int
write_all(const char *path, const char *text)
{
	struct outfile o;
	FILE *f;

	if (outfile_open(&o, path) < 0)
		return -1;
	f = outfile_stream(&o);
	if (f == NULL || fputs(text, f) < 0) {
		outfile_discard(&o);
		return -1;
	}
	return outfile_commit(&o);
}

static void
test_links(const char *dir)
{
	char *victim = xasprintf("%s/victim", dir);
	char *out = xasprintf("%s/out", dir);
	char *dangling = xasprintf("%s/dangling", dir);
	struct stat sb;

	put(victim, "victim\n");
	if (symlink(victim, out) < 0 || symlink("nowhere", dangling) < 0)
		bail("symlink: %s", strerror(errno));
	ok(write_all(out, "new\n") == 0, "a link at the final name: written");
	ok(lstat(out, &sb) == 0 && S_ISREG(sb.st_mode),
	   "... the link became a regular file");
	is_string(slurp(out), "new\n", "... holding the new data");
	is_string(slurp(victim), "victim\n", "... and its target is untouched");
	ok(write_all(dangling, "x") == 0 && lstat(dangling, &sb) == 0 &&
	   S_ISREG(sb.st_mode), "a dangling link is replaced too");
	free(victim);
	victim = xasprintf("%s/nowhere", dir);
	ok(access(victim, F_OK) < 0, "... its target never created");
	is_int(entries(dir), 3, "no temporary file left");
	free(victim);
	free(out);
	free(dangling);
}

static void
test_failures(const char *dir)
{
	char *sub = xasprintf("%s/sub", dir);
	char *missing = xasprintf("%s/none/out", dir);
	char *slash = xasprintf("%s/", dir);
	struct outfile o;
	char *taken;

	if (mkdir(sub, 0700) < 0)
		bail("%s: %s", sub, strerror(errno));
	errno = 0;
	ok(write_all(sub, "x") < 0 && errno == EISDIR,
	   "a directory at the final name: refused with EISDIR");
	is_int(entries(dir), 4, "... the temporary file removed");
	ok(outfile_open(&o, missing) < 0 && errno == ENOENT,
	   "a missing directory: ENOENT, nothing created");
	ok(outfile_open(&o, slash) < 0 && errno == EISDIR,
	   "a name ending in '/': EISDIR");
	ok(outfile_open(&o, sub) == 0, "a temporary file beside a directory");
	taken = xstrdup(o.tmp);
	ok(unlink(taken) == 0 && mkdir(taken, 0700) == 0,
	   "... whose name someone takes");
	ok(outfile_commit(&o) < 0 && errno == ESTALE,
	   "... is noticed: ESTALE, nothing renamed");
	ok(rmdir(taken) == 0 && rmdir(sub) == 0, "... the directory still there");
	free(taken);
	free(sub);
	free(missing);
	free(slash);
}

int
main(void)
{
	char tmpl[] = "/tmp/outfile-t.XXXXXX";
	char *dir = mkdtemp(tmpl);

	plan_lazy();
	if (dir == NULL)
		bail("mkdtemp: %s", strerror(errno));
	test_links(dir);
	test_failures(dir);
	for (const char *const *p = (const char *const[]){ "victim", "out",
			"dangling", NULL }; *p != NULL; p++) {
		char *path = xasprintf("%s/%s", dir, *p);

		ok(unlink(path) == 0, "remove %s", *p);
		free(path);
	}
	ok(rmdir(dir) == 0, "nothing else was left");
	return done_testing();
}
