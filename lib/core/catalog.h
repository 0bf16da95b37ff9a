/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every test aimkit knows measures: its classic number, name, units,
 * operations per call, and how its rate is judged.  The one place these
 * facts live: the test descriptors (tests-aim/) point here, aimrun stores
 * them with every result, and report/ reads them from the database,
 * falling back to this table only for files that do not say (imports).
 */
#ifndef AIM_CATALOG_H
#define AIM_CATALOG_H

#include <stddef.h>

#include "measure.h"
#include "memfam.h"

/*
 * How one run() call's operation count is derived.  The disk tests count
 * kilobytes of the suite's file size, as AIM9 patched its factors after
 * reading FILESIZE; the sync variants count half.
 */
enum catalog_scale {
	CATALOG_SCALE_FIXED = 0,	/* factor as given */
	CATALOG_SCALE_FILESIZE_K,	/* file size in KiB */
	CATALOG_SCALE_HALF_FILESIZE_K,	/* file size in KiB / 2 */
	CATALOG_SCALE_MEMSIZE,		/* the run's memory size in bytes */
	CATALOG_SCALE_ZEROSIZE,		/* the run's zero-page memcmp bytes */
};

/* Index into catalog_tests: the 60 classic tests in classic order, then the
 * extra ones (run only when named), then the families' rows (memfam.h). */
enum catalog_id {
	CATALOG_ADD_DOUBLE,
	CATALOG_ADD_FLOAT,
	CATALOG_ADD_LONG,
	CATALOG_ADD_INT,
	CATALOG_ADD_SHORT,
	CATALOG_CREAT_CLO,
	CATALOG_PAGE_TEST,
	CATALOG_BRK_TEST,
	CATALOG_JMP_TEST,
	CATALOG_SIGNAL_TEST,
	CATALOG_EXEC_TEST,
	CATALOG_FORK_TEST,
	CATALOG_LINK_TEST,
	CATALOG_DISK_RR,
	CATALOG_DISK_RW,
	CATALOG_DISK_RD,
	CATALOG_DISK_WRT,
	CATALOG_DISK_CP,
	CATALOG_SYNC_DISK_RW,
	CATALOG_SYNC_DISK_WRT,
	CATALOG_SYNC_DISK_CP,
	CATALOG_DISK_SRC,
	CATALOG_DIV_DOUBLE,
	CATALOG_DIV_FLOAT,
	CATALOG_DIV_LONG,
	CATALOG_DIV_INT,
	CATALOG_DIV_SHORT,
	CATALOG_FUN_CAL,
	CATALOG_FUN_CAL1,
	CATALOG_FUN_CAL2,
	CATALOG_FUN_CAL15,
	CATALOG_SIEVE,
	CATALOG_MUL_DOUBLE,
	CATALOG_MUL_FLOAT,
	CATALOG_MUL_LONG,
	CATALOG_MUL_INT,
	CATALOG_MUL_SHORT,
	CATALOG_NUM_RTNS_1,
	CATALOG_NEW_RAPH,
	CATALOG_TRIG_RTNS,
	CATALOG_MATRIX_RTNS,
	CATALOG_ARRAY_RTNS,
	CATALOG_STRING_RTNS,
	CATALOG_MEM_RTNS_1,
	CATALOG_MEM_RTNS_2,
	CATALOG_SORT_RTNS_1,
	CATALOG_MISC_RTNS_1,
	CATALOG_DIR_RTNS_1,
	CATALOG_SHELL_RTNS_1,
	CATALOG_SHELL_RTNS_2,
	CATALOG_SHELL_RTNS_3,
	CATALOG_SERIES_1,
	CATALOG_SHARED_MEMORY,
	CATALOG_TCP_TEST,
	CATALOG_UDP_TEST,
	CATALOG_FIFO_TEST,
	CATALOG_STREAM_PIPE,
	CATALOG_DGRAM_PIPE,
	CATALOG_PIPE_CPY,
	CATALOG_RAM_COPY,
	CATALOG_CALIBRATE,
#define CATALOG_MEMFAM_ENUM_(f, i, s, c) MEMFAM_ID(f, i, s, c),
	MEMFAM_ROWS(CATALOG_MEMFAM_ENUM_)
#undef CATALOG_MEMFAM_ENUM_
	CATALOG_COUNT
};

/* The classic suite: the first CATALOG_CLASSIC rows; calibrate is extra. */
#define CATALOG_CLASSIC ((size_t)CATALOG_CALIBRATE)
/* The mem family's rows: the last CATALOG_MEMFAM_COUNT, numbered from 201. */
#define CATALOG_MEMFAM_FIRST ((size_t)CATALOG_MEM_copy_libc_4k_hot)
#define CATALOG_MEMFAM_COUNT ((size_t)CATALOG_COUNT - CATALOG_MEMFAM_FIRST)

struct catalog_test {
	int number;		/* classic AIM9 number, 1..60; extra tests 101..;
				 * families 201.. */
	const char *name;	/* "add_long", "creat-clo": stored, never renamed */
	const char *units;	/* "Thousand Long Integer Additions/second" */
	const char *brief;	/* the same in a narrow table: "k adds/s" */
	unsigned long factor;	/* operations per run() call (5120 KiB files;
				 * 1 for CATALOG_SCALE_MEMSIZE) */
	enum catalog_scale scale;
	/*
	 * A run() that never enters the kernel can only be slowed now and then
	 * from outside (other tasks, the host), so it is judged on its fastest
	 * interval (peak; t/userspace-t proves run() makes no system call); a
	 * kernel-facing run() can be slowed by the kernel under test itself,
	 * so it is judged on the mean.
	 */
	enum measure_judged judged;
	enum measure_better better;
};

extern const struct catalog_test catalog_tests[CATALOG_COUNT];

/*
 * The units of a timed command (aimrun --cmd), stored with its result:
 * the time of one run, lower better; and the same in a narrow table.
 */
#define CATALOG_CMD_UNITS "milliseconds"
#define CATALOG_CMD_BRIEF "ms"

/* The entry named NAME, or NULL. */
const struct catalog_test *catalog_find(const char *name);

/*
 * The names near WORD, a test name that names none, as suggest_text()
 * says them (lib/core/suggest.h): " (did you mean fork_test?)", or "".
 */
const char *catalog_suggest(const char *word, char *buf, size_t len);

/* Operations one run() call counts, given the suite's file size in KiB. */
unsigned long catalog_factor(const struct catalog_test *c,
			     unsigned long filesize_k);

/*
 * The same, given also the run's memory size and zero-page memcmp size
 * in bytes (0: unknown, the catalog's factor).
 */
unsigned long catalog_factor_sized(const struct catalog_test *c,
				   unsigned long filesize_k,
				   unsigned long memsize,
				   unsigned long zerosize);

#endif
