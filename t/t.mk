# SPDX-License-Identifier: GPL-2.0-or-later
# t/: unit and integration tests, all speaking TAP.
noinst_LIBRARIES += t/libtap.a
t_libtap_a_SOURCES = t/tap.c t/tap.h

AIM_T_LDADD = t/libtap.a $(AIM_LDADD)

check_PROGRAMS += t/classic-t t/registry-t t/runner-t t/suite-t t/timing-t \
	t/userspace-t
t_classic_t_SOURCES = t/classic-t.c
t_classic_t_LDADD = $(AIM_T_LDADD)
t_registry_t_SOURCES = t/registry-t.c
t_registry_t_LDADD = $(AIM_T_LDADD)
t_runner_t_SOURCES = t/runner-t.c t/sanitizer.h
t_runner_t_LDADD = $(AIM_T_LDADD)
t_suite_t_SOURCES = t/suite-t.c
t_suite_t_LDADD = $(AIM_T_LDADD)
t_timing_t_SOURCES = t/timing-t.c
t_timing_t_LDADD = $(AIM_T_LDADD)
t_userspace_t_SOURCES = t/userspace-t.c t/sanitizer.h
t_userspace_t_LDADD = $(AIM_T_LDADD)

TESTS += t/classic-t t/registry-t t/runner-t t/suite-t t/timing-t t/userspace-t \
	t/aimrun.sh
EXTRA_DIST += t/aimrun.sh t/data/aim9-tests.tsv
TESTS += t/robust-aimrun.sh
EXTRA_DIST += t/robust-aimrun.sh
# An install into a fresh prefix, with the source tree moved away.
TESTS += t/install.sh
EXTRA_DIST += t/install.sh
TESTS += t/robust-store.sh
EXTRA_DIST += t/robust-store.sh t/data/schema-v1.sql
# lib/infile: what may be opened as input, and the bounds of its reader.
# "Did you mean" for names that name nothing (lib/core/suggest.c).
check_PROGRAMS += t/suggest-t
t_suggest_t_SOURCES = t/suggest-t.c
t_suggest_t_LDADD = $(AIM_T_LDADD)
TESTS += t/suggest-t
check_PROGRAMS += t/infile-t
t_infile_t_SOURCES = t/infile-t.c
t_infile_t_LDADD = $(AIM_T_LDADD)
TESTS += t/infile-t
# aimdb import of input that is not a report, numbers out of range, and
# the environment through a CSV round trip.
TESTS += t/import-input.sh
EXTRA_DIST += t/import-input.sh
check_PROGRAMS += t/outfile-t
t_outfile_t_SOURCES = t/outfile-t.c
t_outfile_t_LDADD = $(AIM_T_LDADD)
TESTS += t/outfile-t
TESTS += t/outfile.sh t/plot-inject.sh
EXTRA_DIST += t/outfile.sh t/plot-inject.sh
TESTS += t/report-inject.sh
EXTRA_DIST += t/report-inject.sh
# The string writers (gnuplot, HTML, Markdown) under fuzz/: corpus replay
# in make check, a libFuzzer harness with --enable-fuzz.
FUZZ_WRITERS_SRC = fuzz/fuzz-writers.c fuzz/fuzz_writers.c fuzz/fuzz_writers.h \
	$(FUZZ_COMMON_SRC)
check_PROGRAMS += fuzz/replay-writers
TESTS += fuzz/replay-writers
fuzz_replay_writers_SOURCES = fuzz/replay.c $(FUZZ_WRITERS_SRC)
fuzz_replay_writers_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_NAME='"writers"'
fuzz_replay_writers_LDADD = t/libtap.a $(REPORT_LDADD)
if IS_FUZZ
check_PROGRAMS += fuzz/fuzz-writers
fuzz-run-writers: fuzz/fuzz-writers
	@n=writers; $(FUZZ_RUN)
else
fuzz-run-writers:
	@echo 'make fuzz: configure with --enable-fuzz CC=clang first' >&2; exit 1
