// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb merge: the runs of another aimkit database copied into this one,
 * store to store (aimdb_copy.c): each run read whole into its record,
 * checked as every path checks a run, and stored in a transaction of its
 * own, so a merge keeps exactly what an export and import keep and
 * refuses what they refuse; a run is known by its uuid, and its content
 * hash comes along.  The other file is only read.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>

#include "cli.h"
#include "log.h"
#include "store.h"

static const char merge_usage[] =
	"Usage: aimdb merge [--lossy] OTHER.db [TAG]...\n"
	"Copy the runs of OTHER.db (all, or those of the tags) into the\n"
	"database with all they hold, each in a transaction of its own; a run\n"
	"already there (by its uuid) is skipped, one the database refuses is\n"
	"named and left out.  OTHER.db is only read.\n"
	"  -l, --lossy   copy runs holding metrics this aimkit does not know,\n"
	"                without them\n";

/* OTHER, read only: not a link, not the database merged into. */
static int
merge_open(struct aimdb_copy *m)
{
	struct stat so, sd;

	if (store_name_is_link(m->from_name)) {
		aim_warn("merge: %s: is a symbolic link; name the database itself",
			 m->from_name);
		return CLI_USER;
	}
	if (stat(m->from_name, &so) == 0 && stat(m->to_name, &sd) == 0 &&
	    so.st_dev == sd.st_dev && so.st_ino == sd.st_ino) {
		aim_warn("merge: %s: is the database merged into (%s)",
			 m->from_name, m->to_name);
		return CLI_USER;
	}
	return aimdb_copy_open(m, "no database to merge from (OTHER.db names an existing aimkit database)");
}

int
aimdb_merge(const struct aimdb *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "lossy", no_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 },
	};
	struct aimdb_copy m = { .to_name = a->db_path, .verb = "merged",
				.verb_cmd = "merge", .incomplete = 1,
				.out = PTHREAD_MUTEX_INITIALIZER };
	int c, done = 0, rc;

	while ((c = aimdb_getopt(argc, argv, "hl", longopts, merge_usage,
				 &done)) != -1) {
		if (c != 'l')
			return CLI_USER;
		m.lossy = 1;
	}
	if (done)
		return CLI_OK;
	if (optind >= argc)
		return aimdb_usage_error("merge", "name the database to merge from");
	m.from_name = argv[optind++];
	rc = merge_open(&m);
	if (rc == CLI_OK)
		rc = aimdb_copy_runs(&m, argc, argv);
	store_close(m.from);
	return rc;
}
