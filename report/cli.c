// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Command-line plumbing shared by the report commands, so that both name
 * and classify database problems the same way.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog.h"
#include "dbtarget.h"
#include "dbpath.h"
#include "log.h"
#include "parse.h"
#include "plot.h"
#include "schema_ver.h"
#include "tag.h"
#include "xalloc.h"

char *
cli_db_path(const char *opt)
{
	char *path;

	char shown[512];

	path = opt != NULL ? xstrdup(opt) : dbpath_default();
	if (path == NULL)
		aim_warn("no database: give --db PATH or set AIM_DB (HOME is not set)");
	/* Refused here, so that no later message can quote it. */
	if (path != NULL && db_target_shown(path, shown, sizeof(shown)) == 1) {
		aim_warn("%s: %s", shown, DB_TARGET_NO_PASSWORD);
		free(path);
		path = NULL;
	}
	return path;
}

struct store *
cli_open(const char *path, enum store_mode mode, int *status)
{
	return cli_open_as(path, mode,
			   "no such database (give --db PATH, or run aimrun first)",
			   status);
}

struct store *
cli_open_as(const char *path, enum store_mode mode, const char *missing,
	    int *status)
{
	int reader = mode == STORE_RO || mode == STORE_CHECK;
	char err[512];
	struct stat sb;
	struct store *st;

	/*
	 * Even a reader writes: SQLite makes the -shm index of a WAL
	 * database.  Under a file size limit that must fail with EFBIG and
	 * one line, not kill the program with a cut file left behind.
	 */
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR) {
		aim_warn_errno("cannot ignore SIGXFSZ");
		*status = CLI_ENV;
		return NULL;
	}
	if (reader && !db_target_is_postgres(path) &&
	    stat(path, &sb) < 0 && errno == ENOENT) {
		aim_warn("%s: %s", path, missing);
		*status = CLI_USER;
		return NULL;
	}
	st = store_open(path, mode, err, sizeof(err));
	if (st == NULL) {
		aim_warn("%s: %s", path, err);
		*status = !reader && store_name_is_link(path) ?
			  CLI_USER : CLI_ENV;
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
	printf("%s (aimkit) %s\ndatabase schema version %d\n", prog,
	       PACKAGE_VERSION, schema_version());
}

int
cli_close_stdout(void)
{
	return aim_stdout_flush() != 0 ? CLI_ENV : CLI_OK;
}

int
cli_bad_usage(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	aim_warn("%s", msg);
	return CLI_USER;
}

int
cli_bad_option(int ch, char *const *argv, const struct option *longopts,
	       const char *verb)
{
	aim_bad_option(ch, argv, longopts, verb);
	return CLI_USER;
}

int
cli_parse_real(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !isfinite(v) ||
	    v < min || v >= max)
		return -1;
	*out = v;
	return 0;
}

int
cli_parse(int argc, char **argv, const struct cli_parser *p)
{
	int c, rc;

	opterr = 0;	/* cli_bad_option() says it in one line */
	while ((c = getopt_long(argc, argv, p->shortopts, p->longopts,
				NULL)) != -1) {
		if (c == 'h' || c == 'V') {
			if (c == 'h')
				p->usage(stdout);
			else
				cli_version(p->prog);
			return -1;
		}
		if (c == '?' || c == ':')
			return cli_bad_option(c, argv, p->longopts, NULL);
		rc = p->one(c, optarg, p->data);
		if (rc != CLI_OK)
			return rc;
	}
	return CLI_OK;
}