endif
fuzz_fuzz_writers_SOURCES = fuzz/fuzz_main.c $(FUZZ_WRITERS_SRC)
fuzz_fuzz_writers_CPPFLAGS = $(FUZZ_CPPFLAGS)
fuzz_fuzz_writers_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
fuzz_fuzz_writers_LDADD = $(REPORT_LDADD)
.PHONY: fuzz-run-writers
fuzz: fuzz-run-writers

check_PROGRAMS += t/runner-stop-t t/robust-swap-t
t_runner_stop_t_SOURCES = t/runner-stop-t.c
t_runner_stop_t_LDADD = $(AIM_T_LDADD)
t_robust_swap_t_SOURCES = t/robust-swap-t.c
t_robust_swap_t_LDADD = $(AIM_T_LDADD)
TESTS += t/runner-stop-t t/robust-ipc.sh t/robust-swap-t t/robust-scratch.sh
# A scratch directory removed with two descriptors left.
check_PROGRAMS += t/scratch-fds-t
TESTS += t/scratch-fds-t
t_scratch_fds_t_SOURCES = t/scratch-fds-t.c
t_scratch_fds_t_LDADD = $(AIM_T_LDADD)
EXTRA_DIST += t/robust-ipc.sh t/robust-scratch.sh
check_PROGRAMS += t/tag-out-t
t_tag_out_t_SOURCES = t/tag-out-t.c
t_tag_out_t_LDADD = $(AIM_T_LDADD)
TESTS += t/tag-out-t
# Hostile strings in a database reach the text outputs as data.
TESTS += t/robust-output.sh
EXTRA_DIST += t/robust-output.sh
# store_reopen: aimrun's checks once per database file.
check_PROGRAMS += t/store-reopen-t
TESTS += t/store-reopen-t
t_store_reopen_t_SOURCES = t/store-reopen-t.c t/storefx.c t/storefx.h
t_store_reopen_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)
# shared_memory removes only the SysV objects it made.
check_PROGRAMS += t/ipc-foreign-t
t_ipc_foreign_t_SOURCES = t/ipc-foreign-t.c
t_ipc_foreign_t_LDADD = $(AIM_T_LDADD)
TESTS += t/ipc-foreign-t
# CSV imports of many records finish (a search per record would not).
check_PROGRAMS += t/import-scale-t
t_import_scale_t_SOURCES = t/import-scale-t.c
t_import_scale_t_LDADD = t/libtap.a $(REPORT_LDADD)
TESTS += t/import-scale-t t/import-scale.sh
EXTRA_DIST += t/import-scale.sh
# Classic console reports as mail leaves them: every kind of damage, and
# aimdb import --dry-run.
TESTS += t/import-mail.sh
EXTRA_DIST += t/import-mail.sh t/data/report/mail-all.txt \
	t/data/report/mail-blank-rows.txt t/data/report/mail-bad-text.txt \
	t/data/report/mail-bad-cut.txt \
	t/data/report/mail-bad-split.txt t/data/report/mail-blank-end.txt \
	t/data/report/mail-clean.txt t/data/report/mail-collapsed.txt \
	t/data/report/mail-crlf.txt t/data/report/mail-eof-noeol.txt \
	t/data/report/mail-eof.txt t/data/report/mail-fused.txt \
	t/data/report/mail-headings.txt t/data/report/mail-next-title.txt \
	t/data/report/mail-quoted.txt t/data/report/mail-row-broken.txt \
	t/data/report/mail-rule-broken.txt t/data/report/mail-tabs.txt \
	t/data/report/mail-trailer.txt t/data/report/mail-units-wrap.txt
# AIM9 results as people and tools posted them, one fixture per kind.
check_PROGRAMS += t/import-wild-t
t_import_wild_t_SOURCES = t/import-wild-t.c t/importfx.c t/importfx.h
t_import_wild_t_LDADD = t/libtap.a $(REPORT_LDADD)
TESTS += t/import-wild-t t/import-wild.sh
EXTRA_DIST += t/import-wild.sh t/data/report/wild
TESTS += t/import-peers.sh
EXTRA_DIST += t/import-peers.sh t/data/report/mmtests-aim9-1 \
	t/data/report/mmtests-compare.txt t/data/report/mmtests-bad-compare.txt \
	t/data/report/lkp-aim9.json t/data/report/lkp-stats.json \
	t/data/report/lkp-matrix.json t/data/report/lkp-bad-test.json \
	t/data/report/lkp-bad-json.json t/data/report/lkp-bad-range.json \
	t/data/report/peers-mmtests-aim9-1.csv \
	t/data/report/peers-mmtests-compare.txt.csv \
	t/data/report/peers-lkp-aim9.json.csv \
	t/data/report/peers-lkp-stats.json.csv \
	t/data/report/peers-lkp-matrix.json.csv
