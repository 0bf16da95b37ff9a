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

struct merge {
	const struct aimdb *a;
	const char *other;	/* its name, as given */
	struct store *from;
	struct store *to;
	size_t merged;
	size_t skipped;
};

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
store_one(struct merge *m, struct import_file *f)
{
	struct import_report *r = &f->reports[0];
	char hash[FILEHASH_HEX_LEN + 1];
	int64_t last;
	int found;

	if (store_begin(m->to) < 0) {
		aim_warn("%s: %s", m->a->db_path, store_errmsg(m->to));
		return CLI_ENV;
	}
	found = query_import_hash(store_db(m->from), r->source_run, hash,
				  sizeof(hash));
	if (found < 0 || query_last_run(store_db(m->to), &last) < 0 ||
	    import_store(m->to, m->a->db_path, f, &r->title, NULL) < 0 ||
	    (found > 0 &&
	     query_import_record(store_db(m->to), hash, last) < 0)) {
		store_rollback(m->to);
		return CLI_ENV;
	}
	if (store_commit(m->to) < 0) {
		aim_warn("%s: %s", m->a->db_path, store_errmsg(m->to));
		return CLI_ENV;
	}
	m->merged++;
	return CLI_OK;
}

/* Run RUN of the other file's export document, checked as an import. */
static int
merge_run(struct merge *m, struct json_object *run)
{
	struct json_object *doc = jsonout_object(), *runs = jsonout_array();
	struct import_file f = { .name = m->other, .kind = IMPORT_JSON };
	char *tag = NULL;
	int rc, found;

	jsonout_put(doc, "schema_version", jsonout_int(store_schema_version()));
	jsonout_put(doc, "runs", runs);
	jsonout_push(runs, json_object_get(run));
	rc = import_json_doc(m->other, doc, &f) < 0 ? CLI_USER : CLI_OK;
	jsonout_free(doc);
	if (rc != CLI_OK) {
		import_free(&f);	/* what was read before the error */
		return rc;
	}
	/* The export gives every run a uuid, derived for older files. */
	found = f.n_reports != 1 || f.reports[0].identity == NULL ? -1 :
		query_run_uuid(store_db(m->to),
			       f.reports[0].identity->uuid, &tag);
	free(tag);
	if (found < 0)
		rc = CLI_ENV;
	else if (found > 0)
		m->skipped++;
	else
		rc = store_one(m, &f);
	import_free(&f);
	return rc;
}

static int
merge_all(struct merge *m, int argc, char **argv)
{
	char **tags = NULL;
	size_t n = 0;
	struct json_object *doc = NULL, *runs;
	int rc = aimdb_tags_given(m->other, m->from, argc, argv, &tags, &n);

	if (rc == CLI_OK &&
	    (doc = export_json_doc(store_db(m->from), tags, n, 1)) == NULL)
		rc = CLI_ENV;
	query_tags_free(tags, n);
	if (rc != CLI_OK)
		return rc;
	if ((m->to = cli_open(m->a->db_path, STORE_RW, &rc)) != NULL &&
	    json_object_object_get_ex(doc, "runs", &runs)) {
		for (size_t i = 0;
		     rc == CLI_OK && i < json_object_array_length(runs); i++)
			rc = merge_run(m, json_object_array_get_idx(runs, i));
		if (rc == CLI_OK) {
			printf("merged %zu runs, skipped %zu already present\n",
			       m->merged, m->skipped);
			if (fflush(stdout) != 0 || ferror(stdout)) {
				aim_warn_errno("stdout");
				rc = CLI_ENV;
			}
		}
	}
	store_close(m->to);
	jsonout_free(doc);
	return rc;
}

/* OTHER, read only: not a link, not the database merged into. */
static int
merge_open(struct merge *m)
{
	struct stat so, sd;
	int rc;

	if (store_name_is_link(m->other)) {
		aim_warn("merge: %s: is a symbolic link; name the database itself",
			 m->other);
		return CLI_USER;
	}
	if (stat(m->other, &so) == 0 && stat(m->a->db_path, &sd) == 0 &&
	    so.st_dev == sd.st_dev && so.st_ino == sd.st_ino) {
		aim_warn("merge: %s: is the database merged into (%s)",
			 m->other, m->a->db_path);
		return CLI_USER;
	}
	/* The user named OTHER: --db and aimrun are no answer to its absence. */
	m->from = cli_open_as(m->other, STORE_RO,
			      "no database to merge from (OTHER.db names an existing aimkit database)",
			      &rc);
	if (m->from == NULL)
		return rc;
	/* One moment of the other file, whatever writes to it meanwhile. */
	if (store_snapshot(m->from) < 0) {
		aim_warn("%s: %s", m->other, store_errmsg(m->from));
		return CLI_ENV;
	}
	return CLI_OK;
}

int
aimdb_merge(const struct aimdb *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct merge m = { .a = a };
	int c, done = 0, rc;

	while ((c = aimdb_getopt(argc, argv, "h", longopts, merge_usage,
				 &done)) != -1)
		return CLI_USER;
	if (done)
		return CLI_OK;
	if (optind >= argc)
		return aimdb_usage_error("merge", "name the database to merge from");
	m.other = argv[optind++];
	rc = merge_open(&m);
	if (rc == CLI_OK)
		rc = merge_all(&m, argc, argv);
	store_close(m.from);
	return rc;
}
