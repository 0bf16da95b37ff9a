// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the import parsers on small texts written here from the
 * format descriptions: what each format yields, and that every bad input
 * is refused with the right file:line message.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import.h"
#include "importfx.h"
#include "log.h"
#include "tap.h"
#include "xalloc.h"

#define ROW3 "     3 add_long             2.01        137   68.15920      4089552.24 Thousand Long Integer Additions/second\n"
#define ROW12 "    12 fork_test            2.00      61874 30937.00000      3093700.00 Task Creations/second\n"
#define ROW16 "    16 disk_rd              2.03         93   45.81281       234561.58 Sequential Disk Reads (K)/second\n"

static void
test_console(void)
{
	static const char text[] =
		"From: someone\n\nmy title\n\n" HEAD ROW3
		"     7 page_test      Skipping to next test.\n"
		"    12 fork_test      brk failed\n"
		" *** Failed to execute fork_test  *** \n"
		" Skipping to next test.\n" ROW16 RULE "\nTesting over\n";
	struct import_file f;
	struct record_result *r;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0,
	   "console report parses");
	is_string(import_format_name(f.format), "console", "detected as console");
	is_int((int64_t)f.n_reports, 1, "one report");
	is_string(f.reports[0].title, "my title", "title line");
	is_int(f.reports[0].line, 5, "report starts at its first rule");
	is_int((int64_t)f.reports[0].run.n_results, 4, "four rows");
	r = &f.reports[0].run.results[0];
	is_int(r->number, 3, "classic number");
	is_int(r->samples[0].calls, 137, "count is the call count");
	is_int(r->samples[0].elapsed_ns, 2010000000, "elapsed in ns");
	ok(r->samples[0].printed_ops >= 0 && r->samples[0].printed_ops == 4089552.24,
	   "ops/s kept as printed");
	is_int((int64_t)r->factor, 60000, "registry factor");
	is_string(f.reports[0].run.results[1].status, "fail", "inline skip fails");
	is_string(f.reports[0].run.results[2].reason,
		  "brk failed; *** Failed to execute fork_test  ***",
		  "messages of a failed test become its reason");
	is_int((int64_t)f.reports[0].run.results[2].n_samples, 0,
	       "failed test has no sample");
	is_int((int64_t)f.reports[0].run.results[3].factor, 5120,
	       "disk factor from ops / loops");
	import_free(&f);
}

static void
test_binary(void)
{
	static const char junk[] = "junk\n\177ELF\0\1\2junk\n";
	struct import_file f;
	char msg[512];

	ok(importfx_parse_n(junk, sizeof(junk) - 1, "auto", &f, msg,
		   sizeof(msg)) < 0, "refused: binary data");
	is_string(msg, "aimdb: r.txt:2: binary data (NUL byte)",
		  "message: binary data");
}

/* As posted: the table ends at the end of the file, without its rule. */
static void
test_no_rule(void)
{
	struct import_file f;
	char msg[512];

	ok(importfx_parse(HEAD ROW3 ROW12, "auto", &f, msg, sizeof(msg)) == 0,
	   "a table without its closing rule parses");
	is_int(f.n_reports == 1 ? (int64_t)f.reports[0].run.n_results : -1, 2,
	       "both rows of a table without its closing rule");
	import_free(&f);
}

static void
test_console_bad(void)
{
	importfx_refused(HEAD ROW3
		"     4 add_quad             2.00        100   50.00000      3000000.00 Thousand Integer Additions/second\n" RULE,
		"auto", "aimdb: r.txt:6: unknown test \"add_quad\"",
		"unknown test");
	importfx_refused(HEAD ROW3 "    12 fork_test            2.00      61874      3093700.00 Task Creations/second\n" RULE,
		"auto",
		"aimdb: r.txt:6: malformed row: expected number name elapsed count loops/s ops/s units/second",
		"missing column");
	importfx_refused(HEAD ROW3 "    12 fork_test            2.00      61874 30937.", "auto",
		"aimdb: r.txt:6: malformed row: expected number name elapsed count loops/s ops/s units/second",
		"truncated row");
	test_no_rule();
	importfx_refused(HEAD ROW12 ROW3 RULE, "auto",
		"aimdb: r.txt:6: row number 3 does not follow 12",
		"rows out of order");
	importfx_refused(HEAD "     3 add_long             2.01        137   68.15920      4089552.24 Thousand Integer Additions/second\n" RULE,
		"auto",
		"aimdb: r.txt:5: add_long: units \"Thousand Integer Additions/second\", expected \"Thousand Long Integer Additions/second\"",
		"wrong units");
	importfx_refused(HEAD "     3 add_long             2.01        137   68.15920      5089552.24 Thousand Long Integer Additions/second\n" RULE,
		"auto",
		"aimdb: r.txt:5: add_long: ops/s 5089552.24 is not loops/s 68.1592 times the factor 60000",
		"ops/s inconsistent with loops/s");
	importfx_refused(HEAD "    12 fork_test      brk failed\n" RULE, "auto",
		"aimdb: r.txt:5: row of fork_test has neither rates nor \"Skipping to next test.\" (truncated?)",
		"failure never closed");
	importfx_refused("hello\nworld\n", "auto",
		"aimdb: r.txt:1: no AIM9 results found: not a console report, logfile.suite9, suite9.ss, posted comparison, mmtests or lkp-tests result, or aimkit export",
		"plain text");
	test_binary();
}

