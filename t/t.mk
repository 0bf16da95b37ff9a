# t/: unit and integration tests, all speaking TAP.
noinst_LIBRARIES += t/libtap.a
t_libtap_a_SOURCES = t/tap.c t/tap.h

AIM_T_LDADD = t/libtap.a $(AIM_LDADD)

check_PROGRAMS += t/classic-t t/registry-t t/runner-t t/suite-t t/timing-t \
	t/userspace-t
t_classic_t_SOURCES = t/classic-t.c
t_classic_t_LDADD = $(AIM_T_LDADD)
t_registry_t_SOURCES = t/registry-t.c
t_registry_t_LDADD = $(AIM_T_LDADD)
t_runner_t_SOURCES = t/runner-t.c t/sanitizer.h
t_runner_t_LDADD = $(AIM_T_LDADD)
t_suite_t_SOURCES = t/suite-t.c
t_suite_t_LDADD = $(AIM_T_LDADD)
t_timing_t_SOURCES = t/timing-t.c
t_timing_t_LDADD = $(AIM_T_LDADD)
t_userspace_t_SOURCES = t/userspace-t.c t/sanitizer.h
t_userspace_t_LDADD = $(AIM_T_LDADD)

TESTS += t/classic-t t/registry-t t/runner-t t/suite-t t/timing-t t/userspace-t \
	t/aimrun.sh
EXTRA_DIST += t/aimrun.sh t/data/aim9-tests.tsv

check_PROGRAMS += t/runner-stop-t t/robust-swap-t
t_runner_stop_t_SOURCES = t/runner-stop-t.c
t_runner_stop_t_LDADD = $(AIM_T_LDADD)
t_robust_swap_t_SOURCES = t/robust-swap-t.c
t_robust_swap_t_LDADD = $(AIM_T_LDADD)
TESTS += t/runner-stop-t t/robust-ipc.sh t/robust-swap-t t/robust-scratch.sh
EXTRA_DIST += t/robust-ipc.sh t/robust-scratch.sh
