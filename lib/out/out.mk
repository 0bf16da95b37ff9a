# SPDX-License-Identifier: GPL-2.0-or-later
# lib/out/: the JSON (json-c) and CSV (libcsv) writers of every program
# that prints data: strings from data reach them only through these.
lib_out_libout_a_SOURCES += \
	lib/out/csvout.c lib/out/csvout.h \
	lib/out/jsonout.c lib/out/jsonout.h
