/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The steps of a plan against a fake machine (t/planfx.c), on a
 * database named by the caller: an SQLite file (t/plan-t) or a schema of
 * a PostgreSQL server (t/plan-pg-t), so that the plan's SQL is held to
 * both engines.
 */
#ifndef AIM_PLANFX_H
#define AIM_PLANFX_H

/* Every case, each on a new database that MAKE_DB names by number. */
void planfx_run(const char *(*make_db)(int n, void *arg), void *arg);

#endif
