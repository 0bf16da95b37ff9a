# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz/: libFuzzer harnesses for everything that parses outside input
# (import files, suite files, option values, tags) with a seed corpus in
# fuzz/corpus/NAME/.  Every harness also builds, without libFuzzer, into a
# replay program that `make check` runs over its corpus; configure
# --enable-fuzz (CC=clang) builds the fuzzers and `make fuzz` runs each for
# FUZZ_SECONDS.  Also the robustness tests of the whole tool (t/robust*.sh,
# t/robust-*-t.c), documented in doc/reliability.md.
FUZZ_NAMES = import-classic import-logfile import-ss import-csv import-auto \
	import-mmtests import-lkp suite parse
FUZZ_SECONDS = 60

FUZZ_REPLAY = fuzz/replay-import-classic fuzz/replay-import-logfile \
	fuzz/replay-import-ss fuzz/replay-import-csv fuzz/replay-import-auto \
	fuzz/replay-import-mmtests fuzz/replay-import-lkp fuzz/replay-suite fuzz/replay-parse
check_PROGRAMS += $(FUZZ_REPLAY)
TESTS += $(FUZZ_REPLAY)
EXTRA_DIST += fuzz/corpus

FUZZ_COMMON_SRC = fuzz/fuzz.h fuzz/fuzz_util.c
FUZZ_IMPORT_SRC = $(FUZZ_COMMON_SRC) fuzz/fuzz_import.c fuzz/fuzz_import.h
FUZZ_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/fuzz

fuzz_replay_import_classic_SOURCES = fuzz/replay.c fuzz/fuzz-import-classic.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_classic_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-classic"'
fuzz_replay_import_classic_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_logfile_SOURCES = fuzz/replay.c fuzz/fuzz-import-logfile.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_logfile_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-logfile"'
fuzz_replay_import_logfile_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_ss_SOURCES = fuzz/replay.c fuzz/fuzz-import-ss.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_ss_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-ss"'
fuzz_replay_import_ss_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_csv_SOURCES = fuzz/replay.c fuzz/fuzz-import-csv.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_csv_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-csv"'
fuzz_replay_import_csv_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_auto_SOURCES = fuzz/replay.c fuzz/fuzz-import-auto.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_auto_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-auto"'
fuzz_replay_import_auto_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_mmtests_SOURCES = fuzz/replay.c fuzz/fuzz-import-mmtests.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_mmtests_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-mmtests"'
fuzz_replay_import_mmtests_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_import_lkp_SOURCES = fuzz/replay.c fuzz/fuzz-import-lkp.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_lkp_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-lkp"'
fuzz_replay_import_lkp_LDADD = t/libtap.a $(REPORT_LDADD)
fuzz_replay_suite_SOURCES = fuzz/replay.c fuzz/fuzz-suite.c $(FUZZ_COMMON_SRC)
fuzz_replay_suite_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"suite"'
fuzz_replay_suite_LDADD = t/libtap.a $(AIM_LDADD)
fuzz_replay_parse_SOURCES = fuzz/replay.c fuzz/fuzz-parse.c $(FUZZ_COMMON_SRC)
fuzz_replay_parse_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"parse"'
fuzz_replay_parse_LDADD = t/libtap.a $(REPORT_LDADD)

# Robustness: faults, interrupts, concurrency, bad input and security
# (doc/reliability.md lists each guarantee with the test that proves it).
check_PROGRAMS += t/robust-run-t
t_robust_run_t_SOURCES = t/robust-run-t.c t/storefx.c t/storefx.h
t_robust_run_t_LDADD = t/libtap.a $(AIM_LDADD)
check_PROGRAMS += t/robust-symlink-t
t_robust_symlink_t_SOURCES = t/robust-symlink-t.c t/storefx.c t/storefx.h
t_robust_symlink_t_LDADD = t/libtap.a $(AIM_LDADD)
check_PROGRAMS += t/robust-kill-t
t_robust_kill_t_SOURCES = t/robust-kill-t.c t/storefx.c t/storefx.h
t_robust_kill_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)
TESTS += t/robust-run-t t/robust-symlink-t t/robust-kill-t \
	t/robust-signal.sh t/robust-concurrency.sh t/robust-input.sh \
	t/robust-disk.sh t/robust-security.sh
EXTRA_DIST += t/robust-lib.sh t/robust-signal.sh t/robust-concurrency.sh \
	t/robust-input.sh t/robust-disk.sh t/robust-security.sh
