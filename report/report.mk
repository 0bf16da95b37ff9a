# SPDX-License-Identifier: GPL-2.0-or-later
# report/: aimcmp, aimdb and aimplot, the commands that read and look
# after the results database, with what they share on the command line
# (cli.c) and aimdb's export (export.c).  Their modules form one library
# (report/libreport.a, its parts in compare/, format/, import/ and plot/)
# over the readers' (report/query/libquery.a), so the unit tests link
# exactly the code the commands run.
report_libreport_a_SOURCES += \
	report/cli.c report/cli_tests.c report/cli.h report/cli_verb.c \
	report/export.c report/export_csv.c report/export_uuid.c report/export.h

bin_PROGRAMS += report/aimcmp report/aimdb
report_aimcmp_SOURCES = report/aimcmp.c report/aimcmp_opts.c report/aimcmp_opts.h
report_aimcmp_CPPFLAGS = $(REPORT_CPPFLAGS)
report_aimcmp_LDADD = $(REPORT_LDADD)
report_aimdb_SOURCES = report/aimdb.c report/aimdb.h \
	report/aimdb_admin.c report/aimdb_edit.c report/aimdb_io.c \
	report/aimdb_export.c report/aimdb_copy.c report/aimdb_copy_jobs.c \
	report/aimdb_diff.c \
	report/aimdb_merge.c \
	report/aimdb_push.c
report_aimdb_CPPFLAGS = $(REPORT_CPPFLAGS)
report_aimdb_LDADD = $(REPORT_LDADD)

bin_PROGRAMS += report/aimplot
report_aimplot_SOURCES = report/aimplot.c
report_aimplot_CPPFLAGS = $(REPORT_CPPFLAGS)
report_aimplot_LDADD = $(REPORT_LDADD)

dist_man_MANS += doc/aimcmp.1 doc/aimdb.1 doc/aimplot.1

TESTS += t/report.sh t/html.sh
EXTRA_DIST += t/report.sh t/html.sh doc/report-html.png \
	t/data/report/bad-columns.csv t/data/report/bad-line.suite9 \
	t/data/report/bare.txt t/data/report/cmp.csv t/data/report/cmp.json \
	t/data/report/cmp.md t/data/report/cmp.txt t/data/report/junk.bin \
	t/data/report/logfile.suite9 t/data/report/logfile.txt \
	t/data/report/nway.csv t/data/report/nway.json t/data/report/nway.md \
	t/data/report/nway.txt t/data/report/quicklist.txt \
	t/data/report/repeated.md t/data/report/repeated.txt \
	t/data/report/run.txt t/data/report/runs-same-tag.txt \
	t/data/report/samples.csv t/data/report/show-bare.txt \
	t/data/report/ss.txt t/data/report/suite9.ss \
	t/data/report/tests-sort.txt t/data/report/truncated.txt \
	t/data/report/two-reports.txt t/data/report/unknown-test.csv \
	t/data/report/unknown-test.txt t/data/report/wrong-columns.txt
dist_doc_DATA += doc/bisect.md doc/ci.md