TESTS += t/cmp-table.sh
EXTRA_DIST += t/cmp-table.sh t/data/report/cmp-table.txt \
	t/data/report/nway-table.txt t/data/report/repeated-table.txt
# aimrun's progress without a terminal: a line per test run on stderr.
TESTS += t/progress.sh
EXTRA_DIST += t/progress.sh
# The default table of two real runs of the whole suite: 100 columns.
TESTS += t/cmp-width.sh
EXTRA_DIST += t/cmp-width.sh
# The meter seam of the timed loop and the context-switch meter.
check_PROGRAMS += t/meter-t
t_meter_t_SOURCES = t/meter-t.c
t_meter_t_LDADD = $(AIM_T_LDADD)
TESTS += t/meter-t
# Schema version 3 from a version 2 database, and metrics through CSV.
TESTS += t/schema-migrate.sh
EXTRA_DIST += t/schema-migrate.sh t/data/schema-v2.sql
# The measurement record (lib/core/measure.c).
check_PROGRAMS += t/measure-t
t_measure_t_SOURCES = t/measure-t.c t/storefx.c t/storefx.h
t_measure_t_LDADD = $(AIM_T_LDADD)
TESTS += t/measure-t
# aimdb import of the JSON export (report/import/import_json.c).
TESTS += t/import-json.sh
EXTRA_DIST += t/import-json.sh
# Result directories of other tools for aimdb import DIR (t/import-peers.sh)
EXTRA_DIST += t/data/report/mmtests-logs t/data/report/lkp-result \
	t/data/report/peers-mmtests-logs.csv t/data/report/peers-lkp-run-0.csv \
	t/data/report/peers-lkp-run-1.csv
# Posted comparisons: per-test blocks and aimcmp's line form.
TESTS += t/import-cmp.sh
EXTRA_DIST += t/import-cmp.sh t/data/report/cmp-blocks.txt \
	t/data/report/cmp-blocks.csv t/data/report/cmp-lines.csv
