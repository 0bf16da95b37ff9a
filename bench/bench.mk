# SPDX-License-Identifier: GPL-2.0-or-later
# bench/: programs and scripts that print speed figures (never asserted).
noinst_PROGRAMS = bench/overhead
bench_overhead_SOURCES = bench/overhead.c bench/paired_ratio.c \
	bench/paired_ratio.h
bench_overhead_LDADD = $(AIM_LDADD)
EXTRA_DIST += bench/suite-walltime.sh bench/calibrate.sh bench/invocations.sh \
	bench/decided.sh
EXTRA_DIST += bench/dbopen.sh bench/reopen-race.sh
EXTRA_DIST += bench/import-speed.sh bench/import-lkp.sh
EXTRA_DIST += bench/cmp-scale.sh bench/judged.sh
# Whole runs moved at scale: push, merge and import, rates and memory.
EXTRA_DIST += bench/move-speed.sh
# The references of bench/side-by-side.sh (and ratio.sh): small, linking
# nothing of aimkit, and compiled -O2 as tests-aim/ is, so that jmp_test
# and the chains meet the same code; the message sizes and the chains'
# register barriers are the tests' own headers.
noinst_PROGRAMS += bench/ratioref
bench_ratioref_SOURCES = bench/ratioref.c bench/ratioref.h \
	bench/ratioref_sys.c bench/ratioref_ipc.c bench/ratioref_cpu.c
bench_ratioref_CFLAGS = $(AM_CFLAGS) -O2
# Their summary: paired ratios with intervals (lib/stats/).
noinst_PROGRAMS += bench/paired
bench_paired_SOURCES = bench/paired.c bench/paired_ratio.c \
	bench/paired_ratio.h
bench_paired_LDADD = $(AIM_LDADD)
# Its lockstep mode (SBS_LOCKSTEP): aimrun and the reference on one CPU
# in alternating slices, so the host's moments fall on both alike.
noinst_PROGRAMS += bench/lockstep
bench_lockstep_SOURCES = bench/lockstep.c
bench_lockstep_LDADD = lib/core/libcore.a
EXTRA_DIST += bench/ratio.sh bench/side-by-side.sh bench/levels.sh \
	bench/runs-split.sh
EXTRA_DIST += bench/mem-vs-perf.sh
noinst_PROGRAMS += bench/seq-sim
bench_seq_sim_SOURCES = bench/seq-sim.c
bench_seq_sim_LDADD = $(AIM_LDADD)
# What libm in a forked child costs each fork (the test process keeps it
# from them, harness/child/child.c).
noinst_PROGRAMS += bench/forklibm
bench_forklibm_SOURCES = bench/forklibm.c
bench_forklibm_LDADD = harness/child/libchild.a -lm
# aimrun's open per result, on a file or a server (bench/pg-speed.sh).
noinst_PROGRAMS += bench/storeopen
bench_storeopen_SOURCES = bench/storeopen.c
bench_storeopen_LDADD = $(AIM_LDADD)
EXTRA_DIST += bench/pg-speed.sh
# 50 writers and aimcmp readers on SQLite and a server, a restart, scale.
EXTRA_DIST += bench/fleet-load.sh
# Is a CPU test's level its process's or the host's (doc/statistics.md,
# "Levels"): a parent and fresh children take turns at the test's run().
noinst_PROGRAMS += bench/levels
bench_levels_SOURCES = bench/levels.c
bench_levels_LDADD = $(AIM_LDADD)
# Boots as the unit and the design for a change, simulated with known
# variance components (doc/statistics.md, "Boots and sizing").
noinst_PROGRAMS += bench/sizing-sim
bench_sizing_sim_SOURCES = bench/sizing-sim.c
bench_sizing_sim_LDADD = $(AIM_LDADD)
