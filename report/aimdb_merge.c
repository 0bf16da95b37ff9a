/*
 * aimdb merge: the runs of another aimkit database copied into this one.
 * Each run goes through the shape of the JSON export (export_json_doc,
 * then the checks of its import), so a merge keeps exactly what an export
 * and import keep and refuses what they refuse; a run is known by its
 * uuid, and its content hash (run_import) comes along.  The other file
 * is only read, and each run is stored in a transaction of its own.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli.h"
#include "export.h"
#include "filehash.h"
#include "import.h"
#include "import_int.h"
#include "import_json.h"
#include "jsonout.h"
#include "log.h"
#include "query_admin.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

static const char merge_usage[] =
	"Usage: aimdb merge OTHER.db [TAG]...\n"
	"Copy the runs of OTHER.db (all, or those of the tags) into the\n"
	"database with all they hold; a run already there (by its uuid) is\n"
	"skipped.  OTHER.db is only read.\n";

int
aimdb_uuids_seen(struct store *st, struct import_file *f, int again,
		 const char *file)
{
	char shown[64], *tag;

	for (size_t i = 0; i < f->n_reports; i++) {
		struct import_identity *id = f->reports[i].identity;
		int found;

		if (id == NULL || id->uuid == NULL)
			continue;
		found = query_run_uuid(store_db(st), id->uuid, &tag);
		if (found < 0)
			return CLI_ENV;
		if (found && !again) {
			aim_warn("import: %s: run %s (tag %s) is already stored; "
				 "--again stores a copy under a new uuid", file,
				 id->uuid, tag_shown(tag != NULL ? tag : "",
						     shown, sizeof(shown)));
			free(tag);
			return CLI_USER;
		}
		if (found) {	/* --again: the copy is a run of its own */
			free(id->uuid);
			id->uuid = NULL;
		}
		free(tag);
	}
	return CLI_OK;
}

/* Store the one run of F, with the content hash it was imported from. */
static int
store_one(struct aimdb_copy *m, struct import_file *f)
{
	struct import_report *r = &f->reports[0];
	char hash[FILEHASH_HEX_LEN + 1];
	int64_t last;
	int found;

	if (store_begin(m->to) < 0) {
		aim_warn("%s: %s", m->to_name, store_errmsg(m->to));
		return CLI_ENV;
	}
	found = query_import_hash(store_db(m->from), r->source_run, hash,
				  sizeof(hash));
	if (found < 0 || query_last_run(store_db(m->to), &last) < 0 ||
	    import_store(m->to, m->to_name, f, &r->title, NULL) < 0 ||
	    (found > 0 &&
	     query_import_record(store_db(m->to), hash, last) < 0)) {
		store_rollback(m->to);
		return CLI_ENV;
	}
	if (store_commit(m->to) < 0) {
		aim_warn("%s: %s", m->to_name, store_errmsg(m->to));
		return CLI_ENV;
	}
	m->copied++;
	return CLI_OK;
}

/* "VERB UUID TAG[ (WHY)]": what became of one run, when asked for. */
static int
say_run(const struct aimdb_copy *m, const char *verb,
	const struct import_report *r, const char *why)
{
	if (!m->per_run)
		return 0;
	fputs(verb, stdout);
	fputc(' ', stdout);
	tag_fput(stdout, r->identity->uuid, 0);
	fputc(' ', stdout);
	tag_fput(stdout, r->title != NULL ? r->title : "", 0);
	if (why != NULL)
		printf(" (%s)", why);
	return putchar('\n') == EOF ? -1 : 0;
}

/* Store F's one run unless TO has its uuid, or it is left out. */
static int
copy_report(struct aimdb_copy *m, struct import_file *f)
{
	const struct import_report *r = &f->reports[0];
	char *tag = NULL;
	int found, rc;

	if (!m->incomplete && strcmp(r->identity->status, "complete") != 0) {
		m->left_out++;
		return say_run(m, "left out", r,
			       "incomplete; --incomplete sends it too") < 0 ?
		       CLI_ENV : CLI_OK;
	}
	found = query_run_uuid(store_db(m->to), r->identity->uuid, &tag);
	free(tag);
	if (found < 0)
		return CLI_ENV;
	if (found > 0) {
		m->skipped++;
		rc = say_run(m, "skipped", r, "already present") < 0 ?
		     CLI_ENV : CLI_OK;
	} else {
		rc = store_one(m, f);
		if (rc == CLI_OK && say_run(m, m->verb, r, NULL) < 0)
			rc = CLI_ENV;
	}
	return rc;
}

/* Run RUN of the other file's export document, checked as an import. */
static int
copy_run(struct aimdb_copy *m, struct json_object *run)
{
	struct json_object *doc = jsonout_object(), *runs = jsonout_array();
	struct import_file f = { .name = m->from_name, .format = &importer_json };
	int rc;

	jsonout_put(doc, "schema_version", jsonout_int(store_schema_version()));
	jsonout_put(doc, "runs", runs);
	jsonout_push(runs, json_object_get(run));
	rc = import_json_doc(m->from_name, doc, &f) < 0 ? CLI_USER : CLI_OK;
	jsonout_free(doc);
	/* The export gives every run a uuid, derived for older files. */
	if (rc == CLI_OK && (f.n_reports != 1 ||
			     f.reports[0].identity == NULL ||
			     f.reports[0].identity->uuid == NULL))
		rc = CLI_ENV;
	if (rc == CLI_OK)
		rc = copy_report(m, &f);
	import_free(&f);	/* what was read, even before an error */
	return rc;
}

static int
copy_summary(const struct aimdb_copy *m)
{
	printf("%s %zu runs, skipped %zu already present", m->verb, m->copied,
	       m->skipped);
	if (m->left_out > 0)
		printf(", left out %zu incomplete", m->left_out);
	putchar('\n');
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout");
		return CLI_ENV;
	}
	return CLI_OK;
}

/* The runs of TAG, one export document at a time: memory stays one tag's. */
static int
copy_tag(struct aimdb_copy *m, char *tag)
{
	struct json_object *doc, *runs;
	int rc = CLI_OK;

	doc = export_json_doc(store_db(m->from), &tag, 1, 1);
	if (doc == NULL)
		return CLI_ENV;
	if (json_object_object_get_ex(doc, "runs", &runs))
		for (size_t i = 0;
		     rc == CLI_OK && i < json_object_array_length(runs); i++)
			rc = copy_run(m, json_object_array_get_idx(runs, i));
	jsonout_free(doc);
	return rc;
}

int
aimdb_copy_runs(struct aimdb_copy *m, int argc, char **argv)
{
	char **tags = NULL;
	size_t n = 0;
	int rc = aimdb_tags_given(m->from_name, m->from, argc, argv, &tags,
				  &n);

	if (rc == CLI_OK &&
	    (m->to = cli_open(m->to_name, STORE_RW, &rc)) != NULL) {
		for (size_t i = 0; rc == CLI_OK && i < n; i++)
			rc = copy_tag(m, tags[i]);
		if (rc == CLI_OK)
			rc = copy_summary(m);
	}
	query_tags_free(tags, n);
	store_close(m->to);
	m->to = NULL;
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
		{ NULL, 0, NULL, 0 },
	};
	struct aimdb_copy m = { .to_name = a->db_path, .verb = "merged",
				.incomplete = 1 };
	int c, done = 0, rc;

	while ((c = aimdb_getopt(argc, argv, "h", longopts, merge_usage,
				 &done)) != -1)
		return CLI_USER;
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
