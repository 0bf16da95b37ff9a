// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan new, after the options: each kernel must say how it is booted
 * and how it will be known when it runs (its release, from its image
 * when there is one; the words of its command line); the plan's target
 * and budget must agree; then its order is drawn and it is stored.
 */
#include "config.h"

#include "aimplan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "envdiff.h"
#include "log.h"
#include "parse.h"
#include "plan_image.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

int
aimplan_new_run_opt(struct plan *p, int c, const char *arg)
{
	char **field = c == 's' ? &p->suite : c == 'T' ? &p->tests :
		       c == 'D' ? &p->dir : NULL;
	long v;

	if (field != NULL) {
		free(*field);
		*field = xstrdup(arg);
		return CLI_OK;
	}
	if (c == 'd')
		return cli_parse_real(arg, 0.001, 3600.0, &p->duration_s) == 0 ?
		       CLI_OK : cli_bad_usage("new: --duration: seconds from "
					      "0.001 to below 3600");
	if (c == 'r' && parse_long(arg, 1, PARSE_RUNS_MAX, &v) == 0)
		p->runs = (int)v;
	else if (c == 'm' && parse_long(arg, 128, 1L << 20, &v) == 0)
		p->vm_memory_mib = (int)v;
	else if (c == 'c' && parse_long(arg, 1, 64, &v) == 0)
		p->vm_cpus = (int)v;
	else if (c == 'r')
		return cli_bad_usage("new: --runs: from 1 to %d",
				     PARSE_RUNS_MAX);
	else
		return cli_bad_usage("new: %s: not a whole number in range "
				     "(%s)", c == 'm' ? "--vm-memory" :
				     "--vm-cpus", c == 'm' ? "128 to 1048576" :
				     "1 to 64");
	return CLI_OK;
}

/* The running kernel's command line without the boot's own words. */
static char *
current_cmdline(void)
{
	struct plan_facts f;
	char err[256], *out, *w, *save = NULL;
	size_t len = 0;

	if (plan_facts_read("", &f, err, sizeof(err)) < 0)
		return NULL;
	out = xcalloc(strlen(f.cmdline) + 1, 1);
	for (w = strtok_r(f.cmdline, " \t", &save); w != NULL;
	     w = strtok_r(NULL, " \t", &save)) {
		if (envdiff_boot_word(w))
			continue;
		len += (size_t)sprintf(out + len, "%s%s", len > 0 ? " " : "", w);
	}
	plan_facts_free(&f);
	return out;
}

/* What booting kernel K via VIA needs; its release read or given. */
static int
check_kernel(enum plan_via via, struct plan_kernel *k)
{
	char err[256], *rel;

	if ((via == PLAN_VIA_KEXEC || via == PLAN_VIA_VM) && k->image == NULL)
		return cli_bad_usage("new: %s: --image is needed to boot it "
				     "via %s", k->tag, plan_via_name(via));
	if (via == PLAN_VIA_GRUB && k->entry == NULL)
		return cli_bad_usage("new: %s: --entry is needed to boot it "
				     "via grub", k->tag);
	if ((k->initrd != NULL && via != PLAN_VIA_KEXEC) ||
	    (k->entry != NULL && via != PLAN_VIA_GRUB) ||
	    (k->image != NULL && via != PLAN_VIA_KEXEC && via != PLAN_VIA_VM))
		return cli_bad_usage("new: %s: an option for another --via",
				     k->tag);
	if (k->image != NULL) {
		rel = plan_image_release(k->image, err, sizeof(err));
		if (rel == NULL)
			return cli_bad_usage("new: %s: %s", k->image, err);
		if (k->release != NULL && strcmp(k->release, rel) != 0) {
			aim_warn("new: %s: the image is release %s, not %s",
				 k->tag, rel, k->release);
			free(rel);
			return CLI_USER;
		}
		free(k->release);
		k->release = rel;
	}
	if (k->release == NULL)
		return cli_bad_usage("new: %s: --release is needed (what "
				     "uname -r says in it)", k->tag);
	if (via == PLAN_VIA_KEXEC && k->cmdline == NULL &&
	    (k->cmdline = current_cmdline()) == NULL)
		return cli_bad_usage("new: %s: give --cmdline (the running "
				     "one cannot be read)", k->tag);
	return CLI_OK;
}

