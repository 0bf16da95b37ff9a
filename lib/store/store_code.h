/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the database engine's code lies: an address inside it, so that a
 * process that never uses the engine can keep its mappings from the
 * processes it forks (harness/child/dontfork.c).  Defined by the engine's
 * backend (db_sqlite.c).
 */
#ifndef AIM_STORE_CODE_H
#define AIM_STORE_CODE_H

const void *store_engine_code(void);

#endif
