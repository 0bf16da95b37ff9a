# SPDX-License-Identifier: GPL-2.0-or-later
# harness/child/: the test process (aimrun-test) and what runs in it: the
# configuration block it reads, setup, the timed loop and its meters,
# the --copies barrier's test side and --threads, the records to the
# parent.  lib/core/ and tests-aim/ only, and no third-party library:
# a test forks from a small process (t/lean-child.sh).
harness_child_libchild_a_SOURCES += \
	harness/child/child.c harness/child/child.h \
	harness/child/child_threads.c \
	harness/child/child_wire.c harness/child/child_wire.h \
	harness/child/copies_gate.c harness/child/copies_gate.h \
	harness/child/copies_sum.c harness/child/copies_sum.h \
	harness/child/dontfork.c harness/child/dontfork.h \
	harness/child/interrupt.c harness/child/interrupt.h \
	harness/child/kwatch.c harness/child/kwatch.h \
	harness/child/latency.c harness/child/latency.h \
	harness/child/meter.c harness/child/meter.h \
	harness/child/meter_perf.c \
	harness/child/meter_rusage.c harness/child/meter_rusage.h \
	harness/child/meter_sched.c harness/child/meter_sched.h \
	harness/child/meter_set.c harness/child/meter_set.h \
	harness/child/outcome.h \
	harness/child/perf.c harness/child/perf.h \
	harness/child/pin.c harness/child/pin.h \
	harness/child/proto.c harness/child/proto.h \
	harness/child/timing.c harness/child/timing.h

# The process a test runs in: the C library and libm only (LIBS holds
# -lm), none of aimrun's libraries; t/lean-child.sh checks what it maps.
# LIBS also holds libcsv, for lib/out/: --as-needed leaves it out, also
# where the compiler does not pass it by default (sanitizer builds).
# -z now binds every symbol at start, so no process a test forks looks
# one up and the test process keeps all of libm from them (dontfork.c).
pkglibexec_PROGRAMS = harness/aimrun-test
harness_aimrun_test_SOURCES = harness/child/aimrun-test.c
harness_aimrun_test_CPPFLAGS = $(CHILD_CPPFLAGS)
harness_aimrun_test_LDADD = harness/child/libchild.a tests-aim/libaimtests.a \
	lib/core/libcore.a $(LIBS)
harness_aimrun_test_LDFLAGS = $(AM_LDFLAGS) -Wl,--as-needed -Wl,-z,now
