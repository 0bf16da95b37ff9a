/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the tests that need a PostgreSQL server: the server of
 * $AIM_TEST_PG (t/pg-lib.sh), each program in a schema of its own so
 * that tests sharing one server never meet.
 */
#ifndef AIM_PGFX_H
#define AIM_PGFX_H

#include <stddef.h>

struct db;

struct pgfx {
	const char *base;	/* $AIM_TEST_PG */
	char schema[64];	/* aimt_<name>_<pid>, empty until made */
	char conninfo[1024];	/* BASE with that schema first on search_path */
	struct db *admin;	/* a connection of the test's own, on BASE */
};

/*
 * Skip the whole program (exit 0) when $AIM_TEST_PG is not set or
 * cannot be reached; else connect and make a new schema for NAME; bails
 * out on other failures.
 */
void pgfx_init(struct pgfx *fx, const char *name);

/* A connection in FX's schema, through db_pg_connect; bails out. */
struct db *pgfx_connect(const struct pgfx *fx);

/* Another new, empty schema for the same test, into FX's conninfo. */
void pgfx_new_schema(struct pgfx *fx, const char *suffix);

/* SQL on FX's admin connection in FX's schema; bails out on failure. */
void pgfx_exec(const struct pgfx *fx, const char *sql);

/* The integer SQL's one row holds, on the admin connection; bails out. */
long long pgfx_int(const struct pgfx *fx, const char *sql);

/* Drop every schema made and close: returns RC, for main(). */
int pgfx_finish(struct pgfx *fx, int rc);

#endif