# Schema version 4 from a version 3 database: result metadata, run UUIDs.
TESTS += t/schema-v4.sh
EXTRA_DIST += t/schema-v4.sh t/data/schema-v3.sql
check_PROGRAMS += t/cmpcounters-t
t_cmpcounters_t_SOURCES = t/cmpcounters-t.c t/cmpfx.c t/cmpfx.h
t_cmpcounters_t_LDADD = t/libtap.a $(REPORT_LDADD)
TESTS += t/cmpcounters-t
TESTS += t/cmp-counters.sh
EXTRA_DIST += t/cmp-counters.sh
# The readers take what a result measured from the database: they link
# neither the tests nor the harness, and read unknown tests as stored.
TESTS += t/report-measured.sh
EXTRA_DIST += t/report-measured.sh
# Perf counters per sample: the fake event source, and inherit for real.
check_PROGRAMS += t/meter-perf-t
t_meter_perf_t_SOURCES = t/meter-perf-t.c
t_meter_perf_t_LDADD = $(AIM_T_LDADD)
TESTS += t/meter-perf-t
TESTS += t/counters.sh
EXTRA_DIST += t/counters.sh
# The JSON export round trip keeps each run's identity (uuid) and times.
TESTS += t/json-identity.sh
EXTRA_DIST += t/json-identity.sh
# aimdb merge: runs of another database, kept whole and never twice.
TESTS += t/merge.sh
EXTRA_DIST += t/merge.sh t/identity-lib.sh
# A copy of a run through the store: given uuid, times and status.
check_PROGRAMS += t/store-copy-t
t_store_copy_t_SOURCES = t/store-copy-t.c t/storefx.c t/storefx.h
t_store_copy_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)
TESTS += t/store-copy-t
# A test forks from a small process: no freed heap, no SQLite in its children.
check_PROGRAMS += t/child-small-t
t_child_small_t_SOURCES = t/child-small-t.c t/sanitizer.h
t_child_small_t_LDADD = $(AIM_T_LDADD)
TESTS += t/child-small-t
# The events a run counted, stored and compared as a fact of the run.
TESTS += t/counters-fact.sh
EXTRA_DIST += t/counters-fact.sh
# Noise per sample (run delay, steal), the machine checks, --cpu and a
# CPU hog on the test's CPU flagged in aimcmp.
check_PROGRAMS += t/meter-sched-t t/hog
t_meter_sched_t_SOURCES = t/meter-sched-t.c
t_meter_sched_t_LDADD = $(AIM_T_LDADD)
t_hog_SOURCES = t/hog.c
t_hog_LDADD = $(AIM_LDADD)
TESTS += t/meter-sched-t t/check.sh t/noise-hog.sh
EXTRA_DIST += t/check.sh t/noise-hog.sh
# Lower is better (timed commands): verdicts, formats, overall, series.
check_PROGRAMS += t/lower-t
t_lower_t_SOURCES = t/lower-t.c t/cmpfx.c t/cmpfx.h
t_lower_t_LDADD = t/libtap.a $(REPORT_LDADD)
TESTS += t/lower-t
# aimrun --cmd: timed commands, stored lower-is-better, and compared so.
TESTS += t/cmd.sh
EXTRA_DIST += t/cmd.sh
# aimcmp --classify for git bisect run: 0 good, 1 bad, 125 skip, 128 abort.
TESTS += t/classify.sh
EXTRA_DIST += t/classify.sh t/classify-lib.sh
# aimcmp names per-process levels and the between-boot spread.
TESTS += t/levels.sh
EXTRA_DIST += t/levels.sh
# bench/lockstep: two commands on one CPU, their outputs, their failures.
TESTS += t/lockstep.sh
EXTRA_DIST += t/lockstep.sh
# The counters of a timed command, inherited by what it starts.
TESTS += t/cmd-counters.sh
EXTRA_DIST += t/cmd-counters.sh
# Per-call times: the clock's cost off, every call kept, outliers shown.
check_PROGRAMS += t/latency-t
t_latency_t_SOURCES = t/latency-t.c
t_latency_t_LDADD = $(AIM_T_LDADD)
TESTS += t/latency-t
# The mem family end to end: patterns, distributions stored and printed.
TESTS += t/memfam.sh
EXTRA_DIST += t/memfam.sh
# aimdb list counts every sample of a run.
TESTS += t/list-samples.sh
EXTRA_DIST += t/list-samples.sh
# aimdb list reads run summaries the writers keep true, and picks runs.
TESTS += t/list-summary.sh
EXTRA_DIST += t/list-summary.sh
# Sampling until precise or decided: the levels per look and a small
# simulation of peeking after every round (lib/stats/seq*.c).
check_PROGRAMS += t/seq-t
TESTS += t/seq-t
t_seq_t_SOURCES = t/seq-t.c
t_seq_t_LDADD = $(STATS_T_LDADD)
# aimrun's rounds until precise or decided, with the runs and the clock
# faked, and the base read back from a database.
check_PROGRAMS += t/rounds-t
TESTS += t/rounds-t
t_rounds_t_SOURCES = t/rounds-t.c
t_rounds_t_LDADD = $(AIM_T_LDADD)
TESTS += t/rounds.sh
EXTRA_DIST += t/rounds.sh
# aimrun --copies: the barrier, the sums per interval, the refusals.
check_PROGRAMS += t/copies-t
t_copies_t_SOURCES = t/copies-t.c
t_copies_t_LDADD = $(AIM_T_LDADD)
TESTS += t/copies-t
# aimrun --scale, aimcmp like with like and --scaling, aimplot --scaling.
TESTS += t/copies.sh
EXTRA_DIST += t/copies.sh
# Schema version 5 from a file written at version 4.
TESTS += t/schema-v5.sh
EXTRA_DIST += t/schema-v5.sh t/data/schema-v4.sql
# Schema version 6 (run summaries) from a file written at version 5.
TESTS += t/schema-v6.sh
EXTRA_DIST += t/schema-v6.sh t/data/schema-v5.sql
# Version 8 (the kernel's monitors and log) from a file of version 5.
TESTS += t/schema-kernel.sh
EXTRA_DIST += t/schema-kernel.sh
# aimrun modes together: sweeps and canaries, refused combinations.
TESTS += t/option-combos.sh
EXTRA_DIST += t/option-combos.sh
# lib/store/db.h on SQLite: the engine-independent body of t/dbfx.c.
check_PROGRAMS += t/db-api-t
TESTS += t/db-api-t
t_db_api_t_SOURCES = t/db-api-t.c t/dbfx.c t/dbfx.h t/dbval.c t/dbval.h t/storefx.c t/storefx.h
t_db_api_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(LIBS)
# Readers of a hostile file (run a view that never ends) end at once.
TESTS += t/robust-hostile.sh
EXTRA_DIST += t/robust-hostile.sh
# A statement of a hostile file stopped past its limit (db_sqlite.c).
check_PROGRAMS += t/db-limit-t
TESTS += t/db-limit-t
t_db_limit_t_SOURCES = t/db-limit-t.c t/storefx.c t/storefx.h
t_db_limit_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(LIBS)
# The storage seam: SQLite named only by its backend and open path.
TESTS += t/db-seam.sh
EXTRA_DIST += t/db-seam.sh
# A new run's uuid and the times now, made by the store in C.
check_PROGRAMS += t/store-made-t
TESTS += t/store-made-t
t_store_made_t_SOURCES = t/store-made-t.c t/storefx.c t/storefx.h
t_store_made_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(LIBS)
# aimcmp --scaling as CSV (read back by libcsv), JSON (parsed by json-c),
# Markdown and text, the same figures in each.
check_PROGRAMS += t/scaling-t
t_scaling_t_SOURCES = t/scaling-t.c t/cmpfx.c t/cmpfx.h
t_scaling_t_LDADD = t/libtap.a $(REPORT_LDADD)
TESTS += t/scaling-t
# The noisy samples listed at the end of a run, on made-up samples.
check_PROGRAMS += t/noisy-t
t_noisy_t_SOURCES = t/noisy-t.c
t_noisy_t_LDADD = $(AIM_T_LDADD)
TESTS += t/noisy-t
TESTS += t/noisy-end.sh
EXTRA_DIST += t/noisy-end.sh
# A test runs in harness/aimrun-test: what its process maps and inherits,
# where aimrun finds it; the configuration block checked field by field.
TESTS += t/lean-child.sh
EXTRA_DIST += t/lean-child.sh
check_PROGRAMS += t/child-wire-t
TESTS += t/child-wire-t
t_child_wire_t_SOURCES = t/child-wire-t.c
t_child_wire_t_LDADD = $(AIM_T_LDADD)
# Which names are PostgreSQL servers (lib/store/dbtarget.c), hostile file
# names included.
check_PROGRAMS += t/dbtarget-t
TESTS += t/dbtarget-t
t_dbtarget_t_SOURCES = t/dbtarget-t.c
t_dbtarget_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(PQ_LIBS) $(LIBS)
# The PostgreSQL backend (lib/store/pg/db_pg*.c), the schema and opening a store
# there: each program runs with a server of t/pg-lib.sh (a private
# cluster, or $AIM_TEST_PG) through its t/*.sh, which skips without one.
EXTRA_DIST += t/pg-lib.sh t/pg-cluster.sh t/db-pg.sh t/schema-pg-sync.sh \
	t/store-pg.sh
