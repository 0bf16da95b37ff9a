/*
 * Command-line plumbing shared by the report commands, so that both name
 * and classify database problems the same way.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "dbpath.h"
#include "log.h"
#include "parse.h"
#include "xalloc.h"

char *
cli_db_path(const char *opt)
{
	char *path;

	if (opt != NULL)
		return xstrdup(opt);
	path = dbpath_default();
	if (path == NULL)
		aim_warn("no database: give --db PATH or set AIM_DB (HOME is not set)");
	return path;
}

struct store *
cli_open(const char *path, enum store_mode mode, int *status)
{
	char err[512];
	struct stat sb;
	struct store *st;

	if (mode == STORE_RO && stat(path, &sb) < 0 && errno == ENOENT) {
		aim_warn("%s: no such database (give --db PATH, or run aimrun first)",
			 path);
		*status = CLI_USER;
		return NULL;
	}
	st = store_open(path, mode, err, sizeof(err));
	if (st == NULL) {
		aim_warn("%s: %s", path, err);
		*status = CLI_ENV;
	}
	return st;
}

int
cli_run_id(const char *s, int64_t *out)
{
	long v;

	if (parse_long(s, 1, LONG_MAX, &v) < 0)
		return -1;
	*out = v;
	return 0;
}

void
cli_version(const char *prog)
{
	printf("%s (aimkit) %s\n", prog, PACKAGE_VERSION);
}

int
cli_close_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout");
		return CLI_ENV;
	}
	return CLI_OK;
}
