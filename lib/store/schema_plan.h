/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tables of boot plans (lib/store/plan/schema_plan.c): the step numbered
 * STORE_PLAN_SCHEMA (store_plan.h) in the lists of lib/store/schema.c and
 * lib/store/schema_pg.c, at that position in both.
 */
#ifndef AIM_SCHEMA_PLAN_H
#define AIM_SCHEMA_PLAN_H

/* The step for SQLite, ending by setting user_version to its number. */
extern const char schema_plan_sqlite[];

/* The same for PostgreSQL, ending by setting aimkit_schema's version. */
extern const char schema_plan_pg[];

#endif
