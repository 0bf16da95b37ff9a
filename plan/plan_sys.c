// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan and the machine it runs on (plan_sys.h): programs by fixed
 * paths, started with posix_spawn and waited for through a pidfd, and a
 * lock file taken with flock where only its owner could have made it.
 */
#include "config.h"

#include "plan_sys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "beside.h"
#include "aimpaths.h"
#include "xalloc.h"

extern char **environ;

/* Where each program lies in the build tree, from its top. */
static const char *const tree_paths[][2] = {
	{ "aimrun", "harness/aimrun" },
	{ "aimdb", "report/aimdb" },
	{ "aimplan-init", "plan/aimplan-init" },
};

/* NAME beside the running aimplan, when it is a trusted file there. */
static char *
trusted_beside(const char *name)
{
	char *path = beside_exe(name);
	int fd = path != NULL ? open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC) :
		 -1;
	int ok = fd >= 0 && beside_trusted(fd);

	if (fd >= 0)
		(void)close(fd);	/* O_PATH: nothing to flush */
	if (ok)
		return path;
	free(path);
	return NULL;
}

char *
plan_prog(const char *name)
{
	char *tree = beside_read_dir("aimplan-builddir"), *path;
	int libexec = strcmp(name, "aimplan-init") == 0;

	if (tree != NULL) {
		for (size_t i = 0; i < sizeof(tree_paths) /
		     sizeof(tree_paths[0]); i++)
			if (strcmp(tree_paths[i][0], name) == 0) {
				path = xasprintf("%s/%s", tree,
						 tree_paths[i][1]);
				free(tree);
				return path;
			}
		free(tree);
	}
	if (!libexec && (path = trusted_beside(name)) != NULL)
		return path;
	return xasprintf("%s/%s", libexec ? AIM_PKGLIBEXECDIR : AIM_BINDIR,
			 name);
}

char *
plan_sysprog(const char *name)
{
	static const char *const dirs[] = { "/usr/sbin", "/usr/bin", "/sbin",
					    "/bin" };

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *path = xasprintf("%s/%s", dirs[i], name);
		struct stat st;

		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(path, X_OK) == 0)
			return path;
		free(path);
	}
	return NULL;
}

int
plan_spawn_start(char *const argv[], int out_fd, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int err = posix_spawn_file_actions_init(&fa);

	if (err != 0)
		return err;
	err = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY,
					       0);
	if (err == 0 && out_fd >= 0)
		err = posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	if (err == 0 && out_fd >= 0)
		err = posix_spawn_file_actions_adddup2(&fa, out_fd, 2);
	if (err == 0)
		err = posix_spawn(pid, argv[0], &fa, NULL, argv, environ);
	(void)posix_spawn_file_actions_destroy(&fa);	/* cannot fail */
	return err;
}

/* Wait for PID, for TIMEOUT_S at most (0: no limit): 1 ended, 0 not. */
static int
wait_for(pid_t pid, double timeout_s, int *status)
{
	int fd = timeout_s > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int r = 1;

	if (fd >= 0) {
		do
			r = poll(&p, 1, (int)(timeout_s * 1000.0));
		while (r < 0 && errno == EINTR);
		(void)close(fd);	/* a pidfd: nothing to flush */
	}
	if (r == 0)
		return 0;
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 1;
}

int
plan_spawn(char *const argv[], int out_fd, double timeout_s, char *err,
	   size_t errlen)
{
	const char *name = strrchr(argv[0], '/') != NULL ?
			   strrchr(argv[0], '/') + 1 : argv[0];
	int status = 0, rc;
	pid_t pid;

	rc = plan_spawn_start(argv, out_fd, &pid);
	if (rc != 0) {
		snprintf(err, errlen, "%s: %s", argv[0], strerror(rc));
		return -1;
	}
	rc = wait_for(pid, timeout_s, &status);
	if (rc == 0) {
		(void)kill(pid, SIGKILL);	/* it may have just ended */
		(void)wait_for(pid, 0, &status);
		snprintf(err, errlen, "%s timed out after %.0f s", name,
			 timeout_s);
		return -1;
	}
	if (rc < 0) {
		snprintf(err, errlen, "%s: wait: %s", name, strerror(errno));
		return -1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		snprintf(err, errlen, "%s exited %d", name,
			 WEXITSTATUS(status));
	else
		snprintf(err, errlen, "%s was killed by signal %d", name,
			 WTERMSIG(status));
	return -1;
}

/* The lock file's name for this user. Malloc'd. */
static char *
lock_name(void)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	struct stat st;

	if (geteuid() == 0)
		return xstrdup(stat("/run/lock", &st) == 0 &&
			       S_ISDIR(st.st_mode) ? "/run/lock/aimplan.lock" :
			       "/run/aimplan.lock");
	if (run != NULL && run[0] == '/' && lstat(run, &st) == 0 &&
	    S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	    (st.st_mode & 077) == 0)
		return xasprintf("%s/aimplan.lock", run);
	return xasprintf("/tmp/aimplan-%u.lock", (unsigned)geteuid());
}

int
plan_lock(char *err, size_t errlen)
{
	char *name = lock_name();
	int fd = open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	struct stat st;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid()) {
		snprintf(err, errlen, "%s: %s", name, fd < 0 ? strerror(errno) :
			 "not a file of ours");
		if (fd >= 0)
			(void)close(fd);	/* unused: nothing to flush */
		free(name);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		snprintf(err, errlen, "another aimplan is running a step (%s "
			 "is locked)", name);
		(void)close(fd);	/* unused: nothing to flush */
		free(name);
		return -1;
	}
	free(name);
	return fd;
}