static void
test_two_reports(void)
{
	static const char text[] = "=== alpha ===\n" HEAD ROW3 RULE
				   "Testing over\n\n** beta: **\n"
				   "Starting time:      Tue Mar  4 10:00:00 2003\n"
				   HEAD ROW12 RULE
				   "\n" HEAD ROW16 RULE;
	struct import_file f;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0,
	   "three reports parse");
	is_int((int64_t)f.n_reports, 3, "three reports");
	is_string(f.reports[0].title, "alpha", "decoration stripped");
	is_string(f.reports[1].title, "beta", "colon stripped, AIM9 lines skipped");
	ok(f.reports[2].title == NULL, "no title between two tables");
	import_free(&f);
}

static void
test_logfile(void)
{
	static const char text[] =
		"box\n2.6.19\nNov 15 14:30:22 2006\nAIM Independent Resource Benchmark - Suite IX\n5120K\n"
		"add_long 10010 68.1319      4087912.09 Thousand Long Integer Additions/second\n"
		"disk_rd 1e+06 45.8128       234561.54 Sequential Disk Reads (K)/second\n"
		"box\n2.6.20\nNov 16 09:00:00 2006\nAIM Independent Resource Benchmark - Suite IX\n5120K\n"
		"fork_test 10000 30937      3093700.00 Task Creations/second\n";
	struct import_file f;
	struct record_result *r;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0,
	   "logfile parses");
	is_string(import_format_name(f.format), "logfile", "detected as logfile.suite9");
	is_int((int64_t)f.n_reports, 2, "two appended runs");
	is_string(f.reports[0].host, "box", "machine name");
	is_string(f.reports[1].title, "2.6.20", "title is the configuration");
	is_int(f.reports[1].line, 8, "second run starts at its header");
	r = &f.reports[0].run.results[0];
	is_int(r->samples[0].elapsed_ns, 10010000000, "delta in ms");
	is_int(r->samples[0].calls, 682, "calls from loops/s and time");
	is_int(f.reports[0].run.results[1].samples[0].elapsed_ns,
	       1000000000000, "%%g exponent read");
	import_free(&f);
	importfx_refused("box\nconf\nadd_long 10010 68.1319 Thousand Long Integer Additions/second\n",
		"logfile",
		"aimdb: r.txt:3: malformed line: expected name elapsed_ms loops/s ops/s units/second",
		"logfile line without ops");
	importfx_refused("box\nconf\nadd_lng 10010 68.1319 4087912.09 Thousand Long Integer Additions/second\n",
		"logfile", "aimdb: r.txt:3: unknown test \"add_lng\"",
		"logfile unknown test");
}

static void
test_ss(void)
{
	static const char text[] =
		"box\n2.6.19\nNov 15 14:30:22 2006\nAIM Independent Resource Benchmark - Suite IX \"1.1\"\n4096K\n"
		"add_long\t4087912\tThousand Long Integer Additions per second\n"
		"disk_rd\t234561\tSequential Disk Reads (K) per second\n"
		"sync_disk_cp\t0.512\tSync Disk Copies (K) per second\n";
	struct import_file f;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0,
	   "suite9.ss parses");
	is_string(import_format_name(f.format), "ss", "detected as suite9.ss");
	is_int((int64_t)f.reports[0].run.n_results, 3, "three results");
	ok(f.reports[0].run.results[0].samples[0].printed_ops == 4087912.0,
	   "integer ops/s");
	is_int((int64_t)f.reports[0].run.results[1].factor, 4096,
	       "disk factor from the header's file size");
	is_int((int64_t)f.reports[0].run.results[2].factor, 2048,
	       "sync factor is half the file size");
	import_free(&f);
	importfx_refused("box\nc\nadd_long\t4087912\tThousand Integer Additions per second\n",
		"ss",
		"aimdb: r.txt:3: add_long: units \"Thousand Integer Additions per second\" do not match \"Thousand Long Integer Additions/second\"",
		"ss wrong units");
	importfx_refused("box\nc\nadd_long\t4087912\n", "ss",
		"aimdb: r.txt:3: malformed line: expected name<TAB>ops/s<TAB>units per second",
		"ss missing field");
}

