// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan run for a plan of virtual machines (plan_vm.h): a private
 * directory for the boots, aimkit's initramfs for each kernel, the
 * accelerator chosen once per plan (every boot of a plan under the
 * same), then one guest after the other until the plan ends or pauses.
 */
#include "config.h"

#include "plan_vm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "initramfs.h"
#include "rmtree.h"
#include "db.h"
#include "plan_sys.h"
#include "store.h"
#include "xalloc.h"

/* Where the running kernel's modules are; a guest's are the host's. */
#define MODULES_DIR "/lib/modules"

/* Whether the modules of RELEASE are installed here. */
static int
has_modules(const char *release)
{
	char *dir = xasprintf(MODULES_DIR "/%s", release);
	struct stat st;
	int has = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);

	free(dir);
	return has;
}

/*
 * The initramfs of each kernel of P in WORK.  0, or -1 with ERR.  A
 * kernel without modules here must have 9p and virtio built in: said.
 */
static int
make_initrds(const struct plan *p, const char *work, char **initrds,
	     const struct plan_driver *d, char *err, size_t errlen)
{
	char *init = plan_prog("aimplan-init");
	int rc = 0;

	for (size_t k = 0; k < p->n_kernels && rc == 0; k++) {
		char **mods = NULL;
		size_t n = 0;

		initrds[k] = xasprintf("%s/initrd-%zu.cpio", work, k);
		rc = initramfs_modules(MODULES_DIR, p->kernels[k].release,
				       &mods, &n, err, errlen);
		if (rc == 0 && n == 0 && !has_modules(p->kernels[k].release)) {
			char *line = xasprintf("warning: no modules of %s in "
					       MODULES_DIR ": its guests need "
					       "9p and virtio built in",
					       p->kernels[k].release);

			d->say(d->data, line);
			free(line);
		}
		if (rc == 0)
			rc = initramfs_write(initrds[k], init, MODULES_DIR,
					     p->kernels[k].release, mods, n,
					     err, errlen);
		for (size_t i = 0; i < n; i++)
			free(mods[i]);
		free(mods);
	}
	free(init);
	return rc;
}

/* The plan's accelerator, chosen at its first run and kept. */
static int
choose_accel(struct store *st, struct plan *p, const struct plan_vm_env *env)
{
	char why[256], *line;
	const char *a;
	int rc;

	if (p->accel != NULL)
		return 0;
	why[0] = '\0';
	a = plan_qemu_accel(env->qemu, p->kernels[0].image, env->initrds[0],
			    env->work, why, sizeof(why));
	p->accel = xstrdup(a);
	line = strcmp(a, "kvm") == 0 ?
	       xstrdup("guests run under KVM") :
	       xasprintf("guests run under software emulation (%s): their "
			 "timings mean nothing; this plan tests the workflow, "
			 "it does not compare kernels", why);
	rc = store_plan_save(st, p) < 0 ||
	     store_plan_log(st, p, NULL, line) < 0 ? -1 : 0;
	free(line);
	return rc;
}

/* The boots still to come, until the plan ends or pauses. */
static enum plan_step_result
boots(struct store *st, struct plan *p, const struct plan_vm_env *env,
      const struct plan_driver *d, char *err, size_t errlen)
{
	enum plan_step_result r = PLAN_STEP_NEXT;

	if (strcmp(p->accel, "tcg") == 0)
		d->say(d->data, "warning: software emulation: the timings of "
		       "these guests mean nothing (a test of the workflow, "
		       "not a comparison of kernels)");
	while (p->state == PLAN_ACTIVE && r == PLAN_STEP_NEXT) {
		size_t i = plan_next_boot(p);

		if (i == p->n_boots)
			break;
		r = plan_vm_boot(st, p, i, env, d, err, errlen);
	}
	if (r == PLAN_STEP_NEXT && p->state != PLAN_ACTIVE)
		r = p->state == PLAN_PAUSED ? PLAN_STEP_PAUSED :
					      PLAN_STEP_ENDED;
	return r;
}

/* With the plan loaded: the directory, the initramfs, the accelerator. */
static enum plan_step_result
run_plan(struct store *st, struct plan *p, const char *db_path,
	 const struct plan_driver *d, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");
	char *work = xasprintf("%s/aimplan.XXXXXX",
			       tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
	char *qemu = plan_sysprog("qemu-system-x86_64");
	char **initrds = xcalloc(p->n_kernels, sizeof(*initrds));
	struct plan_vm_env env = { qemu, work, initrds, db_path };
	enum plan_step_result r = PLAN_STEP_ERROR;

	if (qemu == NULL)
		snprintf(err, errlen, "no qemu-system-x86_64 in /usr/sbin, "
			 "/usr/bin, /sbin or /bin (Debian: qemu-system-x86)");
	else if (mkdtemp(work) == NULL)
		snprintf(err, errlen, "%s: %s", work, strerror(errno));
	else if (make_initrds(p, work, initrds, d, err, errlen) < 0)
		;	/* ERR says why */
	else if (choose_accel(st, p, &env) < 0)
		snprintf(err, errlen, "%s", store_errmsg(st));
	else
		r = boots(st, p, &env, d, err, errlen);
	if (r == PLAN_STEP_PAUSED) {
		char *line = xasprintf("its guests' files are kept in %s",
				       work);

		d->say(d->data, line);
		free(line);
	} else if (qemu != NULL) {
		/* Left behind when it cannot go: it is ours, in TMPDIR. */
		(void)rmtree_at(AT_FDCWD, work);
	}
	for (size_t k = 0; k < p->n_kernels; k++)
		free(initrds[k]);
	free(initrds);
	free(qemu);
	free(work);
	return r;
}

enum plan_step_result
plan_vm_run(struct store *st, const char *db_path,
	    const struct plan_driver *d, char *err, size_t errlen)
{
	struct plan p;
	int64_t id = 0;
	enum plan_step_result r;

	if (store_plan_open_id(store_db(st), &id) < 0 || id == 0 ||
	    store_plan_load(store_db(st), id, &p) != 0) {
		snprintf(err, errlen, "cannot read the open plan: %s",
			 db_errmsg(store_db(st)));
		return PLAN_STEP_ERROR;
	}
	r = run_plan(st, &p, db_path, d, err, errlen);
	store_plan_free(&p);
	return r;
}
