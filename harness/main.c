// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimrun: run the classic AIM9 tests (or a suite of them), print the
 * classic table and store every sample with the run's environment.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "check.h"
#include "cli_opts.h"
#include "cmd.h"
#include "copies.h"
#include "dbpath.h"
#include "dbtarget.h"
#include "fdclose.h"
#include "interrupt.h"
#include "log.h"
#include "parse.h"
#include "paths.h"
#include "perf.h"
#include "pin.h"
#include "run.h"
#include "schema_ver.h"
#include "scratch.h"
#include "suite.h"
#include "sysroot.h"
#include "tag.h"
#include "xalloc.h"


static const struct option longopts[] = {
	{ "tag", required_argument, NULL, 't' },
	{ "suite", required_argument, NULL, 's' },
	{ "tests", required_argument, NULL, 'T' },
	{ "list", no_argument, NULL, 'l' },
	{ "duration", required_argument, NULL, 'd' },
	{ "runs", required_argument, NULL, 'r' },
	{ "dir", required_argument, NULL, 'D' },
	{ "filesize", required_argument, NULL, 'f' },
	{ "db", required_argument, NULL, 'b' },
	{ "timeout", required_argument, NULL, 'k' },
	{ "counters", required_argument, NULL, 'P' },
	{ "cpu", required_argument, NULL, 'c' },
	{ "check", no_argument, NULL, 'K' },
	{ "memsize", required_argument, NULL, 'M' },
	{ "zerosize", required_argument, NULL, 'Z' },
	{ "latency", no_argument, NULL, 'Y' },
	{ "precision", required_argument, NULL, 'R' },
	{ "budget", required_argument, NULL, 'B' },
	{ "against", required_argument, NULL, 'A' },
	{ "until-decided", no_argument, NULL, 'U' },
	{ "equivalence", required_argument, NULL, 'E' },
	{ "force", no_argument, NULL, 'G' },
	{ "copies", required_argument, NULL, 'N' },
	{ "scale", optional_argument, NULL, 'S' },
	{ "threads", no_argument, NULL, 'H' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "cmd", required_argument, NULL, 'C' },
	{ "warmup", required_argument, NULL, 'W' },
	{ "table", no_argument, NULL, 'L' },
	{ "format", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: aimrun [OPTION]...\n"
		"Run the classic AIM9 tests, print the classic table and store every sample.\n\n"
		"  -t, --tag TAG          label of this run (default: uname -r)\n"
		"  -s, --suite NAME|FILE  suite to run (default: aim9, the 60 classic tests)\n"
		"  -T, --tests A,B,...    run these tests instead of a suite (not with -s)\n"
		"  -l, --list             list the tests and suites, then exit\n"
		"  -d, --duration SECS    timed period per test run (default: suite's, else 0.6)\n"
		"  -r, --runs N           runs of each test, each a fresh process\n"
		"                         (default: suite's, else 6)\n"
		"  -D, --dir PATH         parent of scratch directories (default: $TMPDIR,\n"
		"                         else /tmp)\n"
		"  -f, --filesize SIZE    disk test file size, e.g. 5M (default: suite's,\n"
		"                         else 5M)\n"
		"      --db PATH          results database (default: $AIM_DB, else\n"
		"                         results/aim.db when ./results is yours, else\n"
		"                         $XDG_DATA_HOME/aimkit/aim.db)\n"
		"      --timeout SECS     kill a test run after this long (default: 30 s\n"
		"                         + 4 x period)\n"
		"      --counters default|none|EVENT,...\n"
		"                         perf events counted per sample (default:\n"
		"                         $AIM_COUNTERS, else default)\n"
		"      --cpu N            run every test process on CPU N only\n"
		"      --check            say what on this machine spoils measurements, then exit\n"
		"                         (status 3 when it found something)\n"
		"      --memsize SIZE     the mem family's size above the last-level cache\n"
		"                         (default: suite's, else 4 x the largest cache)\n"
		"      --zerosize SIZE    the zero-page memcmp's mapping (default: 2G; refused\n"
		"                         above half of MemAvailable)\n"
		"      --latency          time every call of every test on its own and print\n"
		"                         its distribution (always for the mem family)\n"
		"      --precision PCT    after the runs, more rounds for the tests whose 95 %%\n"
		"                         interval is wider than +/-PCT %%, within the budget\n"
		"      --against BASE --until-decided\n"
		"                         compare with tag BASE after every round; more rounds\n"
		"                         for the tests not yet regressed, improved or equivalent\n"
		"      --budget DURATION  time for the whole run, e.g. 90s, 10m, 1h\n"
		"                         (default: 10m)\n"
		"      --equivalence PCT  margin of 'equivalent' for --until-decided (default: 2)\n"
		"      --force            with --until-decided or --precision: go on against\n"
		"                         runs of another machine, CPU model or aimkit build,\n"
		"                         with a warning line\n"
		"      --copies N,...     run N copies of each test at once, for each N\n"
		"                         given (max: the CPUs aimrun may use)\n"
		"      --scale [N,...]    the same for 1, 2, 4, ... up to the CPUs\n"
		"      --threads          the copies as threads of one process, for the\n"
		"                         tests that allow it (others are skipped)\n"
		"  -q, --quiet            print no table, progress or notices, only errors\n"
		"      --cmd NAME [--warmup N] [--table] [--format text|csv|json]\n"
		"          [--prepare WORD... ] -- PROGRAM [ARG]...\n"
		"                         time PROGRAM --runs times (default 5), store it as\n"
		"                         test NAME, print a perf stat -r style summary\n"
		"  -h, --help             show this help\n"
		"  -V, --version          show the version\n");
}

