// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A plan of virtual machines (plan_vm.h): for each boot a fresh guest of
 * the kernel's image, whose init (plan/aimplan-init.c) runs aimrun and
 * aimdb export from the host's files and writes the export to the boot's
 * own directory; the host then checks the guest's facts (release,
 * command line with the boot's mark, a boot id never seen in the plan)
 * and only then imports the run under the kernel's tag.
 */
#include "config.h"

#include "plan_vm.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest.h"
#include "import.h"
#include "infile.h"
#include "plan_boot.h"
#include "plan_sys.h"
#include "store.h"
#include "xalloc.h"


static void
set(char **field, const char *value)
{
	free(*field);
	*field = value != NULL ? xstrdup(value) : NULL;
}

/* One command of the job: its words, each ended by NUL, then NUL. */
static void
put_cmd(FILE *f, const char *const *argv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputs(argv[i], f);
		fputc('\0', f);
	}
	fputc('\0', f);	/* errors show in ferror() at the end */
}

/* Write the guest's job: aimrun's block, then the export. */
static int
write_job(const struct plan *p, const struct plan_boot *b, const char *dir,
	  char *err, size_t errlen)
{
	char *aimrun = plan_prog("aimrun"), *aimdb = plan_prog("aimdb");
	char *argv[PLAN_BLOCK_ARGV], *path = xasprintf("%s/" GUEST_JOB, dir);
	const char *exp[] = { aimdb, "--db", GUEST_DB, "export", "-f", "json",
			      "-o", GUEST_OUT "/" GUEST_EXPORT };
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		      O_CLOEXEC, 0644);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	size_t n;
	int rc;

	plan_block_argv(p, b, aimrun, GUEST_DB, GUEST_DIR, argv, &n);
	if (f != NULL) {
		put_cmd(f, (const char *const *)argv, n);
		put_cmd(f, exp, sizeof(exp) / sizeof(exp[0]));
	}
	rc = f == NULL || ferror(f) ? -1 : 0;
	if (f != NULL && fclose(f) != 0)
		rc = -1;
	if (rc < 0) {
		snprintf(err, errlen, "%s: cannot write: %s", path,
			 strerror(errno));
		if (f == NULL && fd >= 0)
			(void)close(fd);	/* empty: nothing to flush */
	}
	for (size_t i = 0; i < n; i++)
		free(argv[i]);
	free(path);
	free(aimrun);
	free(aimdb);
	return rc;
}

/*
 * A file the guest wrote: opened without following a link, a regular
 * file of at most MAX bytes, the descriptor blocking; -1 with ERR.
 */
static int
guest_file(const char *path, size_t max, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC |
		      O_NOCTTY);
	struct stat st;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (uintmax_t)st.st_size > max ||
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		snprintf(err, errlen, "%s: %s", path, fd < 0 ? strerror(errno) :
			 "not a regular file within bounds");
		if (fd >= 0)
			(void)close(fd);	/* read only */
		return -1;
	}
	return fd;
}

/* The guest's wait status of its Nth command (0: aimrun, 1: export). */
static int
guest_status(const char *dir, int nth, int *status)
{
	char *path = xasprintf("%s/" GUEST_STATUS, dir), buf[128], why[128];
	int fd = guest_file(path, sizeof(buf), why, sizeof(why));
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	char *line = buf, *end;
	long v = -1;

	free(path);
	if (fd >= 0)
		(void)close(fd);	/* read only: nothing to flush */
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (int i = 0; i < nth && line != NULL; i++)
		line = strchr(line, '\n') != NULL ? strchr(line, '\n') + 1 :
		       NULL;
	if (line == NULL)
		return -1;
	errno = 0;
	v = strtol(line, &end, 10);
	if (errno != 0 || end == line || *end != '\n' || v < -1 ||
	    v > 65535)
		return -1;
	*status = (int)v;
	return 0;
}

/*
 * The guest's export PATH, which must hold one run of TAG with its
 * identity and facts, into F and FACTS.  0, or -1 with ERR.
 */
static int
load_export(const char *path, const char *tag, struct import_file *f,
	    struct plan_facts *facts, char *err, size_t errlen)
{
	int fd = guest_file(path, INFILE_SIZE_MAX, err, errlen);
	FILE *in = fd >= 0 ? fdopen(fd, "r") : NULL;
	const struct importer *json = NULL;
	const struct import_report *r;
	int rc;

