// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The schema of an SQLite file: an append-only list of migrations under
 * PRAGMA user_version (schema_steps.c), so every old file can be brought
 * forward in place; what makes a file an aimkit database of a version,
 * how its objects compare with that version's, and the refusals of a
 * file that is not one (a PostgreSQL schema shares those, schema_ver.h).  The order of the
 * checks when a file is opened is schema_open.c's.
 */
#include "config.h"

#include "schema.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "dbfile.h"
#include "tag.h"
#include "xalloc.h"


int
schema_exec(sqlite3 *db, const char *script)
{
	const char *sql = script;

	while (*sql != '\0') {
		sqlite3_stmt *stmt = NULL;
		const char *tail = NULL;
		int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, &tail);

		if (rc != SQLITE_OK)
			return -1;
		if (stmt != NULL) {
			do
				rc = sqlite3_step(stmt);
			while (rc == SQLITE_ROW);
			if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_DONE)
				return -1;
		}
		sql = tail;
	}
	return 0;
}

int
schema_query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(stmt, 0);
	if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_ROW)
		return -1;
	return 0;
}

/*
 * One statement, so one snapshot: read apart, the three could straddle
 * another process's migration.  Counting sqlite_master makes SQLite read
 * and check the header and parse the stored schema, which is where
 * foreign files, truncation and header damage show up.
 */
static int
read_facts(sqlite3 *db, int64_t *objects, int64_t *app_id, int64_t *version)
{
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (sqlite3_prepare_v2(db,
			       "SELECT (SELECT count(*) FROM sqlite_master),"
			       " (SELECT application_id FROM pragma_application_id),"
			       " (SELECT user_version FROM pragma_user_version)",
			       -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*objects = sqlite3_column_int64(stmt, 0);
		*app_id = sqlite3_column_int64(stmt, 1);
		*version = sqlite3_column_int64(stmt, 2);
	}
	if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_ROW)
		return -1;
	return 0;
}

int
schema_inspect(sqlite3 *db, int *version, char *err, size_t errlen)
{
	int64_t objects, app_id, v;

	if (read_facts(db, &objects, &app_id, &v) < 0) {
		schema_set_read_err(err, errlen, db);
		return -1;
	}
	if (app_id != 0 && app_id != SCHEMA_APPLICATION_ID) {
		schema_set_foreign(err, errlen, app_id);
		return -1;
	}
	if (v > schema_version()) {
		schema_set_newer(err, errlen, v);
		return -1;
	}
	/* Another program's file: adding tables to it would damage it. */
	if (v < 0 || (app_id == 0 && (v != 0 || objects != 0))) {
		schema_set_foreign(err, errlen, 0);
		return -1;
	}
	*version = (int)v;
	return 0;
}

static int
apply_steps(sqlite3 *db, int from, char *err, size_t errlen)
{
	int64_t now = -1;
	int i;

	for (i = from; i < schema_version(); i++) {
		if (schema_exec(db, schema_step(i)) < 0) {
			char what[64];

			snprintf(what, sizeof(what), "schema migration %d", i + 1);
			schema_set_err(err, errlen, db, what);
			return -1;
		}
		if (schema_query_int(db, "PRAGMA user_version", &now) < 0 ||
		    now != i + 1) {
			snprintf(err, errlen,
				 "schema migration %d left user_version %lld",
				 i + 1, (long long)now);
			return -1;
		}
	}
	return 0;
}

/* One difference: OBJ ("table sample") and what is wrong with it. */
static void
say(const char *obj, const char *what, schema_problem_fn fn, void *arg)
{
	char line[256];

	snprintf(line, sizeof(line), "%.200s: %s", obj, what);
	/* Names come from the file, which may be anyone's. */
	tag_printable(line);
	fn(line, arg);
}

int
schema_diff(const struct schema_object *have, size_t n_have,
	    const struct schema_object *want, size_t n_want,
	    schema_problem_fn fn, void *arg)
{
	size_t i = 0, j = 0;
	int problems = 0;

	while (i < n_have || j < n_want) {
		int c = i == n_have ? 1 : j == n_want ? -1 :
			strcmp(have[i].key, want[j].key);

		if (c < 0) {
			say(have[i++].key, "not part of the aimkit schema", fn,
			    arg);
		} else if (c > 0) {
			say(want[j++].key, "missing", fn, arg);
		} else {
			if (strcmp(have[i].sql, want[j].sql) != 0) {
				say(want[j].key, "definition differs", fn, arg);
				problems++;
			}
			i++;
			j++;
			continue;
		}
		problems++;
	}
	return problems;
}