static void
parse_cli(int argc, char **argv, struct cli *c)
{
	char err[128];
	int ch;

	if (cmd_split_argv(&argc, argv, &c->argv, &c->prepare, err,
			   sizeof(err)) != 0)
		aim_die(1, "%s", err);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":t:s:T:ld:r:D:f:qhV", longopts,
				 NULL)) != -1) {
		switch (ch) {
		case 't': c->tag = optarg; break;
		case 's': c->suite = optarg; break;
		case 'T': c->tests = optarg; break;
		case 'l': c->list = 1; break;
		case 'd': c->duration = optarg; break;
		case 'r': c->runs = optarg; break;
		case 'D': c->dir = optarg; break;
		case 'f': c->filesize = optarg; break;
		case 'b': c->db = optarg; break;
		case 'k': c->timeout = optarg; break;
		case 'P': c->counters = optarg; break;
		case 'c': c->cpu = optarg; break;
		case 'K': c->check = 1; break;
		case 'M': c->memsize = optarg; break;
		case 'Z': c->zerosize = optarg; break;
		case 'Y': c->latency = 1; break;
		case 'R': c->precision = optarg; break;
		case 'B': c->budget = optarg; break;
		case 'A': c->against = optarg; break;
		case 'U': c->until_decided = 1; break;
		case 'E': c->equivalence = optarg; break;
		case 'G': c->force = 1; break;
		case 'N': c->copies = optarg; break;
		case 'S': c->scale = 1; c->copies = optarg; break;
		case 'H': c->threads = 1; break;
		case 'q': c->quiet = 1; break;
		case 'C': c->cmd = optarg; break;
		case 'W': c->warmup = optarg; break;
		case 'L': c->table = 1; break;
		case 'F': c->format = optarg; break;
		case 'h': usage(stdout); exit(aim_stdout_flush() != 0 ? 2 : 0);
		case 'V':
			printf("aimrun (aimkit) %s\ndatabase schema version %d\n",
			       PACKAGE_VERSION, schema_version());
			exit(aim_stdout_flush() != 0 ? 2 : 0);
		default: aim_bad_option(ch, argv, longopts, NULL); exit(1);
		}
	}
	/* "--scale 1,2": the list may follow as the next word. */
	if (c->scale && c->copies == NULL && optind < argc &&
	    strspn(argv[optind], "0123456789,max") == strlen(argv[optind]))
		c->copies = argv[optind++];
	if (optind < argc) {
		char v[64];

		aim_die(1, "unexpected argument '%s'",
			tag_shown(argv[optind], v, sizeof(v)));
	}
}

static void
list_suites(void)
{
	char *dir = paths_suitedir();
	size_t n;
	char **names = suite_names(dir, &n);

	/* $AIM_SUITEDIR and the file names in it are anybody's text. */
	printf("\nSuites (");
	tag_fput(stdout, dir, 0);
	printf("):\n");
	for (size_t i = 0; i < n; i++) {
		printf("  ");
		tag_fput(stdout, names[i], 0);
		printf("\n");
	}
	suite_names_free(names, n);
	free(dir);
}