	memset(f, 0, sizeof(*f));
	memset(facts, 0, sizeof(*facts));
	if (in == NULL) {
		if (fd >= 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			(void)close(fd);	/* read only */
		}
		return -1;
	}
	f->name = path;
	rc = import_format("json", &json) < 0 ? -1 :
	     import_parse(in, path, json, f);
	(void)fclose(in);	/* read only: nothing to flush */
	if (rc < 0) {
		snprintf(err, errlen, "its export does not read back");
		return -1;
	}
	r = f->n_reports == 1 ? &f->reports[0] : NULL;
	if (r == NULL || r->title == NULL || strcmp(r->title, tag) != 0 ||
	    !r->copy || r->run.uuid == NULL ||
	    import_find_env(r, "uname.release") == NULL ||
	    import_find_env(r, "kernel.cmdline") == NULL ||
	    import_find_env(r, "boot_id") == NULL) {
		snprintf(err, errlen, "its export holds %zu runs, not one run "
			 "of %s with its facts", f->n_reports, tag);
		import_free(f);
		return -1;
	}
	facts->release = xstrdup(import_find_env(r, "uname.release"));
	facts->cmdline = xstrdup(import_find_env(r, "kernel.cmdline"));
	facts->boot_id = xstrdup(import_find_env(r, "boot_id"));
	return 0;
}

/* Boot I failed: why, with the boot's console named, and pause. */
static enum plan_step_result
vm_fail(struct store *st, struct plan *p, size_t i, const char *dir,
	const char *why, const struct plan_driver *d, char *err,
	size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	char *line = xasprintf("block %d (%s, trial %d) failed: %s (console: "
			       "%s/console.log)", b->seq,
			       p->kernels[b->kernel].tag, b->trial, why, dir);
	int rc;

	b->state = PLAN_BOOT_FAILED;
	rc = store_plan_save_boot(st, p, i) < 0 ||
	     plan_pause(st, p, NULL, line, d) < 0 ? -1 : 0;
	free(line);
	if (rc == 0)
		return PLAN_STEP_PAUSED;
	snprintf(err, errlen, "%s", store_errmsg(st));
	return PLAN_STEP_ERROR;
}

/* The guest's facts must be boot I's, and its boot new to the plan. */
static int
facts_ok(const struct plan *p, size_t i, const struct plan_facts *f,
	 char *why, size_t whylen)
{
	const struct plan_boot *b = &p->boots[i];
	char *mark = plan_boot_mark(p, b);
	int ok = plan_facts_match(&p->kernels[b->kernel], f, mark, why,
				  whylen);

	free(mark);
	for (size_t j = 0; ok && j < p->n_boots; j++)
		if (p->boots[j].boot_id != NULL &&
		    strcmp(p->boots[j].boot_id, f->boot_id) == 0) {
			snprintf(why, whylen, "boot id %s is boot %d's",
				 f->boot_id, p->boots[j].seq);
			ok = 0;
		}
	return ok;
}

