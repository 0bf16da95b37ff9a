# SPDX-License-Identifier: GPL-2.0-or-later
# plan/: aimplan, boots as the unit of a kernel comparison (doc/plans.md).
# Its modules form a library so that t/plan-t links the code aimplan
# runs; they read and compare runs with report/'s, so it links those.
noinst_LIBRARIES += plan/libplan.a
plan_libplan_a_CPPFLAGS = $(PLAN_CPPFLAGS)
plan/libplan_a-plan_sys.$(OBJEXT): plan/aimpaths.h
plan_libplan_a_SOURCES = plan/plan.h \
	plan/plan_block.c plan/plan_decide.c plan/plan_facts.c \
	plan/plan_order.c plan/plan_step.c \
	plan/plan_boot.c plan/plan_boot.h plan/plan_sys.c plan/plan_sys.h \
	plan/plan_image.c plan/plan_image.h \
	plan/plan_vm.c plan/plan_vm.h plan/plan_vm_run.c plan/plan_qemu.c \
	plan/guest.h \
	plan/initramfs.c plan/initramfs.h plan/initramfs_cpio.c
PLAN_LDADD = plan/libplan.a $(REPORT_LDADD)

bin_PROGRAMS += plan/aimplan
plan_aimplan_SOURCES = plan/aimplan.c plan/aimplan.h plan/aimplan_new.c \
	plan/aimplan_newcheck.c plan/aimplan_run.c plan/aimplan_show.c
plan_aimplan_CPPFLAGS = $(PLAN_CPPFLAGS)
plan_aimplan_LDADD = $(PLAN_LDADD)
dist_man_MANS += doc/aimplan.1
dist_doc_DATA += doc/plans.md

# The guest's first process: static, so the initramfs needs no library,
# and without the sanitizers, which cannot link statically; reproducible
# as the rest (.ci/repro-check).
pkglibexec_PROGRAMS += plan/aimplan-init
plan_aimplan_init_SOURCES = plan/aimplan-init.c plan/guest.h
plan_aimplan_init_CPPFLAGS = -I$(top_srcdir)/plan
plan_aimplan_init_CFLAGS = -std=gnu11 $(AIM_WARN_CFLAGS) $(AIM_REPRO_CFLAGS)
plan_aimplan_init_LDFLAGS = -static

# The build tree's aimplan finds aimrun, aimdb and aimplan-init of its
# tree by this file beside it (lib/core/beside.h), as aimrun finds its
# sources; not writable by group or others whatever the umask.
EXTRA_plan_aimplan_DEPENDENCIES = plan/aimplan-builddir
CLEANFILES += plan/aimplan-builddir
plan/aimplan-builddir: aimpaths-force
	@$(MKDIR_P) plan
	$(AM_V_at)printf '%s\n' '$(abs_top_builddir)' >$@.tmp && \
	chmod 644 $@.tmp && \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi

# The boot unit: installed disabled (doc/plans.md says how to enable it),
# in configure's --with-systemdsystemunitdir.
systemdsystemunit_DATA = plan/aimplan.service
CLEANFILES += plan/aimplan.service
EXTRA_DIST += plan/aimplan.service.in
plan/aimplan.service: plan/aimplan.service.in Makefile
	@$(MKDIR_P) plan
	$(AM_V_GEN)sed -e 's|@bindir[@]|$(bindir)|g' \
		-e 's|@sysconfdir[@]|$(sysconfdir)|g' \
		$(srcdir)/plan/aimplan.service.in >$@.tmp && mv -f $@.tmp $@

# The steps against a fake boot driver, on SQLite (t/plan-t) and on a
# PostgreSQL server (t/plan-pg.sh, skipped without one).
PLANFX_SRC = t/planfx.c t/planfx.h t/planfx_int.h t/planfx_cases.c \
	t/planfx_more.c
check_PROGRAMS += t/plan-t t/plan-pg-t
t_plan_t_SOURCES = t/plan-t.c $(PLANFX_SRC) t/storefx.c t/storefx.h
t_plan_t_LDADD = t/libtap.a $(PLAN_LDADD)
t_plan_pg_t_SOURCES = t/plan-pg-t.c $(PLANFX_SRC) t/pgfx.c t/pgfx.h \
	t/storefx.c t/storefx.h
t_plan_pg_t_LDADD = t/libtap.a $(PLAN_LDADD)
TESTS += t/plan-t t/plan-pg.sh
EXTRA_DIST += t/plan-pg.sh

# make check-vm: a plan of qemu guests end to end (minutes; .ci/run runs
# it after installing qemu-system-x86); not part of make check.
EXTRA_DIST += t/check-vm.sh
check-vm: all
	@AIM_SRCDIR='$(abs_top_srcdir)' AIM_BUILDDIR='$(abs_top_builddir)' \
	AIM_COUNTERS=none AIM_CHECK=quiet \
	$(SHELL) $(srcdir)/t/check-vm.sh >check-vm.log 2>&1; rc=$$?; \
	cat check-vm.log; \
	if grep -q '^not ok' check-vm.log; then rc=1; fi; exit $$rc
.PHONY: check-vm
CLEANFILES += check-vm.log
# What a guest boots with: its modules, the archive, the image's release.
check_PROGRAMS += t/initramfs-t
t_initramfs_t_SOURCES = t/initramfs-t.c t/storefx.c t/storefx.h
t_initramfs_t_LDADD = t/libtap.a $(PLAN_LDADD)
TESTS += t/initramfs-t
# aimplan's commands by hand on this machine (on a server too, t/pg-suite.sh).
TESTS += t/plan.sh
EXTRA_DIST += t/plan.sh
# The plans' schema step over a version 5 file (lib/store/plan/schema_plan.c).
TESTS += t/schema-plan.sh
EXTRA_DIST += t/schema-plan.sh
