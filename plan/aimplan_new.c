// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimplan new: a plan from its options, checked whole before anything is
 * stored.  A kernel is --kernel TAG followed by how to boot it; the
 * plan's order is drawn here, trial by trial, and stored with it.
 */
#include "config.h"

#include "aimplan.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "log.h"
#include "parse.h"
#include "plan_image.h"
#include "tag.h"
#include "xalloc.h"


static const char new_usage[] =
	"Usage: aimplan new --kernel TAG [HOW]... --kernel TAG [HOW]... [OPTION]...\n"
	"A plan of boots: every trial boots each kernel once, in a random order.\n"
	"\n"
	"  -k, --kernel TAG     a kernel, stored under TAG; HOW, the options\n"
	"                       below until the next --kernel, say how to boot it\n"
	"      --image PATH     kexec, vm: its kernel image (its release is read\n"
	"                       from it)\n"
	"      --initrd PATH    kexec: its initrd\n"
	"      --cmdline WORDS  words its command line holds (vm: added to\n"
	"                       aimkit's; kexec: the whole line, default the\n"
	"                       running kernel's)\n"
	"      --entry ENTRY    grub: its menu entry (for grub-reboot)\n"
	"      --release REL    what uname -r says in it (manual, grub)\n"
	"      --via HOW        manual (default: aimplan says what to boot),\n"
	"                       kexec, grub, or vm (a qemu guest per boot)\n"
	"      --reboot         kexec, grub: reboot the machine into the next\n"
	"                       kernel (never without this option)\n"
	"  -n, --trials N       trials (boots of each kernel; default 3)\n"
	"      --precision PCT  until every ratio's interval is within +/-PCT\n"
	"      --until-decided  until every test regressed, improved or is\n"
	"                       equivalent\n"
	"      --equivalence PCT  its margin (default 2)\n"
	"      --budget N       at most N trials for a target (default 10)\n"
	"      --alpha P        of the intervals and verdicts (default 0.05)\n"
	"  -s, --suite NAME     aimrun's options for each block: the suite,\n"
	"  -T, --tests A,B,...    or the tests,\n"
	"  -d, --duration SECS    the period per test,\n"
	"  -r, --runs N           the processes per test in a boot (default 3),\n"
	"  -D, --dir PATH         the scratch directory (not vm)\n"
	"      --vm-memory MIB  vm: the guest's memory (default 1024)\n"
	"      --vm-cpus N      vm: its CPUs (default 1)\n"
	"  -h, --help           show this help\n";

struct new_opts {
	struct plan p;
	struct aimplan_new_given given;
};

/* The kernel the kernel options apply to, or NULL after a message. */
static struct plan_kernel *
current(struct new_opts *o, const char *opt)
{
	if (o->p.n_kernels == 0) {
		(void)cli_bad_usage("new: %s: give --kernel TAG first", opt);
		return NULL;
	}
	return &o->p.kernels[o->p.n_kernels - 1];
}

static int
add_kernel(struct new_opts *o, const char *tag)
{
	char why[128];

	if (tag_check(tag, why, sizeof(why)) < 0)
		return cli_bad_usage("new: --kernel: %s", why);
	for (size_t i = 0; i < o->p.n_kernels; i++)
		if (strcmp(o->p.kernels[i].tag, tag) == 0)
			return cli_bad_usage("new: --kernel %s given twice", tag);
	if (o->p.n_kernels == PLAN_MAX_KERNELS)
		return cli_bad_usage("new: more than %d kernels",
				     PLAN_MAX_KERNELS);
	o->p.kernels = xrealloc(o->p.kernels, (o->p.n_kernels + 1) *
				sizeof(*o->p.kernels));
	memset(&o->p.kernels[o->p.n_kernels], 0, sizeof(*o->p.kernels));
	o->p.kernels[o->p.n_kernels++].tag = xstrdup(tag);
	return CLI_OK;
}

/* --image and the other kernel options: one field of the current kernel. */
static int
kernel_field(struct new_opts *o, int c, const char *arg)
{
	static const char *const names[] = { "--image", "--initrd",
					     "--cmdline", "--entry",
					     "--release" };
	struct plan_kernel *k = current(o, names[c - 'I']);
	char **field;

	if (k == NULL)
		return CLI_USER;
	field = c == 'I' ? &k->image : c == 'J' ? &k->initrd :
		c == 'K' ? &k->cmdline : c == 'L' ? &k->entry : &k->release;
	if (*field != NULL)
		return cli_bad_usage("new: %s given twice for %s",
				     names[c - 'I'], k->tag);
	*field = xstrdup(arg);
	return CLI_OK;
}