#define CSVHEAD "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops\n"

static void
test_csv(void)
{
	static const char text[] = CSVHEAD
		"v1,4,3,add_long,1,1,ok,,20,400000000,60000,Thousand Long Integer Additions/second,\n"
		"v1,4,3,add_long,1,2,ok,,21,400000000,60000,Thousand Long Integer Additions/second,\n"
		"v1,4,12,fork_test,1,,skip,\"no fork, \"\"really\"\"\",,,100,Task Creations/second,\n"
		"v2,5,3,add_long,1,1,ok,\"\",20,400000000,60000,Thousand Long Integer Additions/second,4019704.43\n";
	struct import_file f;
	struct record_result *r;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0, "CSV parses");
	is_string(import_format_name(f.format), "csv", "detected as CSV");
	is_int((int64_t)f.n_reports, 2, "two runs");
	is_string(f.reports[0].title, "v1", "tag of the first run");
	r = &f.reports[0].run.results[0];
	is_int((int64_t)r->n_samples, 2, "samples grouped into a result");
	ok(r->reason == NULL && r->samples[1].printed_ops < 0,
	   "empty unquoted fields are NULL");
	is_string(f.reports[0].run.results[1].reason, "no fork, \"really\"",
		  "quoted reason");
	is_int((int64_t)f.reports[0].run.results[1].n_samples, 0,
	       "result without samples");
	is_string(f.reports[1].run.results[0].reason, "", "quoted empty string");
	ok(f.reports[1].run.results[0].samples[0].printed_ops == 4019704.43,
	   "printed ops");
	import_free(&f);
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,1,ok,,20,400000000,60000,Thousand Long Integer Additions/second\n",
		"csv", "aimdb: r.txt:2: expected 13 fields, found 12",
		"CSV short record");
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,2,ok,,20,400000000,60000,Thousand Long Integer Additions/second,\n",
		"csv", "aimdb: r.txt:2: add_long rep 1: sample 2 out of order",
		"CSV sample order");
	importfx_refused(CSVHEAD "v1,4,3,add_lng,1,1,ok,,20,400000000,60000,Thousand Long Integer Additions/second,\n",
		"csv", "aimdb: r.txt:2: unknown test \"add_lng\"",
		"CSV unknown test");
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,1,ok,,20,-4,60000,Thousand Long Integer Additions/second,\n",
		"csv",
		"aimdb: r.txt:2: elapsed_ns: expected a whole number, found \"-4\"",
		"CSV negative time");
	importfx_refused("tag,run_id,number,test,rep,seq,status,reason,calls,elapsed,factor,units,printed_ops\n",
		"csv",
		"aimdb: r.txt:1: not an aimkit CSV export: the header must be that of aimdb export (doc/schema.md), or of an older one: up to bound, copies, metrics, env_value or printed_ops",
		"CSV header");
}

#define CSVHEAD15 "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value\n"
#define ADD_LONG ",60000,Thousand Long Integer Additions/second,"
#define CSVROW "v1,4,3,add_long,1,1,ok,,20,400000000" ADD_LONG ",,\n"

