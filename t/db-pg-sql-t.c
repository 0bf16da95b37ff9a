// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/store/db.h's '?' placeholders in PostgreSQL's spelling
 * (lib/store/db_pg_sql.c): quoted text and comments keep theirs.  No
 * server needed.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_pg_int.h"
#include "tap.h"

static void
check(const char *sql, const char *want, int want_n)
{
	int n = -1;
	char *got = db_pg_sql(sql, &n);
	char name[64];

	/* a newline in a name would end the TAP line */
	snprintf(name, sizeof(name), "%s", sql);
	name[strcspn(name, "\n")] = '\0';
	is_string(got, want, "%s", name);
	if (want != NULL)
		is_int(n, want_n, "  %d parameters", want_n);
	free(got);
}

/* One past the protocol's limit is refused, the limit taken. */
static void
test_limit(void)
{
	size_t len = (DB_PG_MAX_PARAMS + 1) * 2;
	char *many = malloc(len + 1), *sql;
	int n = 0;

	if (many == NULL)
		bail("out of memory");
	for (size_t i = 0; i < len; i += 2) {
		many[i] = '?';
		many[i + 1] = ',';
	}
	many[len] = '\0';
	ok(db_pg_sql(many, &n) == NULL, "65536 parameters are refused");
	many[len - 2] = '\0';
	sql = db_pg_sql(many, &n);
	ok(sql != NULL && n == DB_PG_MAX_PARAMS, "65535 are taken");
	free(sql);
	free(many);
}

int
main(void)
{
	plan_lazy();
	check("SELECT 1", "SELECT 1", 0);
	check("INSERT INTO t VALUES (?, ?, ?)", "INSERT INTO t VALUES ($1, $2, $3)", 3);
	check("SELECT '?', ?", "SELECT '?', $1", 1);
	check("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1);
	check("SELECT \"a?\" FROM t WHERE x = ?", "SELECT \"a?\" FROM t WHERE x = $1", 1);
	check("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2);
	check("SELECT ? /* ? */ + ?", "SELECT $1 /* ? */ + $2", 2);
	check("SELECT ?-- ?", "SELECT $1-- ?", 1);
	check("SELECT 'open ?", NULL, 0);
	check("SELECT \"open ?", NULL, 0);
	check("SELECT /* open ?", NULL, 0);
	check("", "", 0);
	test_limit();
	return done_testing();
}
