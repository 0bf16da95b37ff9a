/*
 * Starts gnuplot on a script written to a private temporary directory and
 * tidies up after it.  A missing gnuplot is the most likely failure on a
 * test machine, so it is checked first and named with the package to
 * install.
 */
#include "config.h"

#include "plot_run.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "log.h"
#include "xalloc.h"

extern char **environ;

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
	FILE *f = fopen(path, "w");
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

static int
wait_gnuplot(pid_t pid)
{
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
		aim_warn("gnuplot: failed with exit status %d (its message is above; --script FILE keeps the script)",
			 WEXITSTATUS(status));
	else
		aim_warn("gnuplot: killed by signal %d",
			 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return -1;
}

static int
spawn(const char *gnuplot, const char *script)
{
	char *argv[] = { (char *)"gnuplot", (char *)script, NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int err;

	err = posix_spawn_file_actions_init(&fa);
	if (err == 0) {
		err = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
						       O_RDONLY, 0);
		if (err == 0)
			err = posix_spawn(&pid, gnuplot, &fa, NULL, argv,
					  environ);
		/* Destroying an initialised object cannot fail on Linux. */
		(void)posix_spawn_file_actions_destroy(&fa);
	}
	if (err != 0) {
		errno = err;
		aim_warn_errno("gnuplot: cannot start %s", gnuplot);
		return -1;
	}
	return wait_gnuplot(pid);
}

int
plot_run(const char *gnuplot, const struct plot_model *m,
	 const struct plot_opts *o)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, *script;
	int rc = -1;

	if (!executable(gnuplot)) {
		aim_warn("gnuplot: not found at %s: install the Debian package gnuplot-nox",
			 gnuplot);
		return -1;
	}
	dir = xasprintf("%s/aimplot.XXXXXX",
			tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		aim_warn_errno("%s", dir);
		free(dir);
		return -1;
	}
	script = xasprintf("%s/plot.gp", dir);
	if (write_script(script, m, o) == 0)
		rc = spawn(gnuplot, script);
	if (unlink(script) < 0 && errno != ENOENT) {
		aim_warn_errno("%s", script);
		rc = -1;
	}
	if (rmdir(dir) < 0) {
		aim_warn_errno("%s", dir);
		rc = -1;
	}
	free(script);
	free(dir);
	return rc;
}