void
schema_objects_free(struct schema_object *o, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(o[i].key);
		free(o[i].sql);
	}
	free(o);
}

/* DB's objects but SQLite's statistics, sorted for schema_diff(). */
static int
read_objects(sqlite3 *db, struct schema_object **out, size_t *n)
{
	sqlite3_stmt *stmt = NULL;
	int rc;

	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db, "SELECT type || ' ' || name, COALESCE(sql, '')"
			       " FROM sqlite_master WHERE name NOT LIKE"
			       " 'sqlite\\_stat%' ESCAPE '\\' ORDER BY 1",
			       -1, &stmt, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct schema_object *o;

		*out = xrealloc(*out, (*n + 1) * sizeof(**out));
		o = &(*out)[(*n)++];
		o->key = xstrdup((const char *)sqlite3_column_text(stmt, 0));
		o->sql = xstrdup((const char *)sqlite3_column_text(stmt, 1));
	}
	if (sqlite3_finalize(stmt) != SQLITE_OK || rc != SQLITE_DONE)
		return -1;
	return 0;
}

sqlite3 *
schema_reference(int version)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		(void)sqlite3_close(db);	/* NULL-safe; nothing is open */
		return NULL;
	}
	for (int i = 0; i < version; i++) {
		if (schema_exec(db, schema_step(i)) < 0) {
			(void)sqlite3_close(db);	/* as above */
			return NULL;
		}
	}
	return db;
}

int
schema_verify(sqlite3 *db, int version, schema_problem_fn fn, void *arg)
{
	struct schema_object *have = NULL, *want = NULL;
	size_t n_have = 0, n_want = 0;
	sqlite3 *ref = schema_reference(version);
	char msg[300];
	int rc = -1;

	if (ref == NULL || read_objects(ref, &want, &n_want) < 0) {
		fn("cannot build the expected schema: out of memory", arg);
	} else if (read_objects(db, &have, &n_have) < 0) {
		schema_set_err(msg, sizeof(msg), db, "cannot read the schema");
		fn(msg, arg);
	} else {
		rc = schema_diff(have, n_have, want, n_want, fn, arg);
	}
	schema_objects_free(have, n_have);
	schema_objects_free(want, n_want);
	(void)sqlite3_close(ref);	/* NULL-safe; every statement is finalized */
	return rc;
}

int
schema_migrate(sqlite3 *db, char *err, size_t errlen)
{
	int version;

	if (schema_exec(db, "BEGIN IMMEDIATE") < 0) {
		schema_set_err(err, errlen, db, "cannot upgrade schema");
		return -1;
	}
	if (schema_inspect(db, &version, err, errlen) < 0 ||
	    apply_steps(db, version, err, errlen) < 0)
		goto fail;
	if (schema_exec(db, "COMMIT") < 0) {
		schema_set_err(err, errlen, db, "cannot upgrade schema");
		goto fail;
	}
	return 0;
fail:
	/* The failure is already in ERR; a failed rollback adds nothing. */
	(void)schema_exec(db, "ROLLBACK");
	return -1;
}

sqlite3 *
schema_open_memory(char *err, size_t errlen)
{
	sqlite3 *db = schema_reference(schema_version());

	if (db == NULL || schema_exec(db, "PRAGMA foreign_keys = ON") < 0) {
		snprintf(err, errlen, "cannot create a memory database");
		(void)sqlite3_close(db);	/* NULL-safe; nothing is open */
		return NULL;
	}
	return db;
}

int
schema_check_ro(int version, char *err, size_t errlen)
{
	if (version == 0) {
		snprintf(err, errlen, "no results in this database");
		return -1;
	}
	if (version < SCHEMA_READ_MIN) {
		/* A read-only open cannot migrate; any writing command can. */
		snprintf(err, errlen, "database schema version %d is older "
			 "than this aimkit reads (%d): store a run to upgrade it",
			 version, SCHEMA_READ_MIN);
		return -1;
	}
	return 0;
}

void
schema_set_foreign(char *err, size_t errlen, int64_t app_id)
{
	if (app_id == 0)
		snprintf(err, errlen,
			 "not an aimkit database (it holds other tables)");
	else
		snprintf(err, errlen,
			 "not an aimkit database (application_id %#llx)",
			 (unsigned long long)(uint32_t)app_id);
}

void
schema_set_newer(char *err, size_t errlen, int64_t version)
{
	snprintf(err, errlen,
		 "database schema version %lld is newer than this aimkit (%d)",
		 (long long)version, schema_version());
}
