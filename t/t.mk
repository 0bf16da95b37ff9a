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
TESTS += t/robust-aimrun.sh
EXTRA_DIST += t/robust-aimrun.sh
# An install into a fresh prefix, with the source tree moved away.
TESTS += t/install.sh
EXTRA_DIST += t/install.sh
TESTS += t/robust-store.sh
EXTRA_DIST += t/robust-store.sh t/data/schema-v1.sql
# store_reopen: aimrun's checks once per database file.
check_PROGRAMS += t/store-reopen-t
TESTS += t/store-reopen-t
t_store_reopen_t_SOURCES = t/store-reopen-t.c t/storefx.c t/storefx.h
t_store_reopen_t_LDADD = t/libtap.a lib/libaim.a $(SQLITE3_LIBS) $(LIBS)