if HAVE_LIBPQ
check_PROGRAMS += t/db-pg-sql-t t/db-pg-t t/schema-pg-sync-t t/store-pg-t
TESTS += t/db-pg-sql-t t/db-pg.sh t/schema-pg-sync.sh t/store-pg.sh
PG_T_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)
t_db_pg_sql_t_SOURCES = t/db-pg-sql-t.c
t_db_pg_sql_t_LDADD = $(PG_T_LDADD)
t_db_pg_t_SOURCES = t/db-pg-t.c t/pgfx.c t/pgfx.h t/dbval.c t/dbval.h
t_db_pg_t_LDADD = $(PG_T_LDADD)
t_schema_pg_sync_t_SOURCES = t/schema-pg-sync-t.c t/pgfx.c t/pgfx.h
t_schema_pg_sync_t_LDADD = $(PG_T_LDADD)
t_store_pg_t_SOURCES = t/store-pg-t.c t/pgfx.c t/pgfx.h
t_store_pg_t_LDADD = $(PG_T_LDADD)
endif
# Zero-page memcmp: --zerosize, the skip for short memory, the THP facts.
TESTS += t/memfam-zero.sh
EXTRA_DIST += t/memfam-zero.sh
# The Hodges-Lehmann shift and its interval (aimcmp --latency).
check_PROGRAMS += t/stats-shift-t
t_stats_shift_t_SOURCES = t/stats-shift-t.c
t_stats_shift_t_LDADD = $(STATS_T_LDADD)
TESTS += t/stats-shift-t
# aimcmp --latency: planted histograms, known shifts, every format.
TESTS += t/aimcmp-latency.sh
EXTRA_DIST += t/aimcmp-latency.sh
# aimplot --latency: bars of hot and cold per routine, a CDF per variant.
TESTS += t/plot-latency.sh
EXTRA_DIST += t/plot-latency.sh
# What every program shares: write errors exit 2, --help in 80 columns,
# errors under the program's name, --version with the schema version.
TESTS += t/conventions.sh
EXTRA_DIST += t/conventions.sh
# aimcmp --format junit and tap, read by a schema and a TAP parser.
TESTS += t/cmp-ci.sh
EXTRA_DIST += t/cmp-ci.sh t/data/junit.xsd
# Bash completion: options as --help lists them, suites, tests, tags
# (never evaluated), formats.
TESTS += t/completion.sh
EXTRA_DIST += t/completion.sh
# aimdb merge of a missing database names it as the one to merge from.
TESTS += t/merge-missing.sh
EXTRA_DIST += t/merge-missing.sh
# aimrun --list: one name column as wide as the longest name.
TESTS += t/list-width.sh
EXTRA_DIST += t/list-width.sh
# aimdb import of aimcmp --format lines with its statistics columns.
TESTS += t/import-lines-stats.sh
EXTRA_DIST += t/import-lines-stats.sh
# The CSV export's uuid, judged, better and copies, kept by its import.
TESTS += t/csv-identity.sh
EXTRA_DIST += t/csv-identity.sh
# aimrun --threads: copies as threads of one test process.
TESTS += t/threads.sh
EXTRA_DIST += t/threads.sh
check_PROGRAMS += t/threads-t
t_threads_t_SOURCES = t/threads-t.c
t_threads_t_LDADD = $(AIM_T_LDADD)
TESTS += t/threads-t

