# SPDX-License-Identifier: GPL-2.0-or-later
# tests-aim/: the test API (aim_test.h) and its body in the test process
# (ctx.c), the registry of every test in classic order; the families are
# in cpu/ and sys/.  The C library and lib/core/ only.
tests_aim_libaimtests_a_SOURCES += tests-aim/aim_test.h tests-aim/registry.c \
	tests-aim/ctx.c tests-aim/ctx.h

# Files the tests copy into their scratch directory and execute there:
# exec_test's `true` and the shell_rtns scripts.  aimrun finds them here
# once installed; scripts, so installed 0755 like their sources (the copy
# sets its own mode all the same).
aimdatadir = $(pkgdatadir)/data
dist_aimdata_SCRIPTS = \
	tests-aim/data/aim_1.sh \
	tests-aim/data/aim_2.sh \
	tests-aim/data/aim_3.sh \
	tests-aim/data/true
