// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan-init: the first process of a plan's guest (doc/plans.md, "With
 * virtual machines").  From the initramfs aimkit built it loads the
 * modules for 9p on virtio, mounts the host's files read-only as its
 * root and the boot's own host directory for results, runs the commands
 * the host wrote there (aimrun, then aimdb export), writes their exit
 * statuses beside them and powers the guest off.  Linked statically, it
 * needs nothing of the guest but its kernel; it uses no aimkit library.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"

/* finit_module(2): the kernel decompresses a compressed module itself. */
#define INIT_COMPRESSED_FILE 4
/* The job: words ended by NUL, a command ended by an empty word. */
#define JOB_MAX 65536
#define ARGS_MAX 64

static void
say(const char *what, const char *why)
{
	char line[512];
	int n = snprintf(line, sizeof(line), "aimplan-init: %s%s%s\n", what,
			 why != NULL ? ": " : "", why != NULL ? why : "");

	if (n > 0 && write(1, line, (size_t)n) < 0)
		return;		/* no console left to complain to */
}

static void
power_off(void)
{
	sync();
	say("power off", NULL);
	(void)reboot(RB_POWER_OFF);	/* returns only on failure */
	for (;;)
		pause();
}

static int
mnt(const char *src, const char *dst, const char *type, unsigned long flags,
    const char *opts)
{
	if (mount(src, dst, type, flags, opts) == 0 || errno == EBUSY)
		return 0;
	say(dst, strerror(errno));
	return -1;
}

static int
has_word(const char *path, const char *word)
{
	char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		(void)close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (char *w = strtok(buf, " \n"); w != NULL; w = strtok(NULL, " \n"))
		if (strcmp(w, word) == 0)
			return 1;
	return 0;
}

static int
load_modules(void)
{
	char list[4096], path[300];
	int fd = open("/modules/order", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, list, sizeof(list) - 1) : -1;

	if (fd >= 0)
		(void)close(fd);
	if (n < 0)
		return 0;	/* no modules: all of it is built in */
	list[n] = '\0';
	for (char *m = strtok(list, "\n"); m != NULL; m = strtok(NULL, "\n")) {
		int flags = strstr(m, ".ko.") != NULL ? INIT_COMPRESSED_FILE : 0;

		snprintf(path, sizeof(path), "/modules/%s", m);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || (syscall(SYS_finit_module, fd, "", flags) != 0 &&
			       errno != EEXIST)) {
			say(m, strerror(errno));
			return -1;
		}
		(void)close(fd);
	}
	return 0;
}

/* The host's files (read-only) as the new root, with a world of its own. */
static int
mount_root(void)
{
	const char *opts = "trans=virtio,version=9p2000.L,cache=loose,"
			   "msize=262144";
	int tries = 0;

	/* The virtio device may be probed after the module loads. */
	while (mount("aimroot", "/root", "9p", MS_RDONLY, opts) < 0) {
		if (++tries == 50) {
			say("mount the host's root", strerror(errno));
			return -1;
		}
		usleep(100000);
	}
	if (mnt("proc", "/root/proc", "proc", 0, NULL) < 0 ||
	    mnt("sysfs", "/root/sys", "sysfs", 0, NULL) < 0 ||
	    mnt("devtmpfs", "/root/dev", "devtmpfs", 0, NULL) < 0 ||
	    mnt("tmpfs", "/root/run", "tmpfs", 0, "mode=755") < 0)
		return -1;
	(void)mkdir("/root/dev/shm", 01777);	/* a mount below says */
	if (mnt("tmpfs", "/root/dev/shm", "tmpfs", 0, "mode=1777") < 0 ||
	    mkdir("/root" GUEST_DIR, 0755) < 0 ||
	    mkdir("/root" GUEST_OUT, 0700) < 0 ||
	    mnt("aimout", "/root" GUEST_OUT, "9p", 0,
		"trans=virtio,version=9p2000.L,msize=262144") < 0)
		return -1;
	return 0;
}

/* Loopback up, for the network tests. */
static void
loopback(void)
{
	struct ifreq r;
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	memset(&r, 0, sizeof(r));
	strcpy(r.ifr_name, "lo");
	if (s < 0 || ioctl(s, SIOCGIFFLAGS, &r) < 0 ||
	    (r.ifr_flags |= IFF_UP, ioctl(s, SIOCSIFFLAGS, &r) < 0))
		say("loopback", strerror(errno));
	if (s >= 0)
		(void)close(s);
}

/* Run ARGV; its wait status, reaping every orphan on the way. */
static int
run(char **argv)
{
	static char path[] = "PATH=/usr/local/sbin:/usr/local/bin:"
			     "/usr/sbin:/usr/bin:/sbin:/bin";
	static char home[] = "HOME=" GUEST_DIR, tmp[] = "TMPDIR=" GUEST_DIR;
	static char term[] = "TERM=dumb";
	char *const env[] = { path, home, tmp, term, NULL };
	int status = -1;
	pid_t pid = fork(), w;

	if (pid == 0) {
		execve(argv[0], argv, env);
		say(argv[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		return -1;
	while ((w = wait(&status)) != pid)
		if (w < 0 && errno != EINTR)
			return -1;
	return status;
}

/* The job's commands, one after the other; their statuses beside it. */
static void
run_job(void)
{
	static char job[JOB_MAX + 1];
	char *argv[ARGS_MAX + 1], line[64];
	int fd = open(GUEST_OUT "/" GUEST_JOB, O_RDONLY | O_CLOEXEC), out;
	ssize_t n = fd >= 0 ? read(fd, job, JOB_MAX) : -1;
	size_t k = 0;

	if (fd >= 0)
		(void)close(fd);
	out = open(GUEST_OUT "/" GUEST_STATUS, O_WRONLY | O_CREAT | O_TRUNC |
		   O_CLOEXEC, 0644);
	if (n <= 0 || out < 0) {
		say("no job", strerror(errno));
		return;
	}
	job[n] = '\0';
	for (char *w = job; w < job + n; w += strlen(w) + 1) {
		if (*w != '\0' && k < ARGS_MAX) {
			argv[k++] = w;
			continue;
		}
		argv[k] = NULL;
		if (k > 0) {
			int st = run(argv);

			snprintf(line, sizeof(line), "%d\n", st);
			if (write(out, line, strlen(line)) < 0)
				say("status", strerror(errno));
		}
		k = 0;
	}
	(void)close(out);
}

int
main(void)
{
	(void)mnt("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	(void)mnt("proc", "/proc", "proc", 0, NULL);
	(void)mnt("sysfs", "/sys", "sysfs", 0, NULL);
	say("up", NULL);
	if (has_word("/proc/cmdline", "aimplan.probe=1"))
		power_off();
	if (load_modules() < 0 || mount_root() < 0 || chroot("/root") < 0 ||
	    chdir("/") < 0) {
		say("cannot set up the guest", NULL);
		power_off();
	}
	loopback();
	if (sethostname("aimplan-guest", 13) < 0)
		say("hostname", strerror(errno));
	run_job();
	sync();
	(void)umount(GUEST_OUT);
	power_off();
	return 0;
}