static void
test_csv_env(void)
{
	static const char text[] = CSVHEAD15
		"v1,4,,,,,,,,,,,,cpu.model,\"Xeon, 2 GHz\"\n"
		"v1,4,,,,,,,,,,,,hostname,box\n" CSVROW
		"v2,5,3,add_long,1,1,ok,,20,400000000" ADD_LONG ",,\n";
	struct import_file f;
	char msg[512];

	ok(importfx_parse(text, "auto", &f, msg, sizeof(msg)) == 0,
	   "CSV with environment parses");
	is_int((int64_t)f.n_reports, 2, "two runs");
	is_int((int64_t)f.reports[0].run.n_env, 2, "two facts of the first run");
	is_string(f.reports[0].run.env[0].key, "cpu.model", "fact name");
	is_string(f.reports[0].run.env[0].value, "Xeon, 2 GHz", "quoted fact value");
	is_int((int64_t)f.reports[1].run.n_env, 0, "second run without facts");
	import_free(&f);
	importfx_refused(CSVHEAD15 "v1,4,3,,,,,,,,,,,cpu.model,x\n" CSVROW, "csv",
		"aimdb: r.txt:2: an environment record must have no number",
		"environment record with a test field");
	importfx_refused(CSVHEAD15 "v1,4,,,,,,,,,,,,cpu model,x\n" CSVROW, "csv",
		"aimdb: r.txt:2: an environment fact's name is not 1 to 128 letters, digits and ._-",
		"bad fact name");
	importfx_refused(CSVHEAD15 "v1,4,,,,,,,,,,,,cpu.model,\"a\033[31m\"\n" CSVROW,
		"csv",
		"aimdb: r.txt:2: cpu.model contains a control character",
		"fact value with an escape");
	importfx_refused(CSVHEAD15 "v1,4,,,,,,,,,,,,a,1\nv1,4,,,,,,,,,,,,a,2\n" CSVROW,
		"csv", "aimdb: r.txt:3: env_key a given twice for run 4",
		"fact given twice");
	importfx_refused(CSVHEAD15 "v1,4,,,,,,,,,,,,a,\n" CSVROW, "csv",
		"aimdb: r.txt:2: env_value of a: missing",
		"fact without a value");
	importfx_refused(CSVHEAD15 "v1,4,,,,,,,,,,,,a,1\n", "csv",
		"aimdb: r.txt:2: run 4: an environment without results",
		"environment without results");
	importfx_refused(CSVHEAD15 "v1,4,3,add_long,1,1,ok,,20,400000000" ADD_LONG ",,x\n",
		"csv", "aimdb: r.txt:2: env_value without env_key",
		"value without a name");
}

/* Every integer and real field of every format is range-checked. */
static void
test_ranges(void)
{
	importfx_refused(CSVHEAD "v1,4,3,add_long,4294967297,1,ok,,20,400000000" ADD_LONG "\n",
		"csv",
		"aimdb: r.txt:2: rep: 4294967297 out of range (1 to 1000000)",
		"CSV rep beyond 32 bits");
	importfx_refused(CSVHEAD "v1,99999999999999999999,3,add_long,1,1,ok,,20,400000000" ADD_LONG "\n",
		"csv",
		"aimdb: r.txt:2: run_id: 99999999999999999999 out of range (1 to 999999999999999999)",
		"CSV run id beyond 64 bits");
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,1,ok,,1000000000000001,400000000" ADD_LONG "\n",
		"csv",
		"aimdb: r.txt:2: calls: 1000000000000001 out of range (0 to 1000000000000000)",
		"CSV calls");
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,1,ok,,20,400000000" ADD_LONG "1e308\n",
		"csv",
		"aimdb: r.txt:2: printed_ops: 1e+308 out of range (0 to 1e+15)",
		"CSV printed rate");
	importfx_refused(CSVHEAD "v1,4,3,add_long,1,1,ok,,1000000000000000,1" ADD_LONG "\n",
		"csv",
		"aimdb: r.txt:2: add_long rep 1: calls, factor and elapsed_ns give 6e+28 ops/s, beyond 1e+15",
		"CSV rate from calls and time");
	importfx_refused(HEAD "    16 disk_rd              2.03         93   1e299       5.12e302 Sequential Disk Reads (K)/second\n" RULE,
		"console",
		"aimdb: r.txt:5: disk_rd: loops/s 1e+299 out of range (0 to 1e+15)",
		"console loops/s");
	importfx_refused(HEAD "     3 add_long      99999999        137   68.15920      4089552.24 Thousand Long Integer Additions/second\n" RULE,
		"console",
		"aimdb: r.txt:5: add_long: elapsed time 1e+08 s out of range (1 ns to 1e+06 s)",
		"console elapsed time");
	importfx_refused("box\nconf\nadd_long 1 1e+20 6e+24 Thousand Long Integer Additions/second\n",
		"logfile",
		"aimdb: r.txt:3: add_long: loops/s 1e+20 out of range (0 to 1e+15)",
		"logfile loops/s");
	importfx_refused("box\nc\nadd_long\t1e308\tThousand Long Integer Additions per second\n",
		"ss",
		"aimdb: r.txt:3: add_long: ops/s 1e+308 out of range (0 to 1e+15)",
		"suite9.ss ops/s");
}

int
main(void)
{
	log_set_program("aimdb");
	plan_lazy();
	test_console();
	test_console_bad();
	test_two_reports();
	test_logfile();
	test_ss();
	test_csv();
	test_csv_env();
	test_ranges();
	return done_testing();
}
