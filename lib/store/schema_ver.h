/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every engine's schema shares and readers need without speaking
 * to SQLite: the version this build writes, the oldest readers use as it
 * is, and how an old file's results were judged.
 */
#ifndef AIM_SCHEMA_VER_H
#define AIM_SCHEMA_VER_H

#include <stddef.h>
#include <stdint.h>

/* PRAGMA application_id of an aimkit database: "AIM9" in ASCII. */
#define SCHEMA_APPLICATION_ID 0x41494d39

/* Version this build creates: the number of migration steps. */
int schema_version(void);

/*
 * The oldest version whose tables readers use as they are: a reader opens
 * any version from this one up without migrating it.  A step that
 * changes a table or view readers query must raise it.
 */
#define SCHEMA_READ_MIN 1

/*
 * The version whose step made result_monitor and kernel_log, the kernel's
 * monitors and log of each result: readers of an older file find none.
 */
#define SCHEMA_KERNEL_VERSION 6

/*
 * The tests whose results were judged on their fastest interval before
 * the result row said so itself (version 4): the migration marks them,
 * and a reader of an older file treats them the same way.
 */
#define SCHEMA_PEAK_TESTS \
	"('add_double', 'add_float', 'add_long', 'add_int', 'add_short'," \
	" 'div_double', 'div_float', 'div_long', 'div_int', 'div_short'," \
	" 'calibrate', 'fun_cal', 'fun_cal1', 'fun_cal2', 'fun_cal15'," \
	" 'jmp_test', 'matrix_rtns', 'array_rtns', 'mem_rtns_1'," \
	" 'mem_rtns_2', 'ram_copy', 'mul_double', 'mul_float', 'mul_long'," \
	" 'mul_int', 'mul_short', 'new_raph', 'series_1', 'num_rtns_1'," \
	" 'trig_rtns', 'sieve', 'sort_rtns_1')"

/*
 * The reasons for refusing another program's database (APP_ID its mark,
 * 0 when it has none but holds tables) and a newer one (VERSION), the
 * same for a file and a PostgreSQL schema (schema.c);
 * schema_check_ro is 0 when a reader may use VERSION, else -1 with the
 * reason.
 */
void schema_set_foreign(char *err, size_t errlen, int64_t app_id);

/*
 * A schema comparison's callback (schema_verify, schema_pg_verify) that
 * keeps the first difference as the reason for refusing the database,
 * "damaged database: PROBLEM (aimdb check lists every problem)", in the
 * struct schema_first it is given.
 */
struct schema_first {
	char *err;
	size_t errlen;
	int n;
};

void schema_first_problem(const char *problem, void *arg);
void schema_set_newer(char *err, size_t errlen, int64_t version);
int schema_check_ro(int version, char *err, size_t errlen);

#endif
