// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A guest's initramfs (initramfs.h): the modules for 9p on virtio found
 * in the kernel's modules.dep, dependencies first, and the archive in
 * the cpio "newc" form the kernel unpacks (a 110-byte header of hex
 * fields per entry, name and data each padded to 4 bytes, a trailer).
 */
#include "config.h"

#include "initramfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "infile.h"
#include "xalloc.h"

/* One line of modules.dep: the module's path and what it needs. */
struct dep {
	char *path;
	char **needs;
	size_t n_needs;
};

struct deps {
	struct dep *d;
	size_t n;
	char **builtin;		/* paths of modules.builtin */
	size_t n_builtin;
};

/* Depth of a dependency chain: more is a loop in a damaged file. */
#define DEPTH_MAX 32

/* The module name of PATH: its base name without .ko*, '-' as '_'. */
static char *
mod_name(const char *path)
{
	const char *base = strrchr(path, '/') != NULL ?
			   strrchr(path, '/') + 1 : path;
	char *name = xstrdup(base), *ko = strstr(name, ".ko");

	if (ko != NULL)
		*ko = '\0';
	for (char *c = name; *c != '\0'; c++)
		if (*c == '-')
			*c = '_';
	return name;
}

/* Each line of DIR/FILE to FN; -1 with errno (ENOENT: no file). */
static int
each_line(const char *dir, const char *file, void (*fn)(char *, void *),
	  void *arg)
{
	char *path = xasprintf("%s/%s", dir, file), why[256], *buf = NULL;
	FILE *in = infile_open(path, why, sizeof(why));
	struct infile_reader r = { in, 0 };
	size_t cap = 0, len;
	enum infile_status s = INFILE_ERROR;

	free(path);
	if (in == NULL)
		return -1;
	while ((s = infile_getline(&r, &buf, &cap, &len)) == INFILE_LINE) {
		if (len > 0 && buf[len - 1] == '\n')
			buf[len - 1] = '\0';
		fn(buf, arg);
	}
	free(buf);
	(void)fclose(in);	/* read only: nothing to flush */
	errno = EIO;
	return s == INFILE_EOF ? 0 : -1;
}

static void
take_dep(char *line, void *arg)
{
	struct deps *ds = arg;
	char *colon = strchr(line, ':'), *w, *save = NULL;
	struct dep *d;

	/* A path that climbs out of the kernel's directory is no module. */
	if (colon == NULL || strstr(line, "..") != NULL)
		return;
	*colon = '\0';
	ds->d = xrealloc(ds->d, (ds->n + 1) * sizeof(*ds->d));
	d = &ds->d[ds->n++];
	memset(d, 0, sizeof(*d));
	d->path = xstrdup(line);
	for (w = strtok_r(colon + 1, " \t", &save); w != NULL;
	     w = strtok_r(NULL, " \t", &save)) {
		d->needs = xrealloc(d->needs, (d->n_needs + 1) *
				    sizeof(*d->needs));
		d->needs[d->n_needs++] = xstrdup(w);
	}
}

static void
take_builtin(char *line, void *arg)
{
	struct deps *ds = arg;

	ds->builtin = xrealloc(ds->builtin, (ds->n_builtin + 1) *
			       sizeof(*ds->builtin));
	ds->builtin[ds->n_builtin++] = xstrdup(line);
}

/* The line whose module is NAME (by name) or PATH (by path), or NULL. */
static const struct dep *
find(const struct deps *ds, const char *name, const char *path)
{
	for (size_t i = 0; i < ds->n; i++) {
		char *n = path == NULL ? mod_name(ds->d[i].path) : NULL;
		int hit = path != NULL ? strcmp(ds->d[i].path, path) == 0 :
			  strcmp(n, name) == 0;

		free(n);
		if (hit)
			return &ds->d[i];
	}
	return NULL;
}

static int
is_builtin(const struct deps *ds, const char *name)
{
	for (size_t i = 0; i < ds->n_builtin; i++) {
		char *n = mod_name(ds->builtin[i]);
		int hit = strcmp(n, name) == 0;

		free(n);
		if (hit)
			return 1;
	}
	return 0;
}

/* Append D after what it needs, once. */
static int
add(const struct deps *ds, const struct dep *d, char ***out, size_t *n,
    int depth)
{
	if (depth > DEPTH_MAX)
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*out)[i], d->path) == 0)
			return 0;
	for (size_t i = 0; i < d->n_needs; i++) {
		const struct dep *x = find(ds, NULL, d->needs[i]);

		if (x == NULL || add(ds, x, out, n, depth + 1) < 0)
			return -1;
	}
	*out = xrealloc(*out, (*n + 1) * sizeof(**out));
	(*out)[(*n)++] = xstrdup(d->path);
	return 0;
}

static void
deps_free(struct deps *ds)
{
	for (size_t i = 0; i < ds->n; i++) {
		for (size_t j = 0; j < ds->d[i].n_needs; j++)
			free(ds->d[i].needs[j]);
		free(ds->d[i].needs);
		free(ds->d[i].path);
	}
	for (size_t i = 0; i < ds->n_builtin; i++)
		free(ds->builtin[i]);
	free(ds->d);
	free(ds->builtin);
}

int
initramfs_modules(const char *moddir, const char *release, char ***out,
		  size_t *n, char *err, size_t errlen)
{
	static const char *const want[] = INITRAMFS_MODULES;
	char *dir = xasprintf("%s/%s", moddir, release);
	struct deps ds = { 0 };
	struct stat st;
	int rc = 0;

	*out = NULL;
	*n = 0;
	if (stat(dir, &st) < 0 && errno == ENOENT) {
		free(dir);
		return 0;
	}
	if (each_line(dir, "modules.dep", take_dep, &ds) < 0 ||
	    (each_line(dir, "modules.builtin", take_builtin, &ds) < 0 &&
	     errno != ENOENT)) {
		snprintf(err, errlen, "%s: cannot read modules.dep", dir);
		rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < sizeof(want) / sizeof(want[0]); i++) {
		const struct dep *d = find(&ds, want[i], NULL);

		if (d == NULL && is_builtin(&ds, want[i]))
			continue;
		if (d == NULL || add(&ds, d, out, n, 0) < 0) {
			snprintf(err, errlen, "%s: module %s is neither built "
				 "in nor listed whole in modules.dep", dir,
				 want[i]);
			rc = -1;
		}
	}
	deps_free(&ds);
	free(dir);
	return rc;
}
