/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The bulk rows of the store (lib/store/store_rows.c' tables, db_bulk_*
 * of lib/store/db.h) on any engine: a store named by a file or a server
 * gets runs and results of hostile strings and extreme numbers through
 * db.h, read back value for value, and writes refused in the middle of
 * their rows leave nothing.
 */
#ifndef AIM_BULKFX_H
#define AIM_BULKFX_H

/* Every assertion on the store NAME, new and empty (plan_lazy first). */
void bulkfx_run(const char *name);

#endif
