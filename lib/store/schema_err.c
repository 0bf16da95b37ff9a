/*
 * SQLite's failures in the words a user needs, for schema.c and
 * store.c: the system's reason next to SQLite's, what a failed first
 * read of a file means, and why a file is refused.
 */
#include "config.h"

#include "schema.h"

#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "tag.h"

const char *
schema_errmsg(sqlite3 *db, char *buf, size_t len)
{
	int sys = sqlite3_system_errno(db);
	int code = sqlite3_errcode(db) & 0xff;

	/* "disk I/O error" alone does not tell a full disk from a bad one. */
	if (sys != 0 && (code == SQLITE_IOERR || code == SQLITE_FULL ||
			 code == SQLITE_CANTOPEN))
		snprintf(buf, len, "%s (%s)", sqlite3_errmsg(db), strerror(sys));
	else if (sqlite3_extended_errcode(db) == SQLITE_IOERR_WRITE)
		snprintf(buf, len, "%s (a write failed: disk full or file "
			 "size limit?)", sqlite3_errmsg(db));
	else
		snprintf(buf, len, "%s", sqlite3_errmsg(db));
	return buf;
}

void
schema_set_err(char *err, size_t errlen, sqlite3 *db, const char *what)
{
	char msg[256];

	snprintf(err, errlen, "%s: %s", what, schema_errmsg(db, msg, sizeof(msg)));
}

void
schema_set_read_err(char *err, size_t errlen, sqlite3 *db)
{
	switch (sqlite3_errcode(db)) {
	case SQLITE_NOTADB:
		snprintf(err, errlen, "not an SQLite database");
		break;
	case SQLITE_CORRUPT:
		snprintf(err, errlen, "corrupt or truncated database: %s",
			 sqlite3_errmsg(db));
		break;
	default:
		schema_set_err(err, errlen, db, "cannot read database");
		break;
	}
}

void
schema_first_problem(const char *problem, void *arg)
{
	struct schema_first *f = arg;

	if (f->n++ == 0)
		snprintf(f->err, f->errlen, "damaged database: %s (aimdb check "
			 "lists every problem)", problem);
}

/* "damaged database: " and quick_check's answer LINE, on one line. */
void
schema_set_damaged(char *err, size_t errlen, const char *line)
{
	static const char head[] = "*** in database main ***\n";

	if (strncmp(line, head, sizeof(head) - 1) == 0)
		line += sizeof(head) - 1;
	snprintf(err, errlen, "damaged database: %.200s", line);
	for (char *p = err; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	/* The text quotes the file, which may be anyone's. */
	tag_printable(err);
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
