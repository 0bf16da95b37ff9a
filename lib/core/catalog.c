// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The facts of every test: number, name, units, factor, judged rate and
 * better direction (catalog.h).  Rows are stored data: a name or unit
 * changed here no longer matches the results already stored.
 */
#include "config.h"

#include "catalog.h"

#include <string.h>

#include "suggest.h"

/*
 * One row: id, number, name, units, brief units, factor, scale, judged,
 * better.
 */
#define ROW(id, num, name, units, brief, factor, scale, judged, better) \
	[CATALOG_##id] = { num, name, units, brief, factor, \
			   CATALOG_SCALE_##scale, MEASURE_JUDGED_##judged, \
			   MEASURE_##better }

const struct catalog_test catalog_tests[CATALOG_COUNT] = {
	ROW(ADD_DOUBLE, 1, "add_double",
	    "Thousand Double Precision Additions/second", "k adds/s",
	    18000, FIXED, PEAK, HIGHER),
	ROW(ADD_FLOAT, 2, "add_float",
	    "Thousand Single Precision Additions/second", "k adds/s",
	    12000, FIXED, PEAK, HIGHER),
	ROW(ADD_LONG, 3, "add_long",
	    "Thousand Long Integer Additions/second", "k adds/s",
	    60000, FIXED, PEAK, HIGHER),
	ROW(ADD_INT, 4, "add_int",
	    "Thousand Integer Additions/second", "k adds/s",
	    60000, FIXED, PEAK, HIGHER),
	ROW(ADD_SHORT, 5, "add_short",
	    "Thousand Short Integer Additions/second", "k adds/s",
	    24000, FIXED, PEAK, HIGHER),
	ROW(CREAT_CLO, 6, "creat-clo",
	    "File Creations and Closes/second", "creat+clo/s",
	    1000, FIXED, MEAN, HIGHER),
	ROW(PAGE_TEST, 7, "page_test",
	    "System Allocations & Pages/second", "pages/s",
	    1700, FIXED, MEAN, HIGHER),
	ROW(BRK_TEST, 8, "brk_test",
	    "System Memory Allocations/second", "allocs/s",
	    17000, FIXED, MEAN, HIGHER),
	ROW(JMP_TEST, 9, "jmp_test", "Non-local gotos/second", "gotos/s",
	    1000, FIXED, PEAK, HIGHER),
	ROW(SIGNAL_TEST, 10, "signal_test", "Signal Traps/second", "traps/s",
	    1000, FIXED, MEAN, HIGHER),
	ROW(EXEC_TEST, 11, "exec_test", "Program Loads/second", "loads/s",
	    5, FIXED, MEAN, HIGHER),
	ROW(FORK_TEST, 12, "fork_test", "Task Creations/second", "tasks/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(LINK_TEST, 13, "link_test", "Link/Unlink Pairs/second", "pairs/s",
	    63, FIXED, MEAN, HIGHER),
	ROW(DISK_RR, 14, "disk_rr", "Random Disk Reads (K)/second", "K read/s",
	    5120, FILESIZE_K, MEAN, HIGHER),
	ROW(DISK_RW, 15, "disk_rw",
	    "Random Disk Writes (K)/second", "K written/s",
	    5120, FILESIZE_K, MEAN, HIGHER),
	ROW(DISK_RD, 16, "disk_rd",
	    "Sequential Disk Reads (K)/second", "K read/s",
	    5120, FILESIZE_K, MEAN, HIGHER),
	ROW(DISK_WRT, 17, "disk_wrt",
	    "Sequential Disk Writes (K)/second", "K written/s",
	    5120, FILESIZE_K, MEAN, HIGHER),
	ROW(DISK_CP, 18, "disk_cp", "Disk Copies (K)/second", "K copied/s",
	    5120, FILESIZE_K, MEAN, HIGHER),
	ROW(SYNC_DISK_RW, 19, "sync_disk_rw",
	    "Sync Random Disk Writes (K)/second", "K written/s",
	    2560, HALF_FILESIZE_K, MEAN, HIGHER),
	ROW(SYNC_DISK_WRT, 20, "sync_disk_wrt",
	    "Sync Sequential Disk Writes (K)/second", "K written/s",
	    2560, HALF_FILESIZE_K, MEAN, HIGHER),
	ROW(SYNC_DISK_CP, 21, "sync_disk_cp",
	    "Sync Disk Copies (K)/second", "K copied/s",
	    2560, HALF_FILESIZE_K, MEAN, HIGHER),
	ROW(DISK_SRC, 22, "disk_src", "Directory Searches/second", "searches/s",
	    75, FIXED, MEAN, HIGHER),
	ROW(DIV_DOUBLE, 23, "div_double",
	    "Thousand Double Precision Divides/second", "k divs/s",
	    3000, FIXED, PEAK, HIGHER),
	ROW(DIV_FLOAT, 24, "div_float",
	    "Thousand Single Precision Divides/second", "k divs/s",
	    3000, FIXED, PEAK, HIGHER),
	ROW(DIV_LONG, 25, "div_long",
	    "Thousand Long Integer Divides/second", "k divs/s",
	    900, FIXED, PEAK, HIGHER),
	ROW(DIV_INT, 26, "div_int",
	    "Thousand Integer Divides/second", "k divs/s",
	    900, FIXED, PEAK, HIGHER),
	ROW(DIV_SHORT, 27, "div_short",
	    "Thousand Short Integer Divides/second", "k divs/s",
	    900, FIXED, PEAK, HIGHER),
	ROW(FUN_CAL, 28, "fun_cal",
	    "Function Calls (no arguments)/second", "calls/s",
	    512000, FIXED, PEAK, HIGHER),
	ROW(FUN_CAL1, 29, "fun_cal1",
	    "Function Calls (1 argument)/second", "calls/s",
	    512000, FIXED, PEAK, HIGHER),
	ROW(FUN_CAL2, 30, "fun_cal2",
	    "Function Calls (2 arguments)/second", "calls/s",
	    512000, FIXED, PEAK, HIGHER),
	ROW(FUN_CAL15, 31, "fun_cal15",
	    "Function Calls (15 arguments)/second", "calls/s",
	    512000, FIXED, PEAK, HIGHER),
	ROW(SIEVE, 32, "sieve", "Integer Sieves/second", "sieves/s",
	    5, FIXED, PEAK, HIGHER),
	ROW(MUL_DOUBLE, 33, "mul_double",
	    "Thousand Double Precision Multiplies/second", "k mults/s",
	    12000, FIXED, PEAK, HIGHER),
	ROW(MUL_FLOAT, 34, "mul_float",
	    "Thousand Single Precision Multiplies/second", "k mults/s",
	    12000, FIXED, PEAK, HIGHER),
	ROW(MUL_LONG, 35, "mul_long",
	    "Thousand Long Integer Multiplies/second", "k mults/s",
	    240, FIXED, PEAK, HIGHER),
	ROW(MUL_INT, 36, "mul_int",
	    "Thousand Integer Multiplies/second", "k mults/s",
	    240, FIXED, PEAK, HIGHER),
	ROW(MUL_SHORT, 37, "mul_short",
	    "Thousand Short Integer Multiplies/second", "k mults/s",
	    300, FIXED, PEAK, HIGHER),
	ROW(NUM_RTNS_1, 38, "num_rtns_1", "Numeric Functions/second", "funcs/s",
	    100, FIXED, PEAK, HIGHER),
	ROW(NEW_RAPH, 39, "new_raph", "Zeros Found/second", "zeros/s",
	    200, FIXED, PEAK, HIGHER),
	ROW(TRIG_RTNS, 40, "trig_rtns",
	    "Trigonometric Functions/second", "funcs/s",
	    10000, FIXED, PEAK, HIGHER),
	ROW(MATRIX_RTNS, 41, "matrix_rtns",
	    "Point Transformations/second", "points/s",
	    100, FIXED, PEAK, HIGHER),
	ROW(ARRAY_RTNS, 42, "array_rtns",
	    "Linear Systems Solved/second", "systems/s",
	    20, FIXED, PEAK, HIGHER),
	ROW(STRING_RTNS, 43, "string_rtns",
	    "String Manipulations/second", "strings/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(MEM_RTNS_1, 44, "mem_rtns_1",
	    "Dynamic Memory Operations/second", "mem ops/s",
	    30000, FIXED, PEAK, HIGHER),
	ROW(MEM_RTNS_2, 45, "mem_rtns_2",
	    "Block Memory Operations/second", "mem ops/s",
	    100, FIXED, PEAK, HIGHER),
	ROW(SORT_RTNS_1, 46, "sort_rtns_1", "Sort Operations/second", "sorts/s",
	    10, FIXED, PEAK, HIGHER),
	ROW(MISC_RTNS_1, 47, "misc_rtns_1", "Auxiliary Loops/second", "loops/s",
	    10, FIXED, MEAN, HIGHER),
	ROW(DIR_RTNS_1, 48, "dir_rtns_1",
	    "Directory Operations/second", "dir ops/s",
	    10000, FIXED, MEAN, HIGHER),
	ROW(SHELL_RTNS_1, 49, "shell_rtns_1",
	    "Shell Scripts/second", "scripts/s",
	    1, FIXED, MEAN, HIGHER),
	ROW(SHELL_RTNS_2, 50, "shell_rtns_2",
	    "Shell Scripts/second", "scripts/s",
	    1, FIXED, MEAN, HIGHER),
	ROW(SHELL_RTNS_3, 51, "shell_rtns_3",
	    "Shell Scripts/second", "scripts/s",
	    1, FIXED, MEAN, HIGHER),
	ROW(SERIES_1, 52, "series_1", "Series Evaluations/second", "series/s",
	    100, FIXED, PEAK, HIGHER),
	ROW(SHARED_MEMORY, 53, "shared_memory",
	    "Shared Memory Operations/second", "shm ops/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(TCP_TEST, 54, "tcp_test", "TCP/IP Messages/second", "messages/s",
	    90, FIXED, MEAN, HIGHER),
	ROW(UDP_TEST, 55, "udp_test", "UDP/IP DataGrams/second", "datagrams/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(FIFO_TEST, 56, "fifo_test", "FIFO Messages/second", "messages/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(STREAM_PIPE, 57, "stream_pipe",
	    "Stream Pipe Messages/second", "messages/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(DGRAM_PIPE, 58, "dgram_pipe",
	    "DataGram Pipe Messages/second", "messages/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(PIPE_CPY, 59, "pipe_cpy", "Pipe Messages/second", "messages/s",
	    100, FIXED, MEAN, HIGHER),
	ROW(RAM_COPY, 60, "ram_copy",
	    "Memory to Memory Copy/second", "copies/s",
	    25020, FIXED, PEAK, HIGHER),
	ROW(CALIBRATE, 101, "calibrate", "Calibration Loops/second", "loops/s",
	    1, FIXED, PEAK, HIGHER),
	/*
	 * The mem family: bytes per call, so the rate is bytes per second;
	 * judged on the mean (no t/userspace-t proof covers them).
	 */
#define MEMFAM_ROW(f, i, s, c) \
	[MEMFAM_ID(f, i, s, c)] = { \
		MEMFAM_FIRST_NUMBER + MEMFAM_ID(f, i, s, c) - \
			(int)CATALOG_MEMFAM_FIRST, \
		MEMFAM_NAME(f, i, s, c), "Bytes/second", "B/s", \
		MEMFAM_BYTES_##s ? MEMFAM_BYTES_##s : 1, \
		MEMFAM_SCALE_##s, \
		MEASURE_JUDGED_MEAN, MEASURE_HIGHER },
	MEMFAM_ROWS(MEMFAM_ROW)
#undef MEMFAM_ROW
};

#undef ROW

const struct catalog_test *
catalog_find(const char *name)
{
	for (size_t i = 0; i < CATALOG_COUNT; i++)
		if (strcmp(catalog_tests[i].name, name) == 0)
			return &catalog_tests[i];
	return NULL;
}

const char *
catalog_suggest(const char *word, char *buf, size_t len)
{
	struct suggest s;

	suggest_init(&s, word);
	for (size_t i = 0; i < CATALOG_COUNT; i++)
		suggest_offer(&s, catalog_tests[i].name);
	return suggest_text(&s, buf, len);
}

unsigned long
catalog_factor(const struct catalog_test *c, unsigned long filesize_k)
{
	return catalog_factor_sized(c, filesize_k, 0, 0);
}

unsigned long
catalog_factor_sized(const struct catalog_test *c, unsigned long filesize_k,
		     unsigned long memsize, unsigned long zerosize)
{
	switch (c->scale) {
	case CATALOG_SCALE_MEMSIZE:
		return memsize > 0 ? memsize : c->factor;
	case CATALOG_SCALE_ZEROSIZE:
		return zerosize > 0 ? zerosize : c->factor;
	case CATALOG_SCALE_FILESIZE_K:
		return filesize_k;
	case CATALOG_SCALE_HALF_FILESIZE_K:
		return filesize_k / 2;
	case CATALOG_SCALE_FIXED:
	default:
		return c->factor;
	}
}
