// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Starts gnuplot on a script written to a private temporary directory and
 * tidies up after it.  A missing gnuplot is the most likely failure on a
 * test machine, so it is checked first and named with the package to
 * install.  gnuplot gets nothing of ours it could act on: a fixed,
 * minimal environment, a HOME that is a new empty directory (no
 * ~/.gnuplot), that directory's parent as working directory, and the
 * pictures' temporary files as open descriptors (/dev/fd/N), so the
 * script names no path at all and nobody can swap a name gnuplot opens.
 * The pictures take their names only after gnuplot succeeded.
 */
#include "config.h"

#include "plot_run.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dbpath.h"
#include "log.h"
#include "outfile.h"
#include "plot_page.h"
#include "tag.h"
#include "xalloc.h"

/* Where gnuplot runs: its script, its HOME, its pictures. */
/* The first descriptor gnuplot writes a picture to: after stdio. */
#define PICTURE_FD 3

struct gp_run {
	char *dir;		/* private, mode 0700 */
	char *script;		/* DIR/plot.gp */
	char *home;		/* DIR/home, empty */
	char *errlog;		/* DIR/gnuplot.err: its standard error */
	struct outfile *out;	/* one per picture */
	char **names;		/* "/dev/fd/N": gnuplot writes them by descriptor */
	size_t n_out;
};

const char *
plot_run_gnuplot(void)
{
	const char *env = getenv("AIM_GNUPLOT");

	return env != NULL && env[0] != '\0' ? env : GNUPLOT_PATH;
}

static int
executable(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	       access(path, X_OK) == 0;
}

static int
write_script(const char *path, const struct plot_model *m,
	     const struct plot_opts *o)
{
	FILE *f = fopen(path, "wxe");
	int rc;

	if (f == NULL) {
		aim_warn_errno("%s", path);
		return -1;
	}
	rc = plot_write_script(f, m, o);
	if (fclose(f) != 0 || rc < 0) {
		aim_warn_errno("%s", path);
		return -1;
	}
	return 0;
}

/*
 * gnuplot's own complaint takes several lines and echoes the script line
 * (tags in it): keep only its last line with text, made printable.
 */
static const char *
gnuplot_said(const char *errlog, char *buf, size_t len)
{
	char line[512], last[512] = "";
	FILE *f = fopen(errlog, "re");

	if (f == NULL)
		return "";
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[strspn(line, " \t^")] != '\0')
			memcpy(last, line, sizeof(last));
	}
	(void)fclose(f);	/* read only: nothing to lose */
	return tag_shown(last + strspn(last, " \t"), buf, len);
}

