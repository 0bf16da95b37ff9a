# SPDX-License-Identifier: GPL-2.0-or-later
# report/query/: the readers of the results database, the only SQL of
# report/ (query_record.c reads a run whole into its record from any
# schema version, query_uuid.c every run by uuid; query_plot.c the series
# of aimplot; query_hist.c the buckets of per-call histograms;
# query_admin.c what aimdb edits and checks, query_list.c what aimdb list
# shows; query_same.c the stored run of a new run's content).  A layer of
# its own below the rest of report/: it sees lib/core, lib/stats and
# lib/store only.
report_query_libquery_a_SOURCES += \
	report/query/query.c report/query/query.h report/query/query_int.h \
	report/query/query_admin.c report/query/query_admin.h \
	report/query/query_list.c \
	report/query/query_hist.c report/query/query_hist.h \
	report/query/query_kernel.c \
	report/query/query_record.c report/query/query_uuid.c \
	report/query/query_same.c \
	report/query/query_plot.c report/query/query_plot.h \
	report/query/query_plan.c report/query/query_plan.h
