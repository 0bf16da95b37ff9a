/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test of lib/store/db.h, written against db.h alone so that every engine
 * runs the same body: a program gives its engine's way to open two
 * connections to one fresh, empty database and to spell the test table,
 * and dbfx_run() asserts the rest.
 */
#ifndef AIM_DBFX_H
#define AIM_DBFX_H

#include "db.h"

struct dbfx_engine {
	const char *name;	/* for the messages */
	enum db_engine engine;	/* what db_engine() must say */
	/*
	 * A new connection to the test database (every call the same one),
	 * or NULL with a reason in ERR.
	 */
	struct db *(*open)(void *arg, char *err, size_t errlen);
	void *arg;
	/*
	 * CREATE TABLE dbfx (id <a key the engine numbers itself>, n
	 * INTEGER, x REAL, s TEXT, u TEXT UNIQUE) in the engine's words.
	 */
	const char *table_sql;
};

/* Plan and run every assertion on E; returns done_testing()'s status. */
int dbfx_run(const struct dbfx_engine *e);

#endif
