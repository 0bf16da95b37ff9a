# SPDX-License-Identifier: GPL-2.0-or-later
# tests-aim/sys/: the system family: files and disks, processes and the
# program break, directories, shell scripts, SysV shared memory, pipes,
# FIFOs and loopback sockets.
tests_aim_libaimtests_a_SOURCES += \
	tests-aim/sys/aimutil.c tests-aim/sys/aimutil.h tests-aim/sys/aimmsg.h \
	tests-aim/sys/brk.c \
	tests-aim/sys/creat_clo.c \
	tests-aim/sys/dir.c \
	tests-aim/sys/disk.c \
	tests-aim/sys/disk_sync.c \
	tests-aim/sys/diskio.c tests-aim/sys/diskio.h \
	tests-aim/sys/fakeh.c tests-aim/sys/fakeh.h \
	tests-aim/sys/ipc.c \
	tests-aim/sys/link.c \
	tests-aim/sys/net.c \
	tests-aim/sys/proc.c \
	tests-aim/sys/shell.c \
	tests-aim/sys/shm.c

check_PROGRAMS += t/sys-t
TESTS += t/sys-t
t_sys_t_SOURCES = t/sys-t.c
t_sys_t_LDADD = t/libtap.a $(AIM_LDADD)
check_PROGRAMS += t/aimutil-t
TESTS += t/aimutil-t
t_aimutil_t_SOURCES = t/aimutil-t.c
t_aimutil_t_LDADD = t/libtap.a $(AIM_LDADD)
