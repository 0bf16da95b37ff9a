// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * No file is followed through a link planted in a scratch directory.
 * Every shipped test that uses one runs once while inotify records the
 * names it creates there; then it runs again in a fresh directory where
 * each of those names is already a link to a place outside: once dangling
 * (a create through it would make a file outside), once to an existing
 * file (a write through it would change it).  Outside must stay as it was.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"
#include "runner.h"
#include "scratch.h"
#include "storefx.h"
#include "tap.h"
#include "xalloc.h"

#define MAX_NAMES 64

struct names {
	char *name[MAX_NAMES];
	size_t n;
};

struct env {
	char parent[4096];	/* --dir */
	char outside[4096];	/* where the links point */
	char *datadir;
};

static void
add_name(struct names *nm, const char *name)
{
	for (size_t i = 0; i < nm->n; i++)
		if (strcmp(nm->name[i], name) == 0)
			return;
	if (nm->n < MAX_NAMES)
		nm->name[nm->n++] = xstrdup(name);
}

/* Names created in DIR as told by inotify descriptor FD. */
static void
drain(int fd, struct names *nm)
{
	char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t len;

	while ((len = read(fd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + len;) {
			struct inotify_event *ev = (struct inotify_event *)p;

			if (ev->len > 0)
				add_name(nm, ev->name);
			p += sizeof(*ev) + ev->len;
		}
	}
}

static int
run_in(const struct env *e, const struct aim_test *t, const char *scratch,
       struct runner_outcome *out)
{
	struct runner_cfg cfg = { .kill_grace_ns = 500000000 };

	timing_cfg_default(&cfg.child.timing, 10000000);
	cfg.deadline_ns = 20000000000LL;
	cfg.child.filesize_k = 16;
	cfg.child.datadir = e->datadir;
	cfg.child.scratch = scratch;
	return runner_run(t, &cfg, out);
}

static int
discover(const struct env *e, const struct aim_test *t, struct names *nm)
{
	char *scratch = scratch_create(e->parent);
	struct runner_outcome out;
	int fd, rc;

	if (scratch == NULL)
		bail("scratch_create: %s", strerror(errno));
	fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (fd < 0 || inotify_add_watch(fd, scratch, IN_CREATE | IN_MOVED_TO) < 0)
		bail("inotify: %s", strerror(errno));
	rc = run_in(e, t, scratch, &out);
	drain(fd, nm);
	(void)close(fd);	/* nothing was written to it */
	if (scratch_remove(scratch) != 0)
		bail("cannot remove %s", scratch);
	free(scratch);
	rc = rc == 0 ? (int)out.status : -1;
	runner_outcome_free(&out);
	return rc;
}

/* Plant every name; with EXISTING, each link's target is a file "kept". */
static char *
plant(const struct env *e, const struct names *nm, int existing)
{
	char *scratch = scratch_create(e->parent);

	if (scratch == NULL)
		bail("scratch_create: %s", strerror(errno));
	for (size_t i = 0; i < nm->n; i++) {
		char *target = xasprintf("%s/%s", e->outside, nm->name[i]);
		char *link = xasprintf("%s/%s", scratch, nm->name[i]);

		if (existing && storefx_write(target, "kept", 4) != 0)
			bail("cannot write %s", target);
		if (symlink(target, link) != 0)
			bail("symlink %s: %s", link, strerror(errno));
		free(target);
		free(link);
	}
	return scratch;
}

/* Outside holds exactly the victims (none when dangling), unchanged. */
static int
outside_intact(const struct env *e, const struct names *nm, int existing)
{
	DIR *d = opendir(e->outside);
	struct dirent *ent;
	size_t seen = 0;
	int good = d != NULL;

	while (good && (ent = readdir(d)) != NULL) {
		char *path;
		size_t len = 0;
		char *text;

		if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
			continue;
		seen++;
		path = xasprintf("%s/%s", e->outside, ent->d_name);
		text = storefx_slurp(path, &len);
		good = existing && text != NULL && len == 4 &&
		       memcmp(text, "kept", 4) == 0;
		if (!good)
			diag("%s changed or appeared", path);
		free(text);
		(void)unlink(path);	/* ready for the next round */
		free(path);
	}
	if (d != NULL)
		(void)closedir(d);
	return good && seen == (existing ? nm->n : 0);
}

static void
check_test(const struct env *e, const struct aim_test *t)
{
	struct names nm = { .n = 0 };
	int st = discover(e, t, &nm);

	if (st != RUNNER_OK || nm.n == 0) {
		skip("%s: ran as %s and created %zu names: nothing to plant",
		     t->info->name, st < 0 ? "error" : runner_status_name(st), nm.n);
		skip("%s: idem", t->info->name);
		return;
	}
	for (int existing = 0; existing <= 1; existing++) {
		char *scratch = plant(e, &nm, existing);
		struct runner_outcome out;
		int rc = run_in(e, t, scratch, &out);

		ok(rc == 0 && outside_intact(e, &nm, existing),
		   "%s: %zu names planted as %s links (first: %s): nothing "
		   "written through them (%s: %s)", t->info->name, nm.n,
		   existing ? "file" : "dangling", nm.name[0],
		   rc == 0 ? runner_status_name(out.status) : "error",
		   rc == 0 ? out.reason : "");
		if (rc == 0)
			runner_outcome_free(&out);
		if (scratch_remove(scratch) != 0)
			bail("cannot remove %s", scratch);
		free(scratch);
	}
	for (size_t i = 0; i < nm.n; i++)
		free(nm.name[i]);
}

int
main(void)
{
	struct storefx fx;
	struct env e;
	size_t checked = 0;

	plan_lazy();
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);	/* as aimrun; best effort */
	storefx_init(&fx, "robust-symlink");
	storefx_path(&fx, "dir", e.parent, sizeof(e.parent));
	storefx_path(&fx, "outside", e.outside, sizeof(e.outside));
	if (mkdir(e.parent, 0755) != 0 || mkdir(e.outside, 0755) != 0)
		bail("mkdir: %s", strerror(errno));
	/*
	 * Not aimrun, so no aimrun-srcdir beside it: the source tree's data
	 * as make check names it, unless $AIM_DATADIR says otherwise.
	 */
	if (getenv("AIM_DATADIR") == NULL && getenv("AIM_SRCDIR") != NULL) {
		char *d = xasprintf("%s/tests-aim/data", getenv("AIM_SRCDIR"));

		if (setenv("AIM_DATADIR", d, 0) != 0)
			bail("setenv: %s", strerror(errno));
		free(d);
	}
	e.datadir = paths_datadir();
	for (size_t i = 0; aim_tests[i] != NULL; i++) {
		if (!(aim_tests[i]->needs & AIM_NEEDS_SCRATCH))
			continue;
		check_test(&e, aim_tests[i]);
		checked++;
	}
	ok(checked >= 10, "%zu shipped tests use a scratch directory", checked);
	free(e.datadir);
	return storefx_finish(&fx, done_testing());
}
