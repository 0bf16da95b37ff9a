/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the lib/store/db.h tests ask of a database in one value. */
#ifndef AIM_T_DBVAL_H
#define AIM_T_DBVAL_H

#include <stdint.h>

struct db;

/* The integer SQL answers first (a count), or -1 on any error. */
int64_t dbval_int(struct db *db, const char *sql);

#endif
