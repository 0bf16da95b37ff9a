// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A parsed import made the runs it stores, checked, then stored.  A new
 * run gets its tag, provenance and end here; a copy (an aimkit export
 * carrying the run whole) keeps what it says.  Every report of the file
 * goes in one outer transaction, its own or the caller's (who may add to
 * it and decide to commit): a failure part way leaves the database as it
 * was.
 */
#include "config.h"

#include "import.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "log.h"
#include "store.h"
#include "xalloc.h"

/*
 * The run's environment: what the import knows, then the exported facts
 * of a CSV (theirs are replaced by ours), or, when the file had none,
 * "environment unknown", which keeps aimcmp from comparing the run with
 * measured ones as if their machines were known to agree.
 */
static void
own_env(struct import_report *r)
{
	struct record_run *run = &r->run;
	struct record_kv *theirs = run->env;
	size_t n = run->n_env;
	char id[32];

	run->env = NULL;
	run->n_env = 0;
	if (r->configuration != NULL)
		record_add_env(run, "import.configuration", r->configuration);
	if (r->date != NULL)
		record_add_env(run, "import.date", r->date);
	if (r->source_run > 0) {
		snprintf(id, sizeof(id), "%" PRId64, r->source_run);
		record_add_env(run, "import.run_id", id);
	}
	for (size_t i = 0; i < n; i++)
		if (record_env(run, theirs[i].key) == NULL)
			record_add_env(run, theirs[i].key, theirs[i].value);
	/* A report's own row numbers say nothing of its machine. */
	if (n == 0 || (n == 1 && record_env(run, IMPORT_ROW_NUMBERS_KEY)))
		record_add_env(run, IMPORT_ENV_UNKNOWN_KEY, IMPORT_ENV_UNKNOWN);
	free(theirs);
}

/* The machine's name: the file's, or the exported environment's. */
static const char *
report_host(const struct import_report *r)
{
	const char *h = record_env(&r->run, "hostname");

	return r->host != NULL ? r->host : h;
}

/*
 * A new run of F read from SOURCE_FILE, ended complete at NOW.  The
 * file's name is the user's, any bytes: stored in the form every path
 * carries (record_text_fit), as aimrun stores its --dir.
 */
static void
finish_new(struct import_report *r, const struct import_file *f,
	   const char *source_file, const char *now)
{
	struct record_run *run = &r->run;
	char *name = xstrdup(source_file), source[64];

	record_text_fit(name);
	own_env(r);
	run->suite = "aim9";
	run->options = "";
	snprintf(source, sizeof(source), "import-%s",
		 import_format_name(f->format));
	run->source = record_strdup(run, source);
	run->source_file = record_strdup(run, name);
	free(name);
	run->sha256 = record_strdup(run, f->sha256);
	run->aim_version = PACKAGE_VERSION;
	run->host = record_strdup(run, report_host(r));
	run->started_utc = run->ended_utc = record_strdup(run, now);
	run->status = "complete";
}

int
import_finish(struct import_file *f, char *const *tags,
	      const char *source_file)
{
	char now[32], err[1024];

	if (store_now_utc(now, sizeof(now), err, sizeof(err)) < 0) {
		aim_warn("%s", err);
		return -1;
	}
	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_report *r = &f->reports[i];

		if (!r->copy)
			finish_new(r, f, source_file, now);
		r->run.tag = record_strdup(&r->run, tags[i]);
		if (record_check(&r->run, err, sizeof(err)) < 0) {
			aim_warn("%s: %s", f->name, err);
			return -1;
		}
	}
	return 0;
}

int
import_store(struct store *st, const char *db_name,
	     const struct import_file *f)
{
	int own = !store_in_transaction(st);

	if (own && store_begin(st) < 0) {
		aim_warn("%s: %s", db_name, store_errmsg(st));
		return -1;
	}
	for (size_t i = 0; i < f->n_reports; i++) {
		if (store_put_run(st, &f->reports[i].run) < 0) {
			aim_warn("%s: %s", db_name, store_errmsg(st));
			store_rollback(st);
			return -1;
		}
	}
	if (own && store_commit(st) < 0) {
		aim_warn("%s: %s", db_name, store_errmsg(st));
		return -1;
	}
	return 0;
}
