# SPDX-License-Identifier: GPL-2.0-or-later
# tests-aim/cpu/: the CPU and C library family: arithmetic, calls, libm,
# string, memory, sort, auxiliary calls, non-local gotos and signals.
tests_aim_libaimtests_a_SOURCES += \
	tests-aim/cpu/add.c \
	tests-aim/cpu/div.c \
	tests-aim/cpu/extra.c \
	tests-aim/cpu/fun.c \
	tests-aim/cpu/jmp.c \
	tests-aim/cpu/matrix.c \
	tests-aim/cpu/mem.c \
	tests-aim/cpu/memfam.c tests-aim/cpu/memfam_impl.h \
	tests-aim/cpu/memfam_impl.c tests-aim/cpu/memfam_zero.c \
	tests-aim/cpu/memfam_zero_note.c \
	tests-aim/cpu/misc.c \
	tests-aim/cpu/mul.c \
	tests-aim/cpu/num.c \
	tests-aim/cpu/num-series.c \
	tests-aim/cpu/sieve.c \
	tests-aim/cpu/signal.c \
	tests-aim/cpu/sort.c \
	tests-aim/cpu/string.c \
	tests-aim/cpu/hide.h

check_PROGRAMS += t/cpu-t t/calibrate-t
TESTS += t/cpu-t t/calibrate-t
t_cpu_t_SOURCES = t/cpu-t.c
t_cpu_t_LDADD = t/libtap.a $(AIM_LDADD)
t_calibrate_t_SOURCES = t/calibrate-t.c
t_calibrate_t_LDADD = t/libtap.a $(AIM_LDADD)
