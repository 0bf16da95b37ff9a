# harness/: aimrun, the runner of tests.
harness_libharness_a_SOURCES += \
	harness/child.c harness/child.h \
	harness/child_threads.c \
	harness/child_exec.c harness/child_exec.h \
	harness/child_wire.c harness/child_wire.h \
	harness/cmd.c harness/cmd.h \
	harness/cmd_exec.c harness/cmd_exec.h \
	harness/cmd_print.c \
	harness/copies.c harness/copies_sum.c harness/copies_gate.c \
	harness/copies.h \
	harness/ctx.c harness/ctx.h \
	harness/dontfork.c harness/dontfork.h \
	harness/fdclose.c harness/fdclose.h \
	harness/interrupt.c harness/interrupt.h \
	harness/paths.c harness/paths.h \
	harness/progress.c harness/progress.h \
	harness/meter.c harness/meter.h \
	harness/meter_sched.c harness/meter_sched.h \
	harness/pin.c harness/pin.h \
	harness/canary.c harness/canary.h \
	harness/check.c harness/check.h \
	harness/meter_perf.c harness/perf.c harness/perf.h \
	harness/meter_rusage.c harness/meter_rusage.h \
	harness/proto.c harness/proto.h \
	harness/rounds.c harness/rounds.h harness/rounds_gate.c \
	harness/run.c harness/run.h \
	harness/run_record.c harness/run_int.h \
	harness/runner.c harness/runner.h \
	harness/scratch.c harness/scratch.h \
	harness/suite.c harness/suite.h \
	harness/timing.c harness/timing.h \
	harness/latency.c harness/latency.h

bin_PROGRAMS += harness/aimrun
harness_aimrun_SOURCES = harness/main.c harness/settle.c harness/cli_opts.h
harness_aimrun_LDADD = $(AIM_LDADD)

# The process a test runs in: the C library and libm only (LIBS holds
# -lm), none of aimrun's libraries; t/lean-child.sh checks what it maps.
# LIBS also holds libcsv, for report/: --as-needed leaves it out, also
# where the compiler does not pass it by default (sanitizer builds).
# -z now binds every symbol at start, so no process a test forks looks
# one up and the test process keeps all of libm from them (dontfork.c).
pkglibexec_PROGRAMS = harness/aimrun-test
harness_aimrun_test_SOURCES = harness/aimrun-test.c
harness_aimrun_test_LDADD = $(AIM_LIBS)
harness_aimrun_test_LDFLAGS = $(AM_LDFLAGS) -Wl,--as-needed -Wl,-z,now

suitedir = $(pkgdatadir)/suite
dist_man_MANS += doc/aimrun.1

dist_suite_DATA = suite/aim9.suite suite/cpu.suite suite/disk.suite \
	suite/ipc.suite suite/mem.suite suite/mm.suite suite/quick.suite
harness_libharness_a_SOURCES += harness/noisy.c harness/noisy.h