static void
list_test(const struct catalog_test *c, int width)
{
	printf("%6d %-*s %s\n", c->number, width, c->name, c->units);
}

/* The longest name of LIST, at least WIDTH. */
static int
list_width(const struct aim_test *const *list, int width)
{
	for (size_t i = 0; list[i] != NULL; i++) {
		size_t len = strlen(list[i]->info->name);

		if (len > (size_t)width && len < 256)	/* catalog names */
			width = (int)len;
	}
	return width;
}

/*
 * One name column for every list, as wide as the longest name (the mem
 * family's run to 27 characters), so the units line up throughout.
 */
static void
list_all(void)
{
	int w = list_width(aim_family_tests,
			   list_width(aim_extra_tests, list_width(aim_tests, 14)));

	printf("Tests:\n");
	for (size_t i = 0; aim_tests[i] != NULL; i++)
		list_test(aim_tests[i]->info, w);
	printf("\nNot classic (for checking aimkit itself, never in a suite by default):\n");
	for (size_t i = 0; aim_extra_tests[i] != NULL; i++)
		list_test(aim_extra_tests[i]->info, w);
	printf("\nFamilies (run when named, by pattern or by suite; e.g. --tests 'mem_copy_*_4k_cold'):\n");
	for (size_t i = 0; aim_family_tests[i] != NULL; i++)
		list_test(aim_family_tests[i]->info, w);
	list_suites();
}

static void
load_suite(const struct cli *c, struct suite *s)
{
	const char *name;
	char err[512];
	char *path;

	/* Neither would be what the other asked for. */
	if (c->tests != NULL && c->suite != NULL)
		aim_die(1, "--suite and --tests: give one or the other");
	if (c->tests != NULL) {
		if (suite_from_list(c->tests, s, err, sizeof(err)) != 0)
			aim_die(1, "--tests: %s", err);
		return;
	}
	name = c->suite != NULL ? c->suite : "aim9";
	path = paths_suite_file(name);
	/* A name, not a file: say which suites there are. */
	if (strcmp(path, name) != 0 && access(path, F_OK) != 0 &&
	    errno == ENOENT) {
		char *dir = paths_suitedir(), near[512], v[64], d[256];

		(void)suite_suggest(dir, name, near, sizeof(near));
		(void)tag_shown(dir, d, sizeof(d));
		free(dir);
		free(path);
		aim_die(1, "--suite %s: no such suite in %s%s",
			tag_shown(name, v, sizeof(v)), d, near);
	}
	if (suite_load(path, s, err, sizeof(err)) != 0)
		aim_die(1, "suite %s", err);
	free(path);
}

/*
 * A run holds at once its database (three files), a scratch directory
 * and the parent it is removed from, a test's pipe and IPC table, and
 * the few of --copies; below this many left it would fail part way,
 * its result lost, so it stops before anything is made.
 */
#define RUN_FDS_MIN 16

static void
check_fds(void)
{
	long left, limit;

	if (fd_free(&left, &limit) == 0 && left < RUN_FDS_MIN)
		aim_die(2, "only %ld file descriptors left (ulimit -n %ld): a "
			"run needs %d", left < 0 ? 0 : left, limit, RUN_FDS_MIN);
}

/* The scratch parent must take a private directory before anything runs. */
static void
check_dir(const char *dir)
{
	char *probe;

	scratch_parent_require(dir);
	probe = scratch_create(dir);
	if (probe == NULL) {
		aim_warn_errno("--dir %s: cannot create a scratch directory", dir);
		exit(2);
	}
	if (scratch_remove(probe) != 0)
		aim_warn_errno("%s: cannot remove", probe);
	free(probe);
}

static char *
default_tag(void)
{
	struct utsname u;

	if (uname(&u) != 0)
		aim_die(2, "uname: cannot read the kernel release");
	return xstrdup(u.release);
}

/*
 * --check: every finding, then exit (CHECK_EXIT_FOUND when there is
 * one); else, right before the run, the brief ones, unless -q or
 * $AIM_CHECK is "quiet".
 */
