# harness/: aimrun, the runner of tests.
harness_libharness_a_SOURCES += \
	harness/ctx.c harness/ctx.h

bin_PROGRAMS += harness/aimrun
harness_aimrun_SOURCES = harness/main.c
harness_aimrun_LDADD = $(AIM_LDADD)
