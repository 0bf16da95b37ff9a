# report/: aimcmp and aimdb, the commands that read and look after the
# results database.  Their modules form one library so the unit tests link
# exactly the code the commands run.
lib_libaim_a_SOURCES += lib/dbpath.c lib/dbpath.h

noinst_LIBRARIES += report/libreport.a
report_libreport_a_SOURCES = \
	report/cli.c report/cli.h report/cli_verb.c \
	report/compare.c report/compare.h report/compare_value.c \
	report/compare_env.c report/compare_env.h \
	report/compare_noise.c report/compare_sizing.c \
	report/csvout.c report/csvout.h \
	report/filehash.c report/filehash.h \
	report/export.c report/export.h \
	report/fmt.h report/fmt_common.c report/fmt_csv.c \
	report/fmt_html.c report/fmt_json.c report/fmt_md.c \
	report/fmt_table.c report/fmt_text.c report/fmt_ci.c \
	report/import.c report/import.h report/import_int.h \
	report/import_classic.c report/import_csv.c report/import_csv_id.c \
	report/import_log.c \
	report/import_store.c \
	report/jsonout.c report/jsonout.h \
	report/query.c report/query.h report/query_int.h \
	report/query_admin.c report/query_admin.h \
	report/query_metric.c report/query_plan.c report/query_plan.h \
	report/svg.c report/svg.h

# What a test measures comes from the database (and lib/catalog.c for
# imports), so the readers link neither the tests nor the harness
# (t/report-measured.sh holds them to it).
REPORT_LDADD = report/libreport.a lib/libaim.a $(SQLITE3_LIBS) $(PQ_LIBS) \
	$(JSONC_LIBS) $(GSL_LIBS) $(LIBS) $(NETTLE_LIBS)

bin_PROGRAMS += report/aimcmp report/aimdb
report_aimcmp_SOURCES = report/aimcmp.c report/aimcmp_opts.c report/aimcmp_opts.h
report_aimcmp_LDADD = $(REPORT_LDADD)
report_aimdb_SOURCES = report/aimdb.c report/aimdb.h \
	report/aimdb_admin.c report/aimdb_edit.c report/aimdb_io.c \
	report/aimdb_merge.c report/aimdb_push.c
report_aimdb_LDADD = $(REPORT_LDADD)

dist_man_MANS += doc/aimcmp.1 doc/aimdb.1

check_PROGRAMS += t/compare-t t/import-t t/verdict-t
t_compare_t_SOURCES = t/compare-t.c t/cmpfx.c t/cmpfx.h
t_compare_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_verdict_t_SOURCES = t/verdict-t.c t/cmpfx.c t/cmpfx.h
t_verdict_t_LDADD = t/libtap.a $(REPORT_LDADD)
t_import_t_SOURCES = t/import-t.c
t_import_t_LDADD = t/libtap.a $(REPORT_LDADD)

TESTS += t/compare-t t/import-t t/verdict-t t/report.sh t/html.sh
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

# aimdb import recognises a file imported before by its SHA-256 (Nettle).
AM_CFLAGS += $(NETTLE_CFLAGS)
report_libreport_a_SOURCES += report/import_num.c report/compare_env_known.c
report_libreport_a_SOURCES += report/compare_mode.c
report_libreport_a_SOURCES += report/import_index.c report/import_index.h
report_libreport_a_SOURCES += report/import_classic_mend.c
report_libreport_a_SOURCES += report/import_mmtests.c report/import_lkp.c \
	report/import_peer.c
report_libreport_a_SOURCES += report/import_json.c
report_libreport_a_SOURCES += report/import_cmpblock.c
report_libreport_a_SOURCES += report/compare_counters.c report/fmt_counters.c
report_libreport_a_SOURCES += report/compare_scaling.c report/compare_scaling.h \
	report/scaling_out.c

# The identity of a run of the JSON export, kept by import and merge.
report_libreport_a_SOURCES += report/import_json_id.c report/import_json.h

# aimcmp --classify (bisect), per-process levels and boots in the table.
report_libreport_a_SOURCES += report/classify.c report/classify.h \
	report/compare_levels.c report/compare_boots.c

# aimcmp --latency: per-call histograms compared (p50, p99 shifts).
report_libreport_a_SOURCES += report/query_hist.c report/query_hist.h \
	report/compare_latency.c report/compare_latency.h report/fmt_latency.c
dist_doc_DATA += doc/bisect.md doc/ci.md