static void
machine_check(const struct cli *c, int pin, int before_run)
{
	struct check_finding f[CHECK_MAX];
	const char *env = getenv("AIM_CHECK");
	size_t n;

	if (c->check == before_run || (before_run && c->quiet) ||
	    (before_run && env != NULL && strcmp(env, "quiet") == 0))
		return;
	n = check_machine(sysroot(), pin, f);
	if (before_run) {
		check_warn_brief(f, n);
		return;
	}
	if (check_print(stdout, f, n) != 0 || aim_stdout_flush() != 0)
		exit(2);
	exit(n > 0 ? CHECK_EXIT_FOUND : 0);
}

static void
say_counters(void *arg, const char *line)
{
	(void)arg;
	aim_warn("%s", line);
}

/*
 * --db or the default: a file, or a server without a password in the
 * string, refused here before any message could quote it.
 */
static char *
settle_db(const struct cli *c)
{
	char *db = c->db != NULL ? xstrdup(c->db) : dbpath_default();
	char shown[512];

	if (db == NULL)
		aim_die(2, "no database path: set --db, $AIM_DB or $HOME");
	if (db_target_shown(db, shown, sizeof(shown)) == 1)
		aim_die(1, "%s: %s", shown, DB_TARGET_NO_PASSWORD);
	return db;
}

/* aimrun --cmd: the tag, database, counters and signals as for tests. */
static int
main_cmd(const struct cli *c)
{
	struct cmd_opts o = { 0 };
	struct perf_plan plan;
	char *tag, *db, why[256];
	int rc;

	settle_cmd(c, &o);
	if (c->cpu != NULL || c->check || c->copies != NULL || c->scale)
		aim_die(1, "--cmd: --cpu, --check, --copies and --scale are for tests");
	o.counters = settle_counters(c, &plan);
	if (o.counters != NULL) {
		perf_plan_probe(perf_source_kernel(), &plan, say_counters,
				NULL);
		if (plan.want == 0)
			o.counters = NULL;
	}
	tag = c->tag != NULL ? xstrdup(c->tag) : default_tag();
	if (tag_check(tag, why, sizeof(why)) != 0)
		aim_die(1, "--tag: %s", why);
	db = settle_db(c);
	o.dir = c->dir != NULL ? c->dir : "/tmp";
	o.tag = tag;
	o.db_path = db;
	if (interrupt_install() != 0)
		aim_die(2, "cannot install signal handlers");
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	rc = cmd_main(&o);
	free(tag);
	free(db);
	return rc;
}

int
main(int argc, char **argv)
{
	struct cli c = { 0 };
	struct run_opts o = { 0 };
	struct suite s;
	struct perf_plan plan;
	struct rounds_opts ro;
	int copies[COPIES_LIST_MAX];
	char *tag, *db, *datadir, why[256];
	int rc;

	log_set_program("aimrun");
	parse_cli(argc, argv, &c);
	if (c.list) {
		list_all();
		return aim_stdout_flush() != 0 ? 2 : 0;
	}
	if (c.cmd != NULL || c.argv != NULL)
		return main_cmd(&c);
	if (c.warmup != NULL || c.table || c.format != NULL)
		aim_die(1, "--warmup, --table and --format are for --cmd");
	o.pin = settle_cpu(&c);
	machine_check(&c, o.pin, 0);
	load_suite(&c, &s);
	settle_numbers(&c, &s, &o);
	o.counters = settle_counters(&c, &plan);
	o.more = settle_more(&c, &ro);
	settle_copies(&c, copies, &o);
	tag = c.tag != NULL ? xstrdup(c.tag) : default_tag();
	if (tag_check(tag, why, sizeof(why)) != 0)
		aim_die(1, "--tag: %s", why);
	db = settle_db(&c);
	check_fds();
	o.dir = c.dir != NULL ? c.dir : getenv("TMPDIR");
	/* A relative $TMPDIR would depend on the working directory. */
	if (o.dir == NULL || (c.dir == NULL && o.dir[0] != '/'))
		o.dir = "/tmp";
	check_dir(o.dir);
	datadir = paths_datadir();
	o.tag = tag;
	o.db_path = db;
	o.suite = &s;
	o.datadir = datadir;
	o.quiet = c.quiet;
	if (interrupt_install() != 0)
		aim_die(2, "cannot install signal handlers");
	/* Orphans of a test are reparented here, so they can be reaped. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	machine_check(&c, o.pin, 1);
	rc = run_suite(&o);
	suite_free(&s);
	free(tag);
	free(db);
	free(datadir);
	return rc;
}
