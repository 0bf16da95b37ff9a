# SPDX-License-Identifier: GPL-2.0-or-later
# report/plot/: aimplot's gnuplot scripts, tag ordering and change points.
# The modules join the report library so that the unit tests link the
# code aimplot runs, and so that aimcmp can list the same change points.
report_libreport_a_SOURCES += \
	report/plot/plot.c report/plot/plot.h report/plot/plot_model.c \
	report/plot/plot_page.c report/plot/plot_page.h \
	report/plot/plot_run.c report/plot/plot_run.h \
	report/plot/plot_scaling.c report/plot/plot_scaling.h \
	report/plot/plot_latency.c report/plot/plot_latency.h \
	report/plot/series.c report/plot/series.h \
	report/plot/series_db.c report/plot/series_out.c \
	report/plot/series_db.h \
	report/plot/series_hosts.c \
	report/plot/tagorder.c report/plot/tagorder.h

check_PROGRAMS += t/tagorder-t t/series-t
t_tagorder_t_SOURCES = t/tagorder-t.c
t_tagorder_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_series_t_SOURCES = t/series-t.c
t_series_t_LDADD = t/libtap.a $(REPORT_LDADD)

TESTS += t/tagorder-t t/series-t t/plot.sh t/plot-many.sh t/series-cmp.sh \
	t/series-window.sh
EXTRA_DIST += t/plot.sh t/plot-many.sh t/series-cmp.sh t/series-window.sh \
	bench/plot-bench.sh doc/trend.png \
	t/data/report/steps.csv t/data/report/steps.json \
	t/data/plot/2.6.20.txt t/data/plot/relative.gp \
	t/data/plot/script.gp t/data/plot/series.csv t/data/plot/steps.txt
