/*
 * Schema version 6, the tables of boot plans (lib/store/schema_plan.c): the
 * step lib/store/schema.c and lib/store/schema_pg.c each append to their lists.
 */
#ifndef AIM_SCHEMA_PLAN_H
#define AIM_SCHEMA_PLAN_H

/* The step for SQLite, ending with PRAGMA user_version = 6. */
extern const char schema_plan_sqlite[];

/* The same for PostgreSQL, ending by setting aimkit_schema's version. */
extern const char schema_plan_pg[];

#endif
