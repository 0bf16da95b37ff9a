# SPDX-License-Identifier: GPL-2.0-or-later
# harness/: aimrun, the runner of tests (the parent of the test
# processes, whose side is harness/child/).
harness_libharness_a_SOURCES += \
	harness/canary.c harness/canary.h \
	harness/check.c harness/check.h \
	harness/child_exec.c harness/child_exec.h \
	harness/cmd.c harness/cmd.h \
	harness/cmd_exec.c harness/cmd_exec.h \
	harness/cmd_print.c \
	harness/copies.c harness/copies.h \
	harness/ctx_ipc.c harness/ctx_ipc.h \
	harness/env.c harness/env.h \
	harness/env_sys.c harness/env_sys.h \
	harness/executor.c harness/executor.h \
	harness/fdclose.c harness/fdclose.h \
	harness/noisy.c harness/noisy.h \
	harness/paths.c harness/paths.h \
	harness/progress.c harness/progress.h \
	harness/rounds.c harness/rounds.h harness/rounds_gate.c \
	harness/rounds_int.h harness/rounds_report.c \
	harness/run.c harness/run.h \
	harness/run_record.c harness/run_int.h \
	harness/runner.c harness/runner.h \
	harness/scratch.c harness/scratch.h \
	harness/suite.c harness/suite.h

bin_PROGRAMS += harness/aimrun
harness_aimrun_SOURCES = harness/main.c harness/settle.c harness/cli_opts.h
harness_aimrun_CPPFLAGS = $(HARNESS_CPPFLAGS)
harness_aimrun_LDADD = $(AIM_LDADD)

suitedir = $(pkgdatadir)/suite
dist_man_MANS += doc/aimrun.1

dist_suite_DATA = suite/aim9.suite suite/cpu.suite suite/disk.suite \
	suite/ipc.suite suite/mem.suite suite/mm.suite suite/quick.suite

# The run environment's capture (env.c, env_sys.c).
check_PROGRAMS += t/env-t
TESTS += t/env-t
t_env_t_SOURCES = t/env-t.c
t_env_t_LDADD = t/libtap.a harness/libharness.a lib/core/libcore.a $(LIBS)
# The executors' table: a test alone, as copies, as threads; a command.
check_PROGRAMS += t/executor-t
TESTS += t/executor-t
t_executor_t_SOURCES = t/executor-t.c
t_executor_t_LDADD = t/libtap.a $(AIM_LDADD)