/*
 * Without a mark of the plan on the command line (manual, grub), each
 * kernel must be known by its release and words alone.
 */
static int
check_apart(const struct plan *p)
{
	for (size_t i = 0; i < p->n_kernels; i++) {
		struct plan_facts f = { p->kernels[i].release,
					p->kernels[i].cmdline != NULL ?
					p->kernels[i].cmdline : (char *)"",
					NULL };
		int which = plan_facts_which(p, &f);

		if (which != (int)i)
			return cli_bad_usage("new: %s and another kernel "
					     "cannot be told apart by release "
					     "and command line once booted "
					     "(give one a word of its own with "
					     "--cmdline)", p->kernels[i].tag);
	}
	return CLI_OK;
}

static int
check_target(struct plan *p, const struct aimplan_new_given *g)
{
	if (g->precision + g->decided + g->trials > 1)
		return cli_bad_usage("new: --trials, --precision and "
				     "--until-decided exclude each other");
	if (g->equiv && !g->decided)
		return cli_bad_usage("new: --equivalence goes with "
				     "--until-decided");
	if (g->budget && !g->precision && !g->decided)
		return cli_bad_usage("new: --budget goes with --precision or "
				     "--until-decided");
	if (g->precision || g->decided) {
		p->target = g->precision ? PLAN_TARGET_PRECISION :
					   PLAN_TARGET_DECIDED;
		p->target_pct = g->precision ? g->precision_pct :
				g->equiv ? g->equiv_pct : 2.0;
		p->trials = 2;	/* the pilot; the sizing asks for more */
	} else {
		p->budget = p->trials;
	}
	return CLI_OK;
}

int
aimplan_new_check(struct plan *p, const struct aimplan_new_given *g)
{
	int rc = CLI_OK;

	if (p->n_kernels < 2)
		return cli_bad_usage("new: a plan compares two kernels or "
				     "more (--kernel TAG each)");
	if (p->reboot && p->via != PLAN_VIA_KEXEC && p->via != PLAN_VIA_GRUB)
		return cli_bad_usage("new: --reboot goes with --via kexec or "
				     "grub");
	if (p->suite != NULL && p->tests != NULL)
		return cli_bad_usage("new: --suite and --tests exclude each "
				     "other");
	if (p->via == PLAN_VIA_VM && p->dir != NULL)
		return cli_bad_usage("new: --dir: a guest's scratch directory "
				     "is its own");
	if (p->via != PLAN_VIA_VM && (p->vm_memory_mib || p->vm_cpus))
		return cli_bad_usage("new: --vm-memory and --vm-cpus go with "
				     "--via vm");
	for (size_t i = 0; i < p->n_kernels && rc == CLI_OK; i++)
		rc = check_kernel(p->via, &p->kernels[i]);
	if (rc == CLI_OK && (p->via == PLAN_VIA_MANUAL ||
			     p->via == PLAN_VIA_GRUB))
		rc = check_apart(p);
	if (rc == CLI_OK)
		rc = check_target(p, g);
	if (rc == CLI_OK && p->via == PLAN_VIA_VM) {
		if (p->vm_memory_mib == 0)
			p->vm_memory_mib = 1024;
		if (p->vm_cpus == 0)
			p->vm_cpus = 1;
	}
	return rc;
}

int
aimplan_new_store(const struct aimplan *a, struct plan *p)
{
	const struct plan_random r = { plan_random_os, NULL };
	struct store *st;
	int rc;

	for (int t = 1; t <= p->trials; t++)
		plan_order_add_trial(p, t, &r);
	st = cli_open(a->db_path, STORE_RW, &rc);
	if (st == NULL)
		return rc;
	rc = store_plan_create(st, p);
	if (rc < 0) {
		aim_warn("new: %s", store_errmsg(st));
		store_close(st);
		return rc == -2 ? CLI_USER : CLI_ENV;
	}
	store_close(st);
	aimplan_print(p);
	return CLI_OK;
}
