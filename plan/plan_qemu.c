// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One qemu guest (plan_vm.h): its argument vector, started with its
 * console on a pipe that is copied to a file of the boot, waited for
 * until it powers off or its time is up; and the choice of accelerator,
 * KVM only when a guest really comes up under it.
 */
#include "config.h"

#include "plan_vm.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "plan_sys.h"
#include "xalloc.h"

/* What a probe guest under KVM gets to say it is up. */
#define PROBE_TIMEOUT_S 30.0
/* The console kept in memory to find the init's first line. */
#define CONSOLE_KEEP 65536
#define QEMU_ARGV 40

/* PRE, PATH with its commas doubled (qemu's escape), POST.  Malloc'd. */
static char *
opt_path(const char *pre, const char *path, const char *post)
{
	char *esc = xcalloc(2 * strlen(path) + 1, 1), *out;
	size_t k = 0;

	for (const char *c = path; *c != '\0'; c++) {
		esc[k++] = *c;
		if (*c == ',')
			esc[k++] = ',';
	}
	out = xasprintf("%s%s%s", pre, esc, post);
	free(esc);
	return out;
}

static size_t
build_argv(const struct plan_guest *g, char **argv)
{
	size_t k = 0;

	argv[k++] = xstrdup(g->qemu);
	argv[k++] = xstrdup("-nodefaults");
	argv[k++] = xstrdup("-no-user-config");
	argv[k++] = xstrdup("-display");
	argv[k++] = xstrdup("none");
	argv[k++] = xstrdup("-no-reboot");
	argv[k++] = xstrdup("-accel");
	argv[k++] = xstrdup(g->accel);
	argv[k++] = xstrdup("-cpu");
	argv[k++] = xstrdup(strcmp(g->accel, "kvm") == 0 ? "host" : "max");
	argv[k++] = xstrdup("-m");
	argv[k++] = xasprintf("%d", g->memory_mib);
	argv[k++] = xstrdup("-smp");
	argv[k++] = xasprintf("%d", g->cpus);
	argv[k++] = xstrdup("-kernel");
	argv[k++] = xstrdup(g->image);
	argv[k++] = xstrdup("-initrd");
	argv[k++] = xstrdup(g->initrd);
	argv[k++] = xstrdup("-append");
	argv[k++] = xstrdup(g->append);
	argv[k++] = xstrdup("-serial");
	argv[k++] = xstrdup("stdio");
	argv[k++] = xstrdup("-virtfs");
	argv[k++] = xstrdup("local,path=/,mount_tag=aimroot,"
			    "security_model=none,readonly=on,multidevs=remap");
	if (g->out != NULL) {
		argv[k++] = xstrdup("-virtfs");
		/* The guest's owners and modes as metadata of their own: no
		 * device or set-id file of a guest is ever a real one here. */
		argv[k++] = opt_path("local,path=", g->out, ",mount_tag=aimout,"
				     "security_model=mapped-file,"
				     "multidevs=remap");
	}
	argv[k] = NULL;
	return k;
}

/* Copy the console from IN to LOG until its end or DEADLINE_NS. */
static int
copy_console(int in, int log, int64_t deadline_ns, char *keep, size_t *kept)
{
	char buf[4096];

	for (;;) {
		int64_t left = (deadline_ns - clock_mono_ns()) / 1000000;
		struct pollfd p = { .fd = in, .events = POLLIN };
		ssize_t n;
		int r;

		if (left <= 0)
			return 0;
		r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (r < 0 && errno != EINTR)
			return -1;
		if (r <= 0)
			continue;
		n = read(in, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 1;
		if (write(log, buf, (size_t)n) != n)
			return -1;
		if (*kept + (size_t)n < CONSOLE_KEEP) {
			memcpy(keep + *kept, buf, (size_t)n);
			*kept += (size_t)n;
			keep[*kept] = '\0';
		}
	}
}

/* Wait for the guest, its console to LOG; 1 ended, 0 killed at the end. */
static int
watch(pid_t pid, int in, int log, double timeout_s, int *up, int *status)
{
	char *keep = xmalloc(CONSOLE_KEEP + 1);
	size_t kept = 0;
	int rc;

	keep[0] = '\0';
	rc = copy_console(in, log, clock_mono_ns() +
			  (int64_t)(timeout_s * 1e9), keep, &kept);
	if (rc <= 0)
		(void)kill(pid, SIGKILL);	/* it may have just ended */
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	*up = strstr(keep, "aimplan-init: up") != NULL;
	free(keep);
	return rc > 0;
}

int
plan_qemu_boot(const struct plan_guest *g, int *up, char *err, size_t errlen)
{
	char *argv[QEMU_ARGV];
	size_t n = build_argv(g, argv);
	int fds[2] = { -1, -1 }, status = 0, log, rc = -1, e;
	pid_t pid;

	*up = 0;
	log = open(g->console, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		   O_CLOEXEC, 0600);
	if (log < 0 || pipe2(fds, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "%s: %s", log < 0 ? g->console : "pipe",
			 strerror(errno));
	} else if ((e = plan_spawn_start(argv, fds[1], &pid)) != 0) {
		snprintf(err, errlen, "%s: %s", g->qemu, strerror(e));
	} else {
		(void)close(fds[1]);	/* the guest's end: nothing to flush */
		fds[1] = -1;
		if (!watch(pid, fds[0], log, g->timeout_s, up, &status))
			snprintf(err, errlen, "the guest did not power off "
				 "within %.0f s", g->timeout_s);
		else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			snprintf(err, errlen, "qemu ended with status %d",
				 status);
		else
			rc = 0;
	}
	for (int i = 0; i < 2; i++)
		if (fds[i] >= 0)
			(void)close(fds[i]);	/* a pipe: nothing to flush */
	if (log >= 0 && close(log) < 0 && rc == 0) {
		snprintf(err, errlen, "%s: %s", g->console, strerror(errno));
		rc = -1;
	}
	for (size_t i = 0; i < n; i++)
		free(argv[i]);
	return rc;
}

const char *
plan_qemu_accel(const char *qemu, const char *image, const char *initrd,
		const char *work, char *why, size_t whylen)
{
	struct plan_guest g = {
		.qemu = qemu, .accel = "kvm", .image = image, .initrd = initrd,
		.append = xstrdup("console=ttyS0 panic=-1 aimplan.probe=1"),
		.memory_mib = 256, .cpus = 1, .timeout_s = PROBE_TIMEOUT_S,
	};
	char *console = xasprintf("%s/kvm-probe.log", work);
	char err[256];
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC), up = 0;
	const char *accel = "tcg";

	if (fd < 0) {
		snprintf(why, whylen, "/dev/kvm: %s", strerror(errno));
	} else {
		(void)close(fd);	/* a device: nothing to flush */
		g.console = console;
		if (plan_qemu_boot(&g, &up, err, sizeof(err)) == 0 && up)
			accel = "kvm";
		else
			snprintf(why, whylen, "a guest under KVM did not come "
				 "up within %.0f s", PROBE_TIMEOUT_S);
	}
	free(g.append);
	free(console);
	return accel;
}