/* Import the guest's run and record boot I, in one transaction. */
static int
vm_import(struct store *st, struct plan *p, size_t i,
	  struct import_file *f, const struct plan_facts *facts,
	  const char *db_path, const struct plan_driver *d, char *err,
	  size_t errlen)
{
	const struct record_run *id = &f->reports[0].run;
	struct plan_boot *b = &p->boots[i];
	char *tags[] = { p->kernels[b->kernel].tag };

	set(&b->boot_id, facts->boot_id);
	set(&b->release, facts->release);
	set(&b->cmdline, facts->cmdline);
	set(&b->started_utc, id->started_utc);
	b->boot_s = plan_utc_diff(b->requested_utc, id->started_utc);
	b->block_s = plan_utc_diff(id->started_utc, id->ended_utc);
	if (import_finish(f, tags, NULL) < 0) {
		snprintf(err, errlen, "the guest's run is not one to store");
		return -1;
	}
	if (store_begin(st) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	if (import_store(st, db_path, f) < 0) {
		snprintf(err, errlen, "cannot import the guest's run");
		return -1;
	}
	if (plan_block_done(st, p, i, facts, id->uuid, d, err, errlen) < 0)
		return -1;
	if (store_commit(st) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	return 0;
}

/* The guest's results of boot I, from its directory DIR. */
static enum plan_step_result
vm_collect(struct store *st, struct plan *p, size_t i, const char *dir,
	   const char *db_path, const struct plan_driver *d, char *err,
	   size_t errlen)
{
	const char *tag = p->kernels[p->boots[i].kernel].tag;
	char *path = xasprintf("%s/" GUEST_EXPORT, dir), why[512];
	struct import_file f;
	struct plan_facts facts;
	enum plan_step_result rc = PLAN_STEP_NEXT;
	int st0 = -1, st1 = -1;

	if (guest_status(dir, 0, &st0) < 0 || guest_status(dir, 1, &st1) < 0)
		snprintf(why, sizeof(why), "the guest ran no block");
	else if (st0 != 0 || st1 != 0)
		snprintf(why, sizeof(why), "in the guest, %s ended with "
			 "status %d", st0 != 0 ? "aimrun" : "aimdb export",
			 st0 != 0 ? st0 : st1);
	if (st0 != 0 || st1 != 0 ||
	    load_export(path, tag, &f, &facts, why, sizeof(why)) < 0) {
		free(path);
		return vm_fail(st, p, i, dir, why, d, err, errlen);
	}
	free(path);
	if (!facts_ok(p, i, &facts, why, sizeof(why))) {
		char *r = xasprintf("refused, nothing imported: %s", why);

		rc = vm_fail(st, p, i, dir, r, d, err, errlen);
		free(r);
	} else if (vm_import(st, p, i, &f, &facts, db_path, d, err,
			     errlen) < 0) {
		rc = PLAN_STEP_ERROR;
	}
	plan_facts_free(&facts);
	import_free(&f);
	return rc;
}

/*
 * How long a guest may take: its block at a second a process beyond its
 * period (the tests named, else a whole suite of 60), ten times that
 * under software emulation, and five minutes to boot and export.
 */
static double
guest_timeout(const struct plan *p, const char *accel)
{
	double period = isnan(p->duration_s) ? 2.0 : p->duration_s;
	size_t tests = 60;
	double block;

	if (p->tests != NULL) {
		tests = 1;
		for (const char *c = p->tests; *c != '\0'; c++)
			tests += *c == ',';
	}
	block = (double)tests * p->runs * (period + 1.0);

	return 300.0 + block * (strcmp(accel, "tcg") == 0 ? 10.0 : 2.0);
}

enum plan_step_result
plan_vm_boot(struct store *st, struct plan *p, size_t i,
	     const struct plan_vm_env *env, const struct plan_driver *d,
	     char *err, size_t errlen)
{
	struct plan_boot *b = &p->boots[i];
	const struct plan_kernel *k = &p->kernels[b->kernel];
	char *dir = xasprintf("%s/boot-%d", env->work, b->seq), why[512];
	char *mark = plan_boot_mark(p, b), now[32];
	struct plan_guest g = {
		.qemu = env->qemu, .accel = p->accel, .image = k->image,
		.initrd = env->initrds[b->kernel], .out = dir,
		.memory_mib = p->vm_memory_mib, .cpus = p->vm_cpus,
		.timeout_s = guest_timeout(p, p->accel),
	};
	enum plan_step_result rc;
	int up = 0;

	g.append = xasprintf("console=ttyS0 panic=-1 loglevel=4 %s%s%s", mark,
			     k->cmdline != NULL ? " " : "",
			     k->cmdline != NULL ? k->cmdline : "");
	g.console = xasprintf("%s/console.log", dir);
	if (plan_now_utc(now, sizeof(now)) == 0)
		set(&b->requested_utc, now);
	snprintf(why, sizeof(why), "boot %d of %zu: %s (trial %d), a guest "
		 "of %s under %s", b->seq, p->n_boots, k->tag, b->trial,
		 k->image, p->accel);
	d->say(d->data, why);
	if (store_plan_save_boot(st, p, i) < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		rc = PLAN_STEP_ERROR;
	} else if (mkdir(dir, 0700) < 0) {
		snprintf(why, sizeof(why), "%s: %s", dir, strerror(errno));
		rc = vm_fail(st, p, i, dir, why, d, err, errlen);
	} else if (write_job(p, b, dir, why, sizeof(why)) < 0) {
		rc = vm_fail(st, p, i, dir, why, d, err, errlen);
	} else if (plan_qemu_boot(&g, &up, why, sizeof(why)) < 0) {
		rc = vm_fail(st, p, i, dir, why, d, err, errlen);
	} else {
		rc = vm_collect(st, p, i, dir, env->db_path, d, err, errlen);
	}
	free(g.append);
	free((char *)g.console);
	free(mark);
	free(dir);
	return rc;
}
