# SPDX-License-Identifier: GPL-2.0-or-later
# report/import/: aimdb import: the formats it reads, whence their
# samples are stored (import_store.c), and the SHA-256 by which a file
# imported before is known (filehash.c, Nettle).
AM_CFLAGS += $(NETTLE_CFLAGS)
report_libreport_a_SOURCES += \
	report/import/filehash.c report/import/filehash.h \
	report/import/import.c report/import/import.h \
	report/import/import_int.h \
	report/import/import_table.c report/import/import_unzip.c \
	report/import/import_mime.c report/import/import_name.c \
	report/import/import_classic_head.c \
	report/import/import_lkpcmp.c report/import/import_lkpcmp_head.c \
	report/import/import_classic.c report/import/import_csv.c \
	report/import/import_csv_id.c report/import/import_csv.h \
	report/import/import_log.c \
	report/import/import_store.c
report_libreport_a_SOURCES += report/import/import_num.c
report_libreport_a_SOURCES += report/import/import_index.c \
	report/import/import_index.h
report_libreport_a_SOURCES += report/import/import_classic_mend.c
report_libreport_a_SOURCES += report/import/import_mmtests.c \
	report/import/import_mmcmp.c \
	report/import/import_lkp.c report/import/import_peer.c
report_libreport_a_SOURCES += report/import/import_json.c
report_libreport_a_SOURCES += report/import/import_blocks.c \
	report/import/import_lines.c
# The identity of a run of the JSON export, kept by import and merge.
report_libreport_a_SOURCES += report/import/import_json_id.c \
	report/import/import_json.h

check_PROGRAMS += t/import-t
TESTS += t/import-t
t_import_t_SOURCES = t/import-t.c t/importfx.c t/importfx.h
t_import_t_LDADD = t/libtap.a $(REPORT_LDADD)
