# tests-aim/, system family: files and disks, processes and the program
# break, directories, shell scripts, SysV shared memory, pipes, FIFOs and
# loopback sockets.
tests_aim_libaimtests_a_SOURCES += \
	tests-aim/aimutil.c tests-aim/aimutil.h tests-aim/aimmsg.h \
	tests-aim/brk.c \
	tests-aim/creat_clo.c \
	tests-aim/dir.c \
	tests-aim/disk.c \
	tests-aim/disk_sync.c \
	tests-aim/diskio.c tests-aim/diskio.h \
	tests-aim/fakeh.c tests-aim/fakeh.h \
	tests-aim/ipc.c \
	tests-aim/link.c \
	tests-aim/net.c \
	tests-aim/proc.c \
	tests-aim/shell.c \
	tests-aim/shm.c

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

check_PROGRAMS += t/sys-t
TESTS += t/sys-t
t_sys_t_SOURCES = t/sys-t.c
t_sys_t_LDADD = t/libtap.a $(AIM_LDADD)
check_PROGRAMS += t/aimutil-t
TESTS += t/aimutil-t
t_aimutil_t_SOURCES = t/aimutil-t.c
t_aimutil_t_LDADD = t/libtap.a $(AIM_LDADD)
