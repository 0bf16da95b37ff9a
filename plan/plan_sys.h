/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What aimplan asks of the system: aimkit's own programs and the
 * system's (kexec, systemctl, grub-reboot, qemu) by fixed paths, never
 * through $PATH; starting them with an argument vector, never a shell;
 * and the lock that keeps one step at a time on a machine.
 */
#ifndef AIM_PLAN_SYS_H
#define AIM_PLAN_SYS_H

#include <stddef.h>
#include <sys/types.h>

/*
 * aimkit's program NAME ("aimrun", "aimdb", "aimplan-init"): in the build
 * tree the running aimplan was made in (the file aimplan-builddir beside
 * it names it), else beside the running aimplan when it is trusted
 * there (lib/core/beside.h), else where it is installed.  Malloc'd.
 */
char *plan_prog(const char *name);

/*
 * The system program NAME in /usr/sbin, /usr/bin, /sbin or /bin, the
 * first that is an executable file; NULL when none is.  Malloc'd.
 */
char *plan_sysprog(const char *name);

/*
 * Start ARGV (ARGV[0] an absolute path) with standard input from
 * /dev/null and standard output and error to OUT_FD (-1: aimplan's).
 * 0 with its pid in *PID, or an errno value.
 */
int plan_spawn_start(char *const argv[], int out_fd, pid_t *pid);

/*
 * Run ARGV (ARGV[0] an absolute path) with standard input from
 * /dev/null and standard output and error to OUT_FD (-1: aimplan's), and
 * wait for it; after TIMEOUT_S seconds (0: never) it is killed.  0 when
 * it exited 0; else -1 with what happened in ERR ("exit 2", "killed by
 * signal 9", "timed out after 60 s", or why it could not start).
 */
int plan_spawn(char *const argv[], int out_fd, double timeout_s, char *err,
	       size_t errlen);

/*
 * Take the machine's plan lock, so that two steps never run at once
 * (the boot unit's and the user's): its descriptor, held until exit, or
 * -1 with the reason in ERR.
 */
int plan_lock(char *err, size_t errlen);

#endif
