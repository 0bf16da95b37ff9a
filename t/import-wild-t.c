// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shapes of issue 28 that must be refused, each with the real cause
 * and its file:line: what a misread would store as a rate, a mail damaged
 * past undoing, a table that does not add up.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importfx.h"
#include "log.h"
#include "tap.h"

#define ROBOT \
	"ab12cd34ef56ab78 0123456789abcdef0123456789a\n" \
	"---------------- ---------------------------\n" \
	"         %stddev     %change         %stddev\n" \
	"             \\          |                \\\n"
#define MMHEAD \
	"                               6.9                  6.9\n" \
	"                           vanilla              patched\n"

static void
test_console(void)
{
	importfx_refused(HEAD
		"     1 add_double [2.6.9]  2.00  100  50.00000  900000.00 Thousand Double Precision Additions/second\n"
		"     2 add_float           2.00  100  50.00000  600000.00 Thousand Single Precision Additions/second\n",
		"console", "aimdb: r.txt:6: a row without its [kernel] among tagged rows",
		"an untagged row among tagged rows");
	importfx_refused(HEAD
		"     1 add_double [2.6.9]  2.00  100  50.00000  900000.00 Thousand Double Precision Additions/second\n"
		"     1 add_double [2.6.9]  2.00  100  50.00000  900000.00 Thousand Double Precision Additions/second\n",
		"console", "aimdb: r.txt:6: add_double: kernel [2.6.9] given twice",
		"a kernel's row twice");
	importfx_refused(RULE
		" Test        Test        Elapsed       CPU Utilization   Iteration   \n"
		"Iteration          Operation\n"
		"Number       Name      Time (sec)      User     System     Count   Rate\n"
		"(loops/sec)    Rate (ops/sec)\n" RULE
		"     1 add_double          60.06      58.00     1060\n"
		"17.64902       317682.32 Thousand Double Precision Additions/second\n",
		"console", "aimdb: r.txt:7: malformed row: expected number name elapsed count loops/s ops/s units/second",
		"a CPU variant's row without its System column");
}

static void
test_lkp_compare(void)
{
	importfx_refused(ROBOT
		"    336518            +9.5%     348367        aim9.page_test.ops_per_sec\n",
		"auto", "aimdb: r.txt:5: aim9.page_test.ops_per_sec: +9.5% is not the change from 336518 to 348367",
		"a %change the averages do not give");
	importfx_refused(ROBOT
		"    336518     348367        aim9.page_test.ops_per_sec\n",
		"lkp-compare", "aimdb: r.txt:5: aim9.page_test.ops_per_sec: expected an average and, for each of the 1 other commits, a %change and an average",
		"a row without its %change");
	importfx_refused(ROBOT
		"    336518            +3.5%     348367        aim9.page_tests.ops_per_sec\n",
		"lkp-compare", "aimdb: r.txt:5: aim9.page_tests.ops_per_sec: not aim9.TEST.ops_per_sec of a known test",
		"an unknown test");
	importfx_refused(ROBOT
		"    336518            +3.5%     348367        proc-vmstat.numa_hit\n",
		"lkp-compare", "aimdb: r.txt:1: no aim9.TEST.ops_per_sec row under a table header of lkp compare",
		"no AIM9 row");
}

static void
test_mmtests(void)
{
	importfx_refused(MMHEAD
		"Hmean     tcp_test         0.00 (   0.00%)        1234.00 ( 100.00%)\n"
		"Max       tcp_test        12.00 (   0.00%)        1300.00 (10733.33%)\n",
		"mmtests", "aimdb: r.txt:3: tcp_test: a mean of 0 under kernel 1, yet other statistics: not a rate",
		"a mean of 0 with other statistics");
	importfx_refused(MMHEAD
		"Hmean     fork_test      900.00 (   0.00%)         950.00 (   5.56%)\n"
		"Hmean     fork_tests     900.00 (   0.00%)         950.00 (   5.56%)\n",
		"mmtests", "aimdb: r.txt:4: unknown test \"fork_tests\" in a table of AIM9 tests",
		"an unknown test in an AIM9 table");
	importfx_refused(MMHEAD
		"Min       alloc-odr0-1   900.00 (   0.00%)         950.00 (   5.56%)\n",
		"mmtests", "aimdb: r.txt:1: no compare-mmtests.pl table of AIM9 tests, only of other benchmarks",
		"only another benchmark's table");
}

static void
test_files(void)
{
	importfx_refused("testbox\n2.6.24\nFeb  5 10:00:00 2008\nAIM\n5120K\n"
		"ram_copy\t-2147483649\tMemory to Memory Copy per second\n",
		"ss", "aimdb: r.txt:6: malformed line: expected name<TAB>ops/s<TAB>units per second",
		"suite9.ss: a negative rate no int gives");
	importfx_refused("2.4.19\n2.5.49\n\n"
		"add_float 10000 44.2       530400.00 Thousand Single Precision Additions/second\n"
		"add_float 10000 43.8       525600.00 Thousand Single Precision Additions/second\n\n"
		"add_long 10010 27.2727      1636363.64 Thousand Long Integer Additions/second\n\n",
		"logfile", "aimdb: r.txt:7: 1 lines of add_long: expected 2, one a kernel",
		"posted logfile lines: a group of another size");
	importfx_refused("Content-Transfer-Encoding: quoted-printable\n\nab=00cd\n",
		"auto", "aimdb: r.txt:3: quoted-printable NUL byte (=00)",
		"quoted-printable NUL");
	importfx_refused("1 add_double         Thousand Double Precision Additions/second\n"
		"linux-2.5.49         60.02        716.5      11.92936        214728.42\n",
		"blocks", "aimdb: r.txt:2: add_double: count 716.5 is not a whole number",
		"blocks without brackets: a count that is no count");
	importfx_refused("1 creat-clo 15003.21 15110.02 106.81 0.71% File Creations and Closes/second\n"
		"3 page_test 1000.00 1100.00 100.00 10.00% System Allocations & Pages/second\n",
		"lines", "aimdb: r.txt:2: expected \"number test before after delta pct% units\" of a known test",
		"positional lines that skip a position");
}

int
main(void)
{
	plan_lazy();
	log_set_program("aimdb");
	test_console();
	test_lkp_compare();
	test_mmtests();
	test_files();
	return done_testing();
}
