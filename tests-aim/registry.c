// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic AIM9 tests in classic (registration) order, and apart from
 * them the extra tests that only run when named.  Adding a test is a
 * catalog row (lib/core/catalog.c), a descriptor in its family file and one
 * line here.
 */
#include "config.h"

#include <string.h>

#include "aim_test.h"

extern const struct aim_test aim_test_add_double;
extern const struct aim_test aim_test_add_float;
extern const struct aim_test aim_test_add_long;
extern const struct aim_test aim_test_add_int;
extern const struct aim_test aim_test_add_short;
extern const struct aim_test aim_test_creat_clo;
extern const struct aim_test aim_test_page_test;
extern const struct aim_test aim_test_brk_test;
extern const struct aim_test aim_test_jmp_test;
extern const struct aim_test aim_test_signal_test;
extern const struct aim_test aim_test_exec_test;
extern const struct aim_test aim_test_fork_test;
extern const struct aim_test aim_test_link_test;
extern const struct aim_test aim_test_disk_rr;
extern const struct aim_test aim_test_disk_rw;
extern const struct aim_test aim_test_disk_rd;
extern const struct aim_test aim_test_disk_wrt;
extern const struct aim_test aim_test_disk_cp;
extern const struct aim_test aim_test_sync_disk_rw;
extern const struct aim_test aim_test_sync_disk_wrt;
extern const struct aim_test aim_test_sync_disk_cp;
extern const struct aim_test aim_test_disk_src;
extern const struct aim_test aim_test_div_double;
extern const struct aim_test aim_test_div_float;
extern const struct aim_test aim_test_div_long;
extern const struct aim_test aim_test_div_int;
extern const struct aim_test aim_test_div_short;
extern const struct aim_test aim_test_fun_cal;
extern const struct aim_test aim_test_fun_cal1;
extern const struct aim_test aim_test_fun_cal2;
extern const struct aim_test aim_test_fun_cal15;
extern const struct aim_test aim_test_sieve;
extern const struct aim_test aim_test_mul_double;
extern const struct aim_test aim_test_mul_float;
extern const struct aim_test aim_test_mul_long;
extern const struct aim_test aim_test_mul_int;
extern const struct aim_test aim_test_mul_short;
extern const struct aim_test aim_test_num_rtns_1;
extern const struct aim_test aim_test_new_raph;
extern const struct aim_test aim_test_trig_rtns;
extern const struct aim_test aim_test_matrix_rtns;
extern const struct aim_test aim_test_array_rtns;
extern const struct aim_test aim_test_string_rtns;
extern const struct aim_test aim_test_mem_rtns_1;
extern const struct aim_test aim_test_mem_rtns_2;
extern const struct aim_test aim_test_sort_rtns_1;
extern const struct aim_test aim_test_misc_rtns_1;
extern const struct aim_test aim_test_dir_rtns_1;
extern const struct aim_test aim_test_shell_rtns_1;
extern const struct aim_test aim_test_shell_rtns_2;
extern const struct aim_test aim_test_shell_rtns_3;
extern const struct aim_test aim_test_series_1;
extern const struct aim_test aim_test_shared_memory;
extern const struct aim_test aim_test_tcp_test;
extern const struct aim_test aim_test_udp_test;
extern const struct aim_test aim_test_fifo_test;
extern const struct aim_test aim_test_stream_pipe;
extern const struct aim_test aim_test_dgram_pipe;
extern const struct aim_test aim_test_pipe_cpy;
extern const struct aim_test aim_test_ram_copy;
extern const struct aim_test aim_test_calibrate;

const struct aim_test *const aim_tests[] = {
	&aim_test_add_double,
	&aim_test_add_float,
	&aim_test_add_long,
	&aim_test_add_int,
	&aim_test_add_short,
	&aim_test_creat_clo,
	&aim_test_page_test,
	&aim_test_brk_test,
	&aim_test_jmp_test,
	&aim_test_signal_test,
	&aim_test_exec_test,
	&aim_test_fork_test,
	&aim_test_link_test,
	&aim_test_disk_rr,
	&aim_test_disk_rw,
	&aim_test_disk_rd,
	&aim_test_disk_wrt,
	&aim_test_disk_cp,
	&aim_test_sync_disk_rw,
	&aim_test_sync_disk_wrt,
	&aim_test_sync_disk_cp,
	&aim_test_disk_src,
	&aim_test_div_double,
	&aim_test_div_float,
	&aim_test_div_long,
	&aim_test_div_int,
	&aim_test_div_short,
	&aim_test_fun_cal,
	&aim_test_fun_cal1,
	&aim_test_fun_cal2,
	&aim_test_fun_cal15,
	&aim_test_sieve,
	&aim_test_mul_double,
	&aim_test_mul_float,
	&aim_test_mul_long,
	&aim_test_mul_int,
	&aim_test_mul_short,
	&aim_test_num_rtns_1,
	&aim_test_new_raph,
	&aim_test_trig_rtns,
	&aim_test_matrix_rtns,
	&aim_test_array_rtns,
	&aim_test_string_rtns,
	&aim_test_mem_rtns_1,
	&aim_test_mem_rtns_2,
	&aim_test_sort_rtns_1,
	&aim_test_misc_rtns_1,
	&aim_test_dir_rtns_1,
	&aim_test_shell_rtns_1,
	&aim_test_shell_rtns_2,
	&aim_test_shell_rtns_3,
	&aim_test_series_1,
	&aim_test_shared_memory,
	&aim_test_tcp_test,
	&aim_test_udp_test,
	&aim_test_fifo_test,
	&aim_test_stream_pipe,
	&aim_test_dgram_pipe,
	&aim_test_pipe_cpy,
	&aim_test_ram_copy,
	NULL,
};

const struct aim_test *const aim_extra_tests[] = {
	&aim_test_calibrate,
	NULL,
};

/* cpu/memfam.c: one descriptor per row of memfam.h (lib/core/), in order. */
extern const struct aim_test aim_memfam_tests[CATALOG_MEMFAM_COUNT];

const struct aim_test *const aim_family_tests[] = {
#define REG_(f, i, s, c) \
	&aim_memfam_tests[MEMFAM_ID(f, i, s, c) - CATALOG_MEMFAM_FIRST],
	MEMFAM_ROWS(REG_)
#undef REG_
	NULL,
};

size_t
aim_tests_count(void)
{
	return sizeof(aim_tests) / sizeof(aim_tests[0]) - 1;
}

const struct aim_test *
aim_test_find(const char *name)
{
	for (size_t i = 0; aim_tests[i] != NULL; i++)
		if (strcmp(aim_tests[i]->info->name, name) == 0)
			return aim_tests[i];
	for (size_t i = 0; aim_extra_tests[i] != NULL; i++)
		if (strcmp(aim_extra_tests[i]->info->name, name) == 0)
			return aim_extra_tests[i];
	for (size_t i = 0; aim_family_tests[i] != NULL; i++)
		if (strcmp(aim_family_tests[i]->info->name, name) == 0)
			return aim_family_tests[i];
	return NULL;
}

unsigned long
aim_test_factor(const struct aim_test *t, unsigned long filesize_k)
{
	return catalog_factor(t->info, filesize_k);
}

unsigned long
aim_test_factor_sized(const struct aim_test *t, unsigned long filesize_k,
		      unsigned long memsize, unsigned long zerosize)
{
	return catalog_factor_sized(t->info, filesize_k, memsize, zerosize);
}