static int
wait_gnuplot(pid_t pid, const char *errlog)
{
	char said[200];
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			aim_warn_errno("gnuplot: waitpid");
			return -1;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		aim_warn("gnuplot: failed with exit status %d: %s (--script FILE keeps the script)",
			 WEXITSTATUS(status),
			 gnuplot_said(errlog, said, sizeof(said)));
	else if (WIFSIGNALED(status))
		aim_warn("gnuplot: killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		aim_warn("gnuplot: stopped with status %#x", status);
	return -1;
}

/*
 * Standard input from /dev/null, standard error to ERRLOG, the pictures'
 * temporary files as descriptors PICTURE_FD and up, the private directory
 * as working directory, and SIGXFSZ back to its default (we ignore it):
 * a file size limit kills gnuplot rather than leaving a cut picture.
 */
static int
spawn_setup(posix_spawn_file_actions_t *fa, posix_spawnattr_t *sa,
	    const struct gp_run *r)
{
	sigset_t def;
	int err;

	if (sigemptyset(&def) < 0 || sigaddset(&def, SIGXFSZ) < 0)
		return errno;
	err = posix_spawn_file_actions_addopen(fa, 0, "/dev/null", O_RDONLY, 0);
	if (err == 0)
		err = posix_spawn_file_actions_addopen(fa, 2, r->errlog,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	for (size_t k = 0; err == 0 && k < r->n_out; k++)
		err = posix_spawn_file_actions_adddup2(fa, r->out[k].fd,
						       (int)(PICTURE_FD + k));
	if (err == 0)
		err = posix_spawn_file_actions_addchdir_np(fa, r->dir);
	if (err == 0)
		err = posix_spawnattr_setsigdefault(sa, &def);
	if (err == 0)
		err = posix_spawnattr_setflags(sa, POSIX_SPAWN_SETSIGDEF);
	return err;
}

static int
spawn(const char *gnuplot, const struct gp_run *r)
{
	char *home = xasprintf("HOME=%s", r->home);
	char *argv[] = { (char *)"gnuplot", r->script, NULL };
	char *envp[] = { (char *)"PATH=/usr/bin:/bin", (char *)"LANG=C.UTF-8",
			 (char *)"LC_ALL=C.UTF-8", home, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t sa;
	pid_t pid;
	int err;

	err = posix_spawn_file_actions_init(&fa);
	if (err == 0) {
		err = posix_spawnattr_init(&sa);
		if (err == 0) {
			err = spawn_setup(&fa, &sa, r);
			if (err == 0)
				err = posix_spawn(&pid, gnuplot, &fa, &sa,
						  argv, envp);
			/* Destroying initialised objects cannot fail on Linux. */
			(void)posix_spawnattr_destroy(&sa);
		}
		(void)posix_spawn_file_actions_destroy(&fa);
	}
	free(home);
	if (err != 0) {
		errno = err;
		aim_warn_errno("gnuplot: cannot start %s", gnuplot);
		return -1;
	}
	return wait_gnuplot(pid, r->errlog);
}

/* The pictures' temporary files: one, one per page or one per test. */
static int
open_pictures(struct gp_run *r, const struct plot_model *m,
	      const struct plot_opts *o)
{
	r->n_out = plot_pictures(m, o);
	r->out = xcalloc(r->n_out, sizeof(*r->out));
	r->names = xcalloc(r->n_out, sizeof(*r->names));
	for (size_t k = 0; k < r->n_out; k++) {
		char *path = plot_picture_path(m, o, k);
		int rc = dbpath_spares(path, o->keep);

		if (rc < 0)
			aim_warn("--output: %s: is the database being read", path);
		else if ((rc = outfile_open(&r->out[k], path)) < 0)
			aim_warn_errno("--output: %s", path);
		free(path);
		if (rc < 0) {
			r->n_out = k;
			return -1;
		}
		r->names[k] = xasprintf("/dev/fd/%zu", PICTURE_FD + k);
	}
	return 0;
}

/* Rename every picture into place when DRAWN, else remove them all. */
static int
close_pictures(struct gp_run *r, int drawn)
{
	int rc = drawn ? 0 : -1;

	for (size_t k = 0; k < r->n_out; k++) {
		char *path = xstrdup(r->out[k].path);

		if (rc < 0) {
			outfile_discard(&r->out[k]);
		} else if (outfile_commit(&r->out[k]) < 0) {
			aim_warn_errno("--output: %s", path);
			rc = -1;
		}
		free(path);
	}
	free(r->out);
	for (size_t k = 0; k < r->n_out; k++)
		free(r->names[k]);
	free(r->names);
	return rc;
}

static int
remove_one(const char *path, const struct stat *sb, int type,
	   struct FTW *ftw)
{
	(void)sb;
	(void)type;
	(void)ftw;
	return remove(path);
}

/*
 * The private directory and what gnuplot's libraries may have left in
 * its HOME (a font cache, say).
 */
static int
remove_private(const char *dir)
{
	if (nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS) != 0) {
		aim_warn_errno("%s", dir);
		return -1;
	}
	return 0;
}

static int
make_private(struct gp_run *r)
{
	const char *tmp = getenv("TMPDIR");

	r->dir = xasprintf("%s/aimplot.XXXXXX",
			   tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
	if (mkdtemp(r->dir) == NULL) {
		aim_warn_errno("%s", r->dir);
		return -1;
	}
	r->script = xasprintf("%s/plot.gp", r->dir);
	r->home = xasprintf("%s/home", r->dir);
	r->errlog = xasprintf("%s/gnuplot.err", r->dir);
	if (mkdir(r->home, 0700) < 0) {
		aim_warn_errno("%s", r->home);
		return -1;
	}
	return 0;
}

int
plot_run(const char *gnuplot, const struct plot_model *m,
	 const struct plot_opts *o)
{
	struct gp_run r = { 0 };
	struct plot_opts run = *o;
	int rc = -1, made;

	if (!executable(gnuplot)) {
		aim_warn("gnuplot: not found at %s: install the Debian package gnuplot-nox",
			 gnuplot);
		return -1;
	}
	made = make_private(&r) == 0;
	if (made && open_pictures(&r, m, o) == 0) {
		run.write_as = (const char *const *)r.names;
		if (write_script(r.script, m, &run) == 0)
			rc = spawn(gnuplot, &r);
	}
	if (close_pictures(&r, rc == 0) < 0)
		rc = -1;
	if (r.script != NULL && remove_private(r.dir) < 0)
		rc = -1;
	free(r.script);
	free(r.home);
	free(r.errlog);
	free(r.dir);
	return rc;
}
