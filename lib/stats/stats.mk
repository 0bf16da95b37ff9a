# SPDX-License-Identifier: GPL-2.0-or-later
# lib/stats/: the statistics of aimcmp's verdicts (doc/statistics.md),
# with GSL.
lib_stats_libstats_a_SOURCES += lib/stats/stats.c lib/stats/stats.h \
	lib/stats/stats_cmp.c lib/stats/stats_shift.c

check_PROGRAMS += t/stats-run-t t/stats-t t/stats-sim-t t/stats-peak-sim-t
TESTS += t/stats-run-t t/stats-t t/stats-sim-t t/stats-peak-sim-t
STATS_T_LDADD = t/libtap.a lib/stats/libstats.a lib/core/libcore.a $(GSL_LIBS) $(LIBS)
t_stats_run_t_SOURCES = t/stats-run-t.c
t_stats_run_t_LDADD = $(STATS_T_LDADD)
t_stats_t_SOURCES = t/stats-t.c
t_stats_t_LDADD = $(STATS_T_LDADD)
t_stats_sim_t_SOURCES = t/stats-sim-t.c
t_stats_sim_t_LDADD = $(STATS_T_LDADD)
t_stats_peak_sim_t_SOURCES = t/stats-peak-sim-t.c
t_stats_peak_sim_t_LDADD = $(STATS_T_LDADD)
# lib/stats/seq*: sampling until precise or decided (doc/statistics.md).
lib_stats_libstats_a_SOURCES += lib/stats/seq.c lib/stats/seq.h \
	lib/stats/seq_sim.c lib/stats/seq_sim_host.c
# What makes a sample or a round noisy: one rule for aimrun and aimcmp.
lib_stats_libstats_a_SOURCES += lib/stats/noise.c lib/stats/noise.h