dist_doc_DATA += doc/reliability.md
# aimcmp and aimdb under valgrind: too slow for every make check.
TESTS += t/robust-valgrind.sh
EXTRA_DIST += t/robust-valgrind.sh
.PHONY: valgrind
valgrind: all
	AIM_VALGRIND=1 AIM_BUILDDIR='$(abs_top_builddir)' \
		AIM_SRCDIR='$(abs_top_srcdir)' $(SHELL) $(srcdir)/t/robust-valgrind.sh

# libFuzzer wants every object instrumented for coverage, and its own
# main(); AddressSanitizer and UBSan turn silent damage into findings.
if IS_FUZZ
AM_CFLAGS += -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
AM_LDFLAGS += -fsanitize=address,undefined
FUZZ_BINS = fuzz/fuzz-import-classic fuzz/fuzz-import-logfile \
	fuzz/fuzz-import-ss fuzz/fuzz-import-csv fuzz/fuzz-import-auto \
	fuzz/fuzz-import-mmtests fuzz/fuzz-import-lkp fuzz/fuzz-suite fuzz/fuzz-parse
check_PROGRAMS += $(FUZZ_BINS)
endif

fuzz_fuzz_import_classic_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-classic.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_classic_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_classic_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_classic_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_logfile_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-logfile.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_logfile_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_logfile_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_logfile_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_ss_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-ss.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_ss_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_ss_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_ss_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_csv_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-csv.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_csv_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_csv_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_csv_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_auto_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-auto.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_auto_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_auto_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_auto_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_mmtests_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-mmtests.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_mmtests_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_mmtests_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_mmtests_LDADD = $(REPORT_LDADD)
fuzz_fuzz_import_lkp_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-lkp.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_lkp_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_lkp_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_lkp_LDADD = $(REPORT_LDADD)
fuzz_fuzz_suite_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-suite.c $(FUZZ_COMMON_SRC)
fuzz_fuzz_suite_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_suite_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_suite_LDADD = $(AIM_LDADD)
fuzz_fuzz_parse_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-parse.c $(FUZZ_COMMON_SRC)
fuzz_fuzz_parse_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_parse_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_parse_LDADD = $(REPORT_LDADD)

# make fuzz: each harness for FUZZ_SECONDS (make -j2 fuzz: two at a time),
# growing a working corpus under fuzz/work/NAME from the seeds; findings
# land in fuzz/work/ as crash-* files.  Copy what is worth keeping into
# fuzz/corpus/NAME so make check replays it from then on.
FUZZ_FLAGS = -close_fd_mask=2 -artifact_prefix=fuzz/work/ -print_final_stats=1
FUZZ_RUN = $(MKDIR_P) fuzz/work/$$n && echo "fuzz: $$n for $(FUZZ_SECONDS) s" && \
	if ./fuzz/fuzz-$$n -max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) \
		fuzz/work/$$n $(srcdir)/fuzz/corpus/$$n 2>fuzz/work/$$n.log; then \
		sed -n 's/^stat::number_of_executed_units: */fuzz: '$$n' executions: /p' \
			fuzz/work/$$n.log; \
	else tail -n 40 fuzz/work/$$n.log; exit 1; fi
.PHONY: fuzz-run-import-lkp-compare fuzz-run-import-blocks fuzz-run-import-lines
.PHONY: fuzz fuzz-run-import-classic fuzz-run-import-logfile fuzz-run-import-ss fuzz-run-import-csv fuzz-run-import-auto fuzz-run-import-mmtests fuzz-run-import-lkp fuzz-run-suite fuzz-run-parse
fuzz: fuzz-run-import-classic fuzz-run-import-logfile fuzz-run-import-ss fuzz-run-import-csv fuzz-run-import-auto fuzz-run-import-mmtests fuzz-run-import-lkp fuzz-run-suite fuzz-run-parse \
	fuzz-run-import-lkp-compare fuzz-run-import-blocks fuzz-run-import-lines
if IS_FUZZ
fuzz-run-import-classic: fuzz/fuzz-import-classic
	@n=import-classic; $(FUZZ_RUN)
fuzz-run-import-logfile: fuzz/fuzz-import-logfile
	@n=import-logfile; $(FUZZ_RUN)
fuzz-run-import-ss: fuzz/fuzz-import-ss
	@n=import-ss; $(FUZZ_RUN)
fuzz-run-import-csv: fuzz/fuzz-import-csv
	@n=import-csv; $(FUZZ_RUN)
fuzz-run-import-auto: fuzz/fuzz-import-auto
	@n=import-auto; $(FUZZ_RUN)
fuzz-run-import-mmtests: fuzz/fuzz-import-mmtests
	@n=import-mmtests; $(FUZZ_RUN)
fuzz-run-import-lkp: fuzz/fuzz-import-lkp
	@n=import-lkp; $(FUZZ_RUN)
