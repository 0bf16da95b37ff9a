// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The real machine as a plan driver (plan.h): its facts from /proc, a
 * block as aimrun run under the kernel's tag, the next kernel booted by
 * kexec or GRUB and systemctl (only for a plan made with --reboot: the
 * steps never call boot otherwise), and the boot unit disabled when the
 * plan ends.
 */
#include "config.h"

#include "plan_boot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan_sys.h"
#include "tag.h"
#include "xalloc.h"

/* What the system's programs get before they are killed. */
#define PLAN_SYS_TIMEOUT_S 120.0

static int
facts(void *data, struct plan_facts *f, char *err, size_t errlen)
{
	(void)data;
	return plan_facts_read("", f, err, errlen);
}

/* The argument vector of aimrun for block B (words owned by ARGV). */
void
plan_block_argv(const struct plan *p, const struct plan_boot *b,
		const char *aimrun, const char *db, const char *dir,
		char **argv, size_t *n)
{
	size_t k = 0;

	argv[k++] = xstrdup(aimrun);
	argv[k++] = xstrdup("--db");
	argv[k++] = xstrdup(db);
	argv[k++] = xstrdup("--tag");
	argv[k++] = xstrdup(p->kernels[b->kernel].tag);
	if (p->suite != NULL) {
		argv[k++] = xstrdup("--suite");
		argv[k++] = xstrdup(p->suite);
	}
	if (p->tests != NULL) {
		argv[k++] = xstrdup("--tests");
		argv[k++] = xstrdup(p->tests);
	}
	if (p->duration_s == p->duration_s) {
		argv[k++] = xstrdup("--duration");
		argv[k++] = xasprintf("%.17g", p->duration_s);
	}
	argv[k++] = xstrdup("--runs");
	argv[k++] = xasprintf("%d", p->runs);
	if (dir != NULL) {
		argv[k++] = xstrdup("--dir");
		argv[k++] = xstrdup(dir);
	}
	argv[k] = NULL;
	*n = k;
}

static void
argv_free(char **argv, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(argv[i]);
}

static int
block(void *data, const struct plan *p, const struct plan_boot *b, char *err,
      size_t errlen)
{
	const struct plan_machine *m = data;
	char *aimrun = plan_prog("aimrun"), *argv[PLAN_BLOCK_ARGV];
	size_t n;
	int rc;

	plan_block_argv(p, b, aimrun, m->db, p->dir, argv, &n);
	rc = plan_spawn(argv, -1, 0, err, errlen);
	argv_free(argv, n);
	free(aimrun);
	return rc;
}

/* Run the system program NAME with the words ARGS (NULL-terminated). */
static int
sysrun(const char *name, const char *const *args, char *err, size_t errlen)
{
	char *argv[8], *path = plan_sysprog(name);
	size_t n = 0;
	int rc;

	if (path == NULL) {
		snprintf(err, errlen, "no %s in /usr/sbin, /usr/bin, /sbin or "
			 "/bin", name);
		return -1;
	}
	argv[n++] = path;
	while (n < 7 && args[n - 1] != NULL) {
		argv[n] = (char *)args[n - 1];
		n++;
	}
	argv[n] = NULL;
	rc = plan_spawn(argv, -1, PLAN_SYS_TIMEOUT_S, err, errlen);
	free(path);
	return rc;
}

static int
boot_kexec(const struct plan *p, const struct plan_boot *b, char *err,
	   size_t errlen)
{
	const struct plan_kernel *k = &p->kernels[b->kernel];
	char *mark = plan_boot_mark(p, b);
	char *cmd = xasprintf("--command-line=%s%s%s", k->cmdline != NULL ?
			      k->cmdline : "", k->cmdline != NULL ? " " : "",
			      mark);
	char *initrd = k->initrd != NULL ?
		       xasprintf("--initrd=%s", k->initrd) : NULL;
	const char *load[] = { "-l", k->image, cmd, initrd, NULL };
	const char *go[] = { "kexec", NULL };
	int rc = sysrun("kexec", load, err, errlen);

	if (rc == 0)
		rc = sysrun("systemctl", go, err, errlen);
	free(mark);
	free(cmd);
	free(initrd);
	return rc;
}

static int
boot(void *data, const struct plan *p, const struct plan_boot *b, char *err,
     size_t errlen)
{
	const char *once[] = { p->kernels[b->kernel].entry, NULL };
	const char *reboot[] = { "reboot", NULL };

	(void)data;
	if (p->via == PLAN_VIA_KEXEC)
		return boot_kexec(p, b, err, errlen);
	if (p->via != PLAN_VIA_GRUB) {
		snprintf(err, errlen, "a plan via %s boots nothing itself",
			 plan_via_name(p->via));
		return -1;
	}
	if (sysrun("grub-reboot", once, err, errlen) < 0)
		return -1;
	return sysrun("systemctl", reboot, err, errlen);
}

static void
finish(void *data)
{
	const struct plan_machine *m = data;
	const char *off[] = { "disable", PLAN_UNIT, NULL };
	char err[256];

	if (!m->at_boot)
		return;
	if (sysrun("systemctl", off, err, sizeof(err)) < 0)
		fprintf(stderr, "aimplan: cannot disable %s: %s\n", PLAN_UNIT,
			err);
}

/* A line holds tags, paths and facts from the database: made printable. */
static void
say(void *data, const char *line)
{
	(void)data;
	tag_fput(stdout, line, 0);
	putchar('\n');
	(void)fflush(stdout);	/* a write error shows at exit */
}

void
plan_machine_driver(struct plan_machine *m, struct plan_driver *d)
{
	memset(d, 0, sizeof(*d));
	d->data = m;
	d->facts = facts;
	d->block = block;
	d->boot = boot;
	d->finish = finish;
	d->say = say;
	d->random.next = plan_random_os;
}