# Every command against a server (t/pg-lib.sh): a schema of its own per
# script, made and dropped by t/pgschema.
EXTRA_DIST += t/pg-e2e.sh
if HAVE_LIBPQ
check_PROGRAMS += t/pgschema
t_pgschema_SOURCES = t/pgschema.c
t_pgschema_LDADD = $(PG_T_LDADD)
TESTS += t/pg-e2e.sh
endif
# store_open reaches a server too: every program that opens a store.
t_store_made_t_LDADD += $(PQ_LIBS)
t_db_api_t_LDADD += $(PQ_LIBS)
t_db_limit_t_LDADD += $(PQ_LIBS)
# The server lost in the middle of a run (a private cluster halted).
EXTRA_DIST += t/pg-loss.sh
if HAVE_LIBPQ
TESTS += t/pg-loss.sh
endif
# The same bytes from both engines for the same data.
EXTRA_DIST += t/pg-same.sh
if HAVE_LIBPQ
TESTS += t/pg-same.sh
endif
# The data scripts again with their database on a server (t/pg-suite.sh):
# about a minute, so not part of make check; .ci/run runs it.
EXTRA_DIST += t/pg-suite.sh
check-pg: all $(check_PROGRAMS)
	AIM_SRCDIR='$(abs_top_srcdir)' AIM_BUILDDIR='$(abs_top_builddir)' \
		$(SHELL) $(srcdir)/t/pg-suite.sh
