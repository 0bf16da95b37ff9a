# SPDX-License-Identifier: GPL-2.0-or-later
# report/compare/: aimcmp's table, pure: rows, centres, verdicts and the
# warnings beside them, on what report/query/ read.
report_libreport_a_SOURCES += \
	report/compare/compare.c report/compare/compare.h \
	report/compare/compare_value.c \
	report/compare/compare_env.c report/compare/compare_env.h \
	report/compare/compare_noise.c
report_libreport_a_SOURCES += report/compare/compare_counters.c
# aimcmp --monitors and the kernel log's lines of the sides.
report_libreport_a_SOURCES += report/compare/compare_monitors.c \
	report/compare/compare_klog.c
report_libreport_a_SOURCES += report/compare/compare_scaling.c \
	report/compare/compare_scaling.h
# aimcmp --classify (bisect), per-process levels and boots in the table.
report_libreport_a_SOURCES += report/compare/classify.c \
	report/compare/classify.h report/compare/compare_levels.c \
	report/compare/compare_boots.c report/compare/compare_seq.c \
	report/compare/compare_warn.c
# Sizing from the variance components, and the plans behind the runs.
report_libreport_a_SOURCES += report/compare/compare_sizing.c
# aimcmp --latency: per-call histograms compared (p50, p99 shifts).
report_libreport_a_SOURCES += report/compare/compare_latency.c \
	report/compare/compare_latency.h

check_PROGRAMS += t/compare-t t/verdict-t t/judged-t
TESTS += t/compare-t t/verdict-t t/judged-t t/gate.sh t/seq-verdict.sh
EXTRA_DIST += t/gate.sh t/seq-verdict.sh
t_judged_t_SOURCES = t/judged-t.c t/cmpfx.c t/cmpfx.h
t_judged_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_compare_t_SOURCES = t/compare-t.c t/cmpfx.c t/cmpfx.h
t_compare_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_verdict_t_SOURCES = t/verdict-t.c t/cmpfx.c t/cmpfx.h
t_verdict_t_LDADD = t/libtap.a $(REPORT_LDADD)
