# SPDX-License-Identifier: GPL-2.0-or-later
# lib/core/: what every program and layer shares (the measurement record,
# the catalog, the clock, parsing, strings, logging, files): the C library
# and libm only.
lib_core_libcore_a_SOURCES += \
	lib/core/catalog.c lib/core/catalog.h \
	lib/core/classic.c lib/core/classic.h \
	lib/core/clock.c lib/core/clock.h \
	lib/core/log.c lib/core/log.h \
	lib/core/measure.c lib/core/measure.h \
	lib/core/parse.c lib/core/parse.h \
	lib/core/record.c lib/core/record.h lib/core/record_check.c \
	lib/core/record_same.c \
	lib/core/tag.c lib/core/tag.h \
	lib/core/xalloc.c lib/core/xalloc.h
lib_core_libcore_a_SOURCES += lib/core/infile.c lib/core/infile.h
lib_core_libcore_a_SOURCES += lib/core/outfile.c lib/core/outfile.h
lib_core_libcore_a_SOURCES += lib/core/hist.c lib/core/hist.h lib/core/memfam.h
# The mem family's console table: GB/s and ns per call.
lib_core_libcore_a_SOURCES += lib/core/memtable.c lib/core/memtable.h
# Removing a tree by descriptors: aimrun's scratch directories and the
# tests' own.
lib_core_libcore_a_SOURCES += lib/core/rmtree.c lib/core/rmtree.h
# The comparability gate: one rule for every command that compares.
lib_core_libcore_a_SOURCES += lib/core/gate.c lib/core/gate.h \
	lib/core/envdiff.c lib/core/envdiff.h
# The exit statuses every program keeps to.
lib_core_libcore_a_SOURCES += lib/core/cli_exit.h
# Where /proc and /sys are read ($AIM_CHECK_ROOT for tests).
lib_core_libcore_a_SOURCES += lib/core/sysroot.c lib/core/sysroot.h
# Files beside the running program: its siblings and its build tree.
lib_core_libcore_a_SOURCES += lib/core/beside.c lib/core/beside.h
# The kernel's monitors: /proc/vmstat and the others, read around a test.
lib_core_libcore_a_SOURCES += lib/core/monitor.c lib/core/monitor_parse.c \
	lib/core/monitor.h
# The kernel log's lines of level warning and above during a run.
lib_core_libcore_a_SOURCES += lib/core/klog.c lib/core/klog.h
# "Did you mean": the names near one that names nothing.
lib_core_libcore_a_SOURCES += lib/core/suggest.c lib/core/suggest.h
# The short units of a narrow table.
lib_core_libcore_a_SOURCES += lib/core/units.c lib/core/units.h