.PHONY: check-pg
# Close-on-exec from a descriptor up, by close_range and by /proc/self/fd.
check_PROGRAMS += t/fdclose-t
TESTS += t/fdclose-t
t_fdclose_t_SOURCES = t/fdclose-t.c
t_fdclose_t_LDADD = t/libtap.a harness/libharness.a
# A program bound at start keeps the whole of libm from what it forks.
check_PROGRAMS += t/dontfork-now-t
TESTS += t/dontfork-now-t
t_dontfork_now_t_SOURCES = t/dontfork-now-t.c
t_dontfork_now_t_LDADD = t/libtap.a harness/child/libchild.a -lm
t_dontfork_now_t_LDFLAGS = $(AM_LDFLAGS) -Wl,-z,now
# aimdb push: runs sent to another database by uuid, complete ones only.
TESTS += t/push.sh
EXTRA_DIST += t/push.sh
# Three machines pushing into one store; --host; cross-host refusal.
TESTS += t/fleet.sh
EXTRA_DIST += t/fleet.sh
# A server's schema as strict as a file's; doc/fleet.md's roles.
TESTS += t/pg-roles.sh
EXTRA_DIST += t/pg-roles.sh
# Writers racing on one store (imports, hashes, renames, pushes), both engines.
TESTS += t/race.sh
EXTRA_DIST += t/race.sh
# A run known by its content: one run's logfile and spreadsheet, a resend.
TESTS += t/import-same.sh
EXTRA_DIST += t/import-same.sh
# bench/fleet-load.sh small: concurrent writers and readers, a restart.
TESTS += t/fleet-load.sh
EXTRA_DIST += t/fleet-load.sh
# aimcmp: the canary median moved between the sides (machine speed).
TESTS += t/canary-speed.sh
EXTRA_DIST += t/canary-speed.sh
# What a test process and its programs hold open (nothing of the caller's).
TESTS += t/child-fds.sh t/robust-lib-exit.sh
EXTRA_DIST += t/child-fds.sh t/robust-lib-exit.sh
# Sizes in G for --memsize, --filesize and suite files; 65G refused.
TESTS += t/size-units.sh
EXTRA_DIST += t/size-units.sh
# make install DESTDIR=: the data files the tests execute are 0755.
TESTS += t/install-modes.sh
EXTRA_DIST += t/install-modes.sh
# aimdb rm and rename make no database: a missing or empty file, an
# empty server schema (skipped without a server).
TESTS += t/edit-empty.sh
EXTRA_DIST += t/edit-empty.sh
# aimrun holds no path of its build or source tree; aimrun-srcdir.
TESTS += t/repro-paths.sh
EXTRA_DIST += t/repro-paths.sh
# SQL against a test's database on either engine, for the scripts make
# check-pg runs on PostgreSQL too.
EXTRA_DIST += t/db-sql.sh
# Rows sent many at a time (db_bulk_*, lib/store/store_rows.c): hostile strings
# and extreme numbers read back, refused rows leaving nothing, on SQLite
# and (t/bulk-pg.sh, skipped without one) on a server.
check_PROGRAMS += t/bulk-t
TESTS += t/bulk-t
t_bulk_t_SOURCES = t/bulk-t.c t/bulkfx.c t/bulkfx.h t/dbval.c t/dbval.h t/storefx.c t/storefx.h
t_bulk_t_LDADD = t/libtap.a lib/store/libstore.a lib/core/libcore.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)
EXTRA_DIST += t/bulk-pg.sh
if HAVE_LIBPQ
check_PROGRAMS += t/bulk-pg-t
TESTS += t/bulk-pg.sh
t_bulk_pg_t_SOURCES = t/bulk-pg-t.c t/bulkfx.c t/bulkfx.h t/dbval.c t/dbval.h t/pgfx.c t/pgfx.h
t_bulk_pg_t_LDADD = $(PG_T_LDADD)
endif
# The layers held by the build (HACKING.md, "Layers"): an include of a
# layer above is a compile error with the flags make compiles each layer
# with (t/layers.env, written from the same variables), and no object
# uses a symbol of a layer it may not (nm over the archives).
TESTS += t/layers.sh
EXTRA_DIST += t/layers.sh t/layers/probe.c
check_DATA = t/layers.env
CLEANFILES += t/layers.env
t/layers.env: Makefile
	$(AM_V_GEN){ \
	echo "CC='$(CC)'"; \
	echo "FLAGS='$(DEFS) $(DEFAULT_INCLUDES) $(CPPFLAGS) $(AM_CFLAGS) $(CFLAGS)'"; \
	echo "core='$(lib_core_libcore_a_CPPFLAGS)'"; \
	echo "out='$(lib_out_libout_a_CPPFLAGS)'"; \
	echo "stats='$(lib_stats_libstats_a_CPPFLAGS)'"; \
	echo "store='$(lib_store_libstore_a_CPPFLAGS)'"; \
	echo "tests='$(tests_aim_libaimtests_a_CPPFLAGS)'"; \
	echo "child='$(harness_child_libchild_a_CPPFLAGS)'"; \
	echo "aimrun_test='$(harness_aimrun_test_CPPFLAGS)'"; \
	echo "harness='$(harness_libharness_a_CPPFLAGS)'"; \
	echo "aimrun='$(harness_aimrun_CPPFLAGS)'"; \
	echo "query='$(report_query_libquery_a_CPPFLAGS)'"; \
	echo "report='$(report_libreport_a_CPPFLAGS)'"; \
	echo "aimcmp='$(report_aimcmp_CPPFLAGS)'"; \
	echo "aimdb='$(report_aimdb_CPPFLAGS)'"; \
	echo "aimplot='$(report_aimplot_CPPFLAGS)'"; \
	echo "plan='$(plan_libplan_a_CPPFLAGS)'"; \
	echo "aimplan='$(plan_aimplan_CPPFLAGS)'"; \
	echo "aimplan_init='$(plan_aimplan_init_CPPFLAGS)'"; \
	} >$@