static int
count_arg(const char *opt, const char *arg, long min, long max, int *out)
{
	long v;

	if (parse_long(arg, min, max, &v) != 0)
		return cli_bad_usage("new: %s: not a whole number from %ld to "
				     "%ld", opt, min, max);
	*out = (int)v;
	return CLI_OK;
}

static int
pct_arg(const char *opt, const char *arg, double *out)
{
	if (cli_parse_real(arg, 0.01, 100.0, out) != 0)
		return cli_bad_usage("new: %s: a percentage from 0.01 to "
				     "below 100", opt);
	return CLI_OK;
}

static int
one(int c, const char *arg, void *data)
{
	struct new_opts *o = data;
	struct plan *p = &o->p;

	switch (c) {
	case 'k':
		return add_kernel(o, arg);
	case 'I': case 'J': case 'K': case 'L': case 'M':
		return kernel_field(o, c, arg);
	case 'v':
		return plan_via_parse(arg, &p->via) == 0 ? CLI_OK :
		       cli_bad_usage("new: --via: manual, kexec, grub or vm");
	case 'R':
		p->reboot = 1;
		return CLI_OK;
	case 'n':
		o->given.trials = 1;
		return count_arg("--trials", arg, 1, PLAN_MAX_TRIALS,
				 &p->trials);
	case 'P':
		o->given.precision = 1;
		return pct_arg("--precision", arg, &o->given.precision_pct);
	case 'U':
		o->given.decided = 1;
		return CLI_OK;
	case 'E':
		o->given.equiv = 1;
		return pct_arg("--equivalence", arg, &o->given.equiv_pct);
	case 'B':
		o->given.budget = 1;
		return count_arg("--budget", arg, 2, PLAN_MAX_TRIALS,
				 &p->budget);
	case 'A':
		return cli_parse_real(arg, 0.0001, 0.5, &p->alpha) == 0 ?
		       CLI_OK : cli_bad_usage("new: --alpha: from 0.0001 to "
					      "below 0.5");
	}
	return aimplan_new_run_opt(p, c, arg);
}

static const struct option longopts[] = {
	{ "kernel", required_argument, NULL, 'k' },
	{ "image", required_argument, NULL, 'I' },
	{ "initrd", required_argument, NULL, 'J' },
	{ "cmdline", required_argument, NULL, 'K' },
	{ "entry", required_argument, NULL, 'L' },
	{ "release", required_argument, NULL, 'M' },
	{ "via", required_argument, NULL, 'v' },
	{ "reboot", no_argument, NULL, 'R' },
	{ "trials", required_argument, NULL, 'n' },
	{ "precision", required_argument, NULL, 'P' },
	{ "until-decided", no_argument, NULL, 'U' },
	{ "equivalence", required_argument, NULL, 'E' },
	{ "budget", required_argument, NULL, 'B' },
	{ "alpha", required_argument, NULL, 'A' },
	{ "suite", required_argument, NULL, 's' },
	{ "tests", required_argument, NULL, 'T' },
	{ "duration", required_argument, NULL, 'd' },
	{ "runs", required_argument, NULL, 'r' },
	{ "dir", required_argument, NULL, 'D' },
	{ "vm-memory", required_argument, NULL, 'm' },
	{ "vm-cpus", required_argument, NULL, 'c' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void
usage(FILE *f)
{
	fputs(new_usage, f);
}

int
aimplan_new(const struct aimplan *a, int argc, char **argv)
{
	struct new_opts o = { .p = { .via = PLAN_VIA_MANUAL, .trials = 3,
				     .budget = 10, .alpha = 0.05, .runs = 3,
				     .target_pct = NAN, .duration_s = NAN } };
	const struct cli_parser parser = {
		.prog = "aimplan", .shortopts = ":k:n:s:T:d:r:D:h",
		.longopts = longopts, .usage = usage, .one = one, .data = &o,
	};
	int rc = cli_parse(argc, argv, &parser);

	if (rc == CLI_OK && optind < argc)
		rc = cli_bad_usage("new: unexpected argument '%s'",
				   argv[optind]);
	if (rc == CLI_OK)
		rc = aimplan_new_check(&o.p, &o.given);
	if (rc == CLI_OK)
		rc = aimplan_new_store(a, &o.p);
	store_plan_free(&o.p);
	return rc < 0 ? CLI_OK : rc;
}
