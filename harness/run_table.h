/*
 * The console tables of a run: the classic AIM9 table for the classic
 * and extra tests, byte for byte as singleuser printed it, and the mem
 * family's own (lib/core/memtable.h), each opened before its first row
 * and closed with its rule when the other takes over or the run ends.
 */
#ifndef AIM_RUN_TABLE_H
#define AIM_RUN_TABLE_H

#include <stdio.h>

#include "aim_test.h"
#include "memtable.h"
#include "suite.h"

enum run_table_kind {
	RUN_TABLE_NONE,
	RUN_TABLE_CLASSIC,
	RUN_TABLE_MEM,
};

struct run_tables {
	enum run_table_kind open;
	struct memtable mem;
};

/*
 * For the tests of SU, run MAX_COPIES at once at most (their names get
 * " xN").
 */
void run_tables_init(struct run_tables *rt, const struct suite *su,
		     int max_copies);

/* 1 when T's row goes in the mem family's table. */
int run_tables_is_mem(const struct aim_test *t);

/* The table T's row goes in, opened on F (the other closed): 0 or -1. */
int run_tables_enter(struct run_tables *rt, FILE *f,
		     const struct aim_test *t);

/* The table open, closed on F: 0 or -1. */
int run_tables_close(struct run_tables *rt, FILE *f);

#endif
