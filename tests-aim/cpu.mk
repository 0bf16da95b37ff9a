# tests-aim/, CPU and C library family: arithmetic, calls, libm, string,
# memory, sort, auxiliary calls, non-local gotos and signals.
tests_aim_libaimtests_a_SOURCES += \
	tests-aim/add.c \
	tests-aim/div.c \
	tests-aim/extra.c \
	tests-aim/fun.c \
	tests-aim/jmp.c \
	tests-aim/matrix.c \
	tests-aim/mem.c \
	tests-aim/memfam.c tests-aim/memfam_impl.h \
	tests-aim/memfam_impl.c tests-aim/memfam_zero.c \
	tests-aim/memfam_zero_note.c \
	tests-aim/misc.c \
	tests-aim/mul.c \
	tests-aim/num.c \
	tests-aim/num-series.c \
	tests-aim/sieve.c \
	tests-aim/signal.c \
	tests-aim/sort.c \
	tests-aim/string.c

check_PROGRAMS += t/cpu-t t/calibrate-t
TESTS += t/cpu-t t/calibrate-t
t_cpu_t_SOURCES = t/cpu-t.c
t_cpu_t_LDADD = t/libtap.a $(AIM_LDADD)
t_calibrate_t_SOURCES = t/calibrate-t.c
t_calibrate_t_LDADD = t/libtap.a $(AIM_LDADD)