# The record of a run and its validator (lib/core/record*.c).
check_PROGRAMS += t/record-t
t_record_t_SOURCES = t/record-t.c
t_record_t_LDADD = t/libtap.a lib/core/libcore.a $(LIBS)
TESTS += t/record-t
# The scripts' reading of the CSV export by position.
EXTRA_DIST += t/csv-lib.sh
# Each defect of issue 25 as it was met: histograms lost by every move,
# timed commands that could not move, a push stopped at the first run it
# could not take, paths disagreeing on what a run may hold, --tests
# checked against the catalog instead of the data.
TESTS += t/record-defects.sh
EXTRA_DIST += t/record-defects.sh
# A run moves whole: every kind of run through JSON, CSV, merge and push,
# aimdb diff finding the copy equal, on SQLite files and on a server.
TESTS += t/record-move.sh
EXTRA_DIST += t/record-move.sh
# The README's set-up commands (t/readme-cmd.sh, which .ci/check-fresh
# runs in a fresh chroot) install every package configure and the tests
# need (need, t/need.sh: a missing one fails, never skips).
TESTS += t/readme-setup.sh
EXTRA_DIST += t/readme-setup.sh t/readme-cmd.sh t/need.sh
# The kernel's monitors: each file of the table, readings of a made-up
# /proc and their changes, the timed loop's span around the warm-up and
# the samples.
check_PROGRAMS += t/monitor-t
t_monitor_t_SOURCES = t/monitor-t.c
t_monitor_t_LDADD = $(AIM_T_LDADD)
TESTS += t/monitor-t
# The kernel log: records parsed, a made-up log read from where it ended.
check_PROGRAMS += t/klog-t
t_klog_t_SOURCES = t/klog-t.c
t_klog_t_LDADD = $(AIM_T_LDADD)
TESTS += t/klog-t
# The kernel's monitors for real and planted, aimcmp --monitors in every
# format, a kernel warning written into a made-up log during a run
# (check-pg runs it on PostgreSQL too).
TESTS += t/monitors.sh
EXTRA_DIST += t/monitors.sh
# The licence: COPYING, debian/copyright, the SPDX line of every source
# file (build-aux/spdx-add).
TESTS += t/licence.sh
EXTRA_DIST += t/licence.sh
# Every example of README.md, doc/*.md and the man pages, run as written.
TESTS += t/doc-examples.sh
EXTRA_DIST += t/doc-examples.sh