fuzz-run-suite: fuzz/fuzz-suite
	@n=suite; $(FUZZ_RUN)
fuzz-run-parse: fuzz/fuzz-parse
	@n=parse; $(FUZZ_RUN)
else
fuzz-run-import-classic:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-logfile:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-ss:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-csv:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-auto:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-mmtests:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-import-lkp:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-suite:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
fuzz-run-parse:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif

clean-local: fuzz-clean-work
.PHONY: fuzz-clean-work
fuzz-clean-work:
	-rm -rf fuzz/work

# The import parser of aimkit's JSON export (report/import/import_json.c).
check_PROGRAMS += fuzz/replay-import-json
TESTS += fuzz/replay-import-json
fuzz_replay_import_json_SOURCES = fuzz/replay.c fuzz/fuzz-import-json.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_json_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-json"'
fuzz_replay_import_json_LDADD = t/libtap.a $(REPORT_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-import-json
fuzz_fuzz_import_json_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-json.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_json_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_json_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_json_LDADD = $(REPORT_LDADD)
fuzz-run-import-json: fuzz/fuzz-import-json
	@n=import-json; $(FUZZ_RUN)
endif

# The importer lkp-compare (report/import_table.c).
check_PROGRAMS += fuzz/replay-import-lkp-compare
TESTS += fuzz/replay-import-lkp-compare
fuzz_replay_import_lkp_compare_SOURCES = fuzz/replay.c fuzz/fuzz-import-lkp-compare.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_lkp_compare_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-lkp-compare"'
fuzz_replay_import_lkp_compare_LDADD = t/libtap.a $(REPORT_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-import-lkp-compare
fuzz_fuzz_import_lkp_compare_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-lkp-compare.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_lkp_compare_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_lkp_compare_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_lkp_compare_LDADD = $(REPORT_LDADD)
fuzz-run-import-lkp-compare: fuzz/fuzz-import-lkp-compare
	@n=import-lkp-compare; $(FUZZ_RUN)
else
fuzz-run-import-lkp-compare:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif

# The importer blocks (report/import_table.c).
check_PROGRAMS += fuzz/replay-import-blocks
TESTS += fuzz/replay-import-blocks
fuzz_replay_import_blocks_SOURCES = fuzz/replay.c fuzz/fuzz-import-blocks.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_blocks_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-blocks"'
fuzz_replay_import_blocks_LDADD = t/libtap.a $(REPORT_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-import-blocks
fuzz_fuzz_import_blocks_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-blocks.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_blocks_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_blocks_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_blocks_LDADD = $(REPORT_LDADD)
fuzz-run-import-blocks: fuzz/fuzz-import-blocks
	@n=import-blocks; $(FUZZ_RUN)
else
fuzz-run-import-blocks:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif

# The importer lines (report/import_table.c).
check_PROGRAMS += fuzz/replay-import-lines
TESTS += fuzz/replay-import-lines
fuzz_replay_import_lines_SOURCES = fuzz/replay.c fuzz/fuzz-import-lines.c $(FUZZ_IMPORT_SRC)
fuzz_replay_import_lines_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"import-lines"'
fuzz_replay_import_lines_LDADD = t/libtap.a $(REPORT_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-import-lines
fuzz_fuzz_import_lines_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-import-lines.c $(FUZZ_IMPORT_SRC)
fuzz_fuzz_import_lines_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_import_lines_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_import_lines_LDADD = $(REPORT_LDADD)
fuzz-run-import-lines: fuzz/fuzz-import-lines
	@n=import-lines; $(FUZZ_RUN)
else
fuzz-run-import-lines:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif

# What aimrun reads of the kernel: the monitors' files, /dev/kmsg records.
check_PROGRAMS += fuzz/replay-kernel
TESTS += fuzz/replay-kernel
fuzz_replay_kernel_SOURCES = fuzz/replay.c fuzz/fuzz-kernel.c $(FUZZ_COMMON_SRC)
fuzz_replay_kernel_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"kernel"'
fuzz_replay_kernel_LDADD = t/libtap.a $(AIM_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-kernel
fuzz_fuzz_kernel_SOURCES = fuzz/fuzz_main.c fuzz/fuzz-kernel.c $(FUZZ_COMMON_SRC)
fuzz_fuzz_kernel_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_kernel_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_kernel_LDADD = $(AIM_LDADD)
fuzz-run-kernel: fuzz/fuzz-kernel
	@n=kernel; $(FUZZ_RUN)
else
fuzz-run-kernel:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif
.PHONY: fuzz-run-kernel
fuzz: fuzz-run-kernel
