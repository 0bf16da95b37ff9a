# report/ plotting: aimplot, tag ordering and change points.  The modules
# join the report library so that the unit tests link the code aimplot
# runs, and so that aimcmp can list the same change points.
report_libreport_a_SOURCES += \
	report/plot.c report/plot.h report/plot_model.c \
	report/plot_run.c report/plot_run.h \
	report/plot_scaling.c report/plot_scaling.h \
	report/plot_latency.c report/plot_latency.h \
	report/query_plot.c report/query_plot.h \
	report/series.c report/series.h \
	report/series_db.c report/series_db.h report/series_hosts.c \
	report/tagorder.c report/tagorder.h

bin_PROGRAMS += report/aimplot
report_aimplot_SOURCES = report/aimplot.c
report_aimplot_LDADD = $(REPORT_LDADD)

dist_man_MANS += doc/aimplot.1

check_PROGRAMS += t/tagorder-t t/series-t
t_tagorder_t_SOURCES = t/tagorder-t.c
t_tagorder_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_series_t_SOURCES = t/series-t.c
t_series_t_LDADD = t/libtap.a $(REPORT_LDADD)

TESTS += t/tagorder-t t/series-t t/plot.sh t/series-cmp.sh
EXTRA_DIST += t/plot.sh t/series-cmp.sh bench/plot-bench.sh doc/trend.png \
	t/data/report/steps.csv t/data/report/steps.json \
	t/data/plot/2.6.20.txt t/data/plot/relative.gp \
	t/data/plot/script.gp t/data/plot/series.csv t/data/plot/steps.txt
