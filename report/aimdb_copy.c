// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Runs copied from one database to another, store to store: each run of
 * the source read whole into its record (query_run_load), checked as
 * every path checks a run (record_check), written in a transaction of
 * its own (store_put_run, each table's rows sent together) and released
 * before the next is read, so memory holds one run whatever the source
 * holds.  A run is known by its uuid: one the target has is skipped; one
 * the target refuses is named, with why, and the others still go.  The
 * copy of aimdb merge, and of aimdb push with the roles swapped (with
 * --jobs N, N runs written at once by the writers of aimdb_copy_jobs.c,
 * which store each as aimdb_copy_send does).
 */
#include "config.h"

#include "aimdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export.h"
#include "log.h"
#include "query.h"
#include "query_admin.h"
#include "store.h"
#include "tag.h"

/* "VERB UUID TAG[ (WHY)]": what became of one run, when asked for. */
static int
say_run(const struct aimdb_copy *m, const char *verb,
	const struct record_run *run, const char *why)
{
	if (!m->per_run)
		return 0;
	fputs(verb, stdout);
	fputc(' ', stdout);
	tag_fput(stdout, run->uuid, 0);
	fputc(' ', stdout);
	tag_fput(stdout, run->tag, 0);
	if (why != NULL)
		printf(" (%s)", why);
	return putchar('\n') == EOF ? -1 : 0;
}

/* One more run in COUNT, told as VERB (WHY) unless NULL: CLI_OK or CLI_ENV. */
static int
tell(struct aimdb_copy *m, size_t *count, const char *verb,
     const struct record_run *run, const char *why)
{
	int rc;

	/* Writers share the counts and stdout; a lock never fails here. */
	(void)pthread_mutex_lock(&m->out);
	(*count)++;
	rc = verb != NULL && say_run(m, verb, run, why) < 0 ? CLI_ENV :
	     CLI_OK;
	(void)pthread_mutex_unlock(&m->out);
	return rc;
}

/*
 * RUN stored in one transaction of the target, unless it holds its uuid.
 * 1 stored, 0 present, -1 after reporting.
 */
static int
put(struct aimdb_copy *m, struct aimdb_copy_conn *c,
    const struct record_run *run)
{
	int found = query_probe_uuid(c->probe, run->uuid);

	if (found == 0 && store_put_run(c->to, run) < 0) {
		/* Another copy may have stored it meanwhile: rolled back. */
		found = query_probe_uuid(c->probe, run->uuid);
		if (found == 0) {
			aim_warn("%s: %s", m->to_name, store_errmsg(c->to));
			found = -1;
		}
	} else if (found == 0) {
		return 1;
	}
	return found > 0 ? 0 : -1;
}

int
aimdb_copy_send(struct aimdb_copy *m, struct aimdb_copy_conn *c,
		const struct record_run *run)
{
	int rc = put(m, c, run);

	if (rc < 0)
		return CLI_ENV;
	if (rc == 0)
		return tell(m, &m->present, "skipped", run, "already present");
	return tell(m, &m->copied, m->verb, run, NULL);
}

/*
 * RUN, read with UNREAD rows no record holds, sent unless it may not be:
 * 1 to send, else CLI_OK or CLI_ENV (negated) once told.
 */
static int
vet(struct aimdb_copy *m, const struct record_run *run, size_t unread)
{
	char err[1200];

	if (!m->incomplete && (run->status == NULL ||
			      strcmp(run->status, "complete") != 0))
		return -tell(m, &m->left_out, "left out", run,
			     "incomplete; --incomplete sends it too");
	if (export_whole(run, m->lossy ? 0 : unread, err, sizeof(err)) < 0) {
		aim_warn("%s: refused %s", m->verb_cmd, err);
		return -tell(m, &m->refused, NULL, NULL, NULL);
	}
	return 1;
}

/* The runs of TAG, one record at a time. */
static int
copy_tag(struct aimdb_copy *m, const char *tag)
{
	int64_t *ids;
	size_t n;
	int rc = CLI_OK;

	if (query_run_ids(store_db(m->from), tag, &ids, &n) < 0)
		return CLI_ENV;
	for (size_t i = 0; i < n && rc == CLI_OK; i++) {
		struct record_run run;
		size_t unread;
		int found = query_run_load(store_db(m->from), ids[i],
					   QUERY_LOAD_HISTS |
					   QUERY_LOAD_MONITORS, &run, &unread);

		if (found < 0)
			rc = CLI_ENV;
		if (found <= 0)
			continue;
		export_derive_uuid(&run);
		rc = vet(m, &run, unread);
		if (rc <= 0) {
			rc = -rc;
		} else if (m->q != NULL) {
			rc = aimdb_copy_sendq(m, &run);	/* freed there */
			continue;
		} else {
			rc = aimdb_copy_send(m, &m->conn, &run);
		}
		record_free(&run);
	}
	free(ids);
	return rc;
}

/* "N copied, M already present, K refused[, L incomplete left out]". */
static int
copy_summary(const struct aimdb_copy *m)
{
	printf("%zu copied, %zu already present, %zu refused", m->copied,
	       m->present, m->refused);
	if (m->left_out > 0)
		printf(", %zu incomplete left out", m->left_out);
	putchar('\n');
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout");
		return CLI_ENV;
	}
	return m->refused > 0 ? CLI_USER : CLI_OK;
}

int
aimdb_copy_runs(struct aimdb_copy *m, int argc, char **argv)
{
	char **tags = NULL;
	size_t n = 0;
	int rc = aimdb_tags_given(m->from_name, m->from, argc, argv, &tags,
				  &n);

	struct aimdb_copy_conn *c = &m->conn;

	if (rc == CLI_OK &&
	    (c->to = cli_open(m->to_name, STORE_RW, &rc)) != NULL &&
	    (c->probe = query_probe_open(store_db(c->to))) == NULL)
		rc = CLI_ENV;
	if (c->probe != NULL && rc == CLI_OK && m->jobs > 1)
		rc = aimdb_jobs_start(m);
	for (size_t i = 0; c->probe != NULL && rc == CLI_OK && i < n; i++)
		rc = copy_tag(m, tags[i]);
	if (m->q != NULL && aimdb_jobs_end(m) != CLI_OK)
		rc = CLI_ENV;
	if (c->probe != NULL && rc == CLI_OK)
		rc = copy_summary(m);
	query_tags_free(tags, n);
	query_probe_close(c->probe);
	c->probe = NULL;
	store_close(c->to);
	c->to = NULL;
	return rc;
}

int
aimdb_copy_open(struct aimdb_copy *m, const char *missing)
{
	int rc;

	/* The user named the source: --db and aimrun are no answer to its absence. */
	m->from = cli_open_as(m->from_name, STORE_RO, missing, &rc);
	if (m->from == NULL)
		return rc;
	/* One moment of the source, whatever writes to it meanwhile. */
	if (store_snapshot(m->from) < 0) {
		aim_warn("%s: %s", m->from_name, store_errmsg(m->from));
		return CLI_ENV;
	}
	return CLI_OK;
}
