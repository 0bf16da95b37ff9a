// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb push: the runs of this database (--db) sent to another, most
 * often the fleet's server: aimdb merge with the roles swapped, through
 * the same code (aimdb_copy_runs, store to store), so a run is known by
 * its uuid, pushing twice stores once, and a run the target refuses
 * costs only itself.  Only complete runs go unless asked, since
 * a run still being measured would arrive cut short and then be skipped
 * as present forever.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cli.h"
#include "dbpath.h"
#include "dbtarget.h"
#include "log.h"
#include "parse.h"
#include "store.h"
#include "tag.h"

static const char push_usage[] =
	"Usage: aimdb [--db LOCAL] push [--to TARGET] [--incomplete] [--lossy]\n"
	"       [--jobs N] [TAG]...\n"
	"Send the complete runs of the database (all, or those of the tags)\n"
	"to TARGET (default $AIM_PUSH_TO), a file or a PostgreSQL server,\n"
	"with all they hold, each in a transaction of its own; a run already\n"
	"there (by its uuid) is skipped, one the target refuses is named on\n"
	"stderr and the others still go.  One line per run, then a summary.\n"
	"The database is only read.\n"
	"\n"
	"  -t, --to TARGET   the database to send to\n"
	"  -i, --incomplete  send runs that are not complete too\n"
	"  -j, --jobs N      to a server, send N runs at once over N\n"
	"                    connections (default 1); the lines of the\n"
	"                    runs then come as each is stored\n"
	"  -l, --lossy       send runs holding metrics this aimkit does not\n"
	"                    know, without them\n";

/*
 * TARGET must be given, be a name a database can have, and not be --db;
 * JOBS > 1 only for a server (a file takes one writer at a time).
 */
static int
push_target(const char *to, const char *local, unsigned jobs)
{
	struct stat st, sl;
	char shown[512], why[300];

	if (to == NULL || to[0] == '\0')
		return aimdb_usage_error("push", "no target: give --to TARGET or set AIM_PUSH_TO");
	/* Refused before anything can quote it, as --db is (cli_db_path). */
	if (db_target_shown(to, shown, sizeof(shown)) == 1) {
		aim_warn("push: %s: %s", shown, DB_TARGET_NO_PASSWORD);
		return CLI_USER;
	}
	if (db_target_is_postgres(to))
		return CLI_OK;
	if (jobs > 1)
		return aimdb_usage_error("push", "--jobs: a file takes one writer at a time; more are for a server");
	if (dbpath_check(to, why, sizeof(why)) < 0) {
		aim_warn("push: %s: %s", tag_shown(to, shown, sizeof(shown)),
			 why);
		return CLI_USER;
	}
	if (stat(to, &st) == 0 && stat(local, &sl) == 0 &&
	    st.st_dev == sl.st_dev && st.st_ino == sl.st_ino)
		return aimdb_usage_error("push", "%s: is the database pushed from (%s)",
					 to, local);
	return CLI_OK;
}

int
aimdb_push(const struct aimdb *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "incomplete", no_argument, NULL, 'i' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "lossy", no_argument, NULL, 'l' },
		{ "to", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	struct aimdb_copy m = { .from_name = a->db_path, .verb = "pushed",
				.verb_cmd = "push", .per_run = 1,
				.out = PTHREAD_MUTEX_INITIALIZER };
	const char *to = getenv("AIM_PUSH_TO");
	int c, done = 0, rc;
	long jobs;

	while ((c = aimdb_getopt(argc, argv, "hij:lt:", longopts, push_usage,
				 &done)) != -1) {
		if (c == 'i')
			m.incomplete = 1;
		else if (c == 'j' && parse_long(optarg, 1, AIMDB_JOBS_MAX, &jobs) < 0)
			return aimdb_usage_error("push", "--jobs: not a count of connections from 1 to %d: '%s'",
						 AIMDB_JOBS_MAX, optarg);
		else if (c == 'j')
			m.jobs = (unsigned)jobs;
		else if (c == 'l')
			m.lossy = 1;
		else if (c == 't')
			to = optarg;
		else
			return CLI_USER;
	}
	if (done)
		return CLI_OK;
	rc = push_target(to, a->db_path, m.jobs);
	if (rc != CLI_OK)
		return rc;
	m.to_name = to;
	rc = aimdb_copy_open(&m, "no such database to push from (give --db PATH)");
	if (rc == CLI_OK)
		rc = aimdb_copy_runs(&m, argc, argv);
	store_close(m.from);
	return rc;
}
