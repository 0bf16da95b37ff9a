// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the system classic tests: descriptors against the classic
 * table, a setup/run/run/teardown cycle of each in a child process that
 * must leave no file, descriptor or child behind, tree removal and the
 * fakeh generator (the other utilities: t/aimutil-t.c).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"
#include "rmtree.h"
#include "ctx.h"
#include "fakeh.h"
#include "tap.h"

#define SYS_FILESIZE_K 64	/* KiB: the disk tests take milliseconds */

struct classic {
	int number;
	const char *name;
	unsigned long factor;	/* at the classic 5M file size */
	const char *units;
};

static const struct classic sys_tests[] = {
	{ 6, "creat-clo", 1000, "File Creations and Closes/second" },
	{ 7, "page_test", 1700, "System Allocations & Pages/second" },
	{ 8, "brk_test", 17000, "System Memory Allocations/second" },
	{ 11, "exec_test", 5, "Program Loads/second" },
	{ 12, "fork_test", 100, "Task Creations/second" },
	{ 13, "link_test", 63, "Link/Unlink Pairs/second" },
	{ 14, "disk_rr", 5120, "Random Disk Reads (K)/second" },
	{ 15, "disk_rw", 5120, "Random Disk Writes (K)/second" },
	{ 16, "disk_rd", 5120, "Sequential Disk Reads (K)/second" },
	{ 17, "disk_wrt", 5120, "Sequential Disk Writes (K)/second" },
	{ 18, "disk_cp", 5120, "Disk Copies (K)/second" },
	{ 19, "sync_disk_rw", 2560, "Sync Random Disk Writes (K)/second" },
	{ 20, "sync_disk_wrt", 2560, "Sync Sequential Disk Writes (K)/second" },
	{ 21, "sync_disk_cp", 2560, "Sync Disk Copies (K)/second" },
	{ 22, "disk_src", 75, "Directory Searches/second" },
	{ 48, "dir_rtns_1", 10000, "Directory Operations/second" },
	{ 49, "shell_rtns_1", 1, "Shell Scripts/second" },
	{ 50, "shell_rtns_2", 1, "Shell Scripts/second" },
	{ 51, "shell_rtns_3", 1, "Shell Scripts/second" },
	{ 53, "shared_memory", 100, "Shared Memory Operations/second" },
	{ 54, "tcp_test", 90, "TCP/IP Messages/second" },
	{ 55, "udp_test", 100, "UDP/IP DataGrams/second" },
	{ 56, "fifo_test", 100, "FIFO Messages/second" },
	{ 57, "stream_pipe", 100, "Stream Pipe Messages/second" },
	{ 58, "dgram_pipe", 100, "DataGram Pipe Messages/second" },
	{ 59, "pipe_cpy", 100, "Pipe Messages/second" },
};

#define SYS_NTESTS (sizeof(sys_tests) / sizeof(sys_tests[0]))

/* What the child saw, sent whole through a pipe. */
struct outcome {
	int status;		/* enum aim_status of the last stage run */
	int fds_before;		/* open descriptors before setup */
	int fds_after;		/* ... and after teardown */
	int unreaped;		/* children of the test left after it */
	int brk_moved;		/* page/brk tests: break not restored */
	int brk_own;		/* ... the page below the break unmapped */
	int brk_back;		/* ... teardown put the break back */
	char reason[AIM_REASON_MAX];
};

static char *
scratch_make(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	dir = aimutil_path(tmp, "aimsys-t.XXXXXX");
	if (dir == NULL || mkdtemp(dir) == NULL)
		bail("mkdtemp under %s: %s", tmp, strerror(errno));
	return dir;
}

static int
entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	if (closedir(d) < 0)
		return -1;
	return n;
}

static int
open_fds(void)
{
	int n = 0;

	for (int fd = 0; fd < 1024; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			n++;
	return n;
}

static void
check_descriptor(const struct classic *c)
{
	const struct aim_test *t = aim_test_find(c->name);

	if (!ok(t != NULL, "%s is registered", c->name))
		return;
	ok(t->info->number == c->number && t->run != NULL &&
	   t->info->factor == c->factor &&
	   aim_test_factor(t, 5120) == c->factor &&
	   strcmp(t->info->units, c->units) == 0,
	   "%s: number %d, factor %lu, units \"%s\"", c->name, c->number,
	   c->factor, c->units);
	/* The disk tests count the suite's file size, the sync ones half. */
	is_int((int64_t)aim_test_factor(t, 64),
	       c->number >= 14 && c->number <= 18 ? 64 :
	       c->number >= 19 && c->number <= 21 ? 32 : (int64_t)c->factor,
	       "%s: factor at a 64 KiB file size", c->name);
}

/*
 * Does the break at BRK start a page table of its own (a multiple of a
 * page table's reach, a page of 8-byte entries), with the page below it
 * unmapped (mincore says ENOMEM)?
 */
static int
own_region(void *brk)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	unsigned char vec;

	return (uintptr_t)brk % (page / 8 * page) == 0 &&
	       mincore((char *)brk - page, (size_t)page, &vec) != 0 &&
	       errno == ENOMEM;
}

/*
 * In the child: setup, two calls, teardown; then the outcome.  The
 * heap is written first, as the test process's is when a test starts:
 * page_test and brk_test must move the break over a mapping of their own
 * all the same, and put it back.
 */
static void
lifecycle(const struct aim_test *t, struct aim_ctx *ctx, struct outcome *o)
{
	int brk_test = t->info->number == 7 || t->info->number == 8;
	char *heap = brk_test ? malloc(64 * 1024) : NULL;
	void *brk0, *start;

	if (heap != NULL)
		memset(heap, 1, 64 * 1024);
	start = sbrk(0);
	o->fds_before = open_fds();
	o->status = t->setup != NULL ? t->setup(ctx) : AIM_OK;
	if (o->status != AIM_OK) {
		o->fds_after = open_fds();
		free(heap);
		return;
	}
	brk0 = sbrk(0);
	o->brk_own = brk_test && own_region(brk0);
	for (int i = 0; i < 2 && o->status == AIM_OK; i++)
		o->status = t->run(ctx);
	if (brk_test)
		o->brk_moved = sbrk(0) != brk0;
	if (t->teardown != NULL)
		t->teardown(ctx);
	o->brk_back = sbrk(0) == start;
	free(heap);
	o->fds_after = open_fds();
	o->unreaped = waitpid(-1, NULL, WNOHANG) != -1 || errno != ECHILD;
}

static int
run_child(const struct aim_test *t, const char *dir, const char *datadir,
	  struct outcome *o)
{
	int fds[2], status;
	pid_t pid;

	if (pipe(fds) < 0 || (pid = fork()) < 0)
		bail("pipe/fork: %s", strerror(errno));
	if (pid == 0) {
		struct aim_ctx ctx;

		(void)close(fds[0]);	/* the parent's end */
		ctx_init(&ctx, (t->needs & AIM_NEEDS_SCRATCH) ? dir : NULL,
			 SYS_FILESIZE_K, datadir);
		memset(o, 0, sizeof(*o));
		lifecycle(t, &ctx, o);
		memcpy(o->reason, ctx.reason, sizeof(o->reason));
		_exit(aimutil_write_full(fds[1], o, sizeof(*o)) ==
		      (ssize_t)sizeof(*o) ? 0 : 1);
	}
	(void)close(fds[1]);	/* the child's end */
	memset(o, 0, sizeof(*o));
	if (aimutil_read_full(fds[0], o, sizeof(*o)) != (ssize_t)sizeof(*o))
		o->status = -1;
	(void)close(fds[0]);	/* read side, fully read */
	if (aimutil_wait(pid, &status) < 0)
		bail("waitpid: %s", strerror(errno));
	return status;
}

static void
check_lifecycle(const struct classic *c, const char *datadir)
{
	const struct aim_test *t = aim_test_find(c->name);
	struct outcome o;
	char *dir = scratch_make();
	int status, left;

	if (t == NULL)
		bail("%s not registered", c->name);
	status = run_child(t, dir, datadir, &o);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "%s: child ended normally (wait status %#x)", c->name, status);
	if (o.status == AIM_SKIP)
		ok(o.reason[0] != '\0', "%s: skipped with a reason: %s",
		   c->name, o.reason);
	else
		ok(o.status == AIM_OK, "%s: setup, 2 calls, teardown ok%s%s",
		   c->name, o.reason[0] ? ": " : "", o.reason);
	is_int(o.fds_after, o.fds_before, "%s: no descriptor left open",
	       c->name);
	ok(!o.unreaped, "%s: no child left unreaped", c->name);
	if (t->info->number == 7 || t->info->number == 8) {
		ok(!o.brk_moved, "%s: program break restored", c->name);
		ok(o.brk_own, "%s: after setup, the break starts a page table "
		   "of its own, nothing mapped below it", c->name);
		ok(o.brk_back, "%s: teardown puts the break back", c->name);
	}
	left = entries(dir);
	is_int(left, 0, "%s: scratch directory left empty", c->name);
	if (left == 0)
		ok(rmdir(dir) == 0, "%s: scratch directory removed", c->name);
	else if (rmtree_at(AT_FDCWD, dir) < 0)
		diag("could not remove %s: %s", dir, strerror(errno));
	free(dir);
}

static void
check_remove_tree(void)
{
	static const char *const dirs[] = { "t", "t/a", "t/a/b", "t/a/b/c" };
	char *base = scratch_make(), *outside = aimutil_path(base, "outside");
	char *link = aimutil_path(base, "t/a/link");
	int fd, bfd = open(base, O_RDONLY | O_DIRECTORY);

	if (outside == NULL || link == NULL || bfd < 0)
		bail("set-up under %s: %s", base, strerror(errno));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (mkdirat(bfd, dirs[i], 0700) < 0)
			bail("mkdir %s: %s", dirs[i], strerror(errno));
	fd = open(outside, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || close(fd) < 0 || symlink(outside, link) < 0)
		bail("files under %s: %s", base, strerror(errno));
	is_int(rmtree_at(bfd, "t"), 0, "remove_tree removes a tree");
	ok(access(outside, F_OK) == 0, "symlink target left alone");
	is_int(rmtree_at(bfd, "missing"), 0, "missing name is ok");
	is_int(entries(base), 1, "only the outside file is left");
	ok(unlink(outside) == 0 && rmdir(base) == 0, "clean-up");
	(void)close(bfd);	/* directory, read-only */
	free(link);
	free(outside);
	free(base);
}

struct tally {
	int dirs, files, linked;
	double inodes;	/* sum of 1/links: distinct files, all links inside */
};

/* Count what lies under NAME in DFD, DEPTH levels below fakeh. */
static void
tally_tree(int dfd, const char *name, int depth, struct tally *t)
{
	struct stat sb;
	struct dirent *e;
	DIR *d;
	int fd;

	if (fstatat(dfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		bail("stat %s: %s", name, strerror(errno));
	if (S_ISREG(sb.st_mode)) {
		if (depth == 1 && strcmp(name, FAKEH_DIRLIST) == 0)
			return;
		t->files++;
		t->linked += sb.st_nlink > 1;
		t->inodes += 1.0 / (double)sb.st_nlink;
		return;
	}
	t->dirs++;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		bail("open %s: %s", name, strerror(errno));
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			tally_tree(dirfd(d), e->d_name, depth + 1, t);
	(void)closedir(d);	/* read-only directory stream */
}

static size_t
read_dirlist(const char *dir, char *buf, size_t size)
{
	char *path = aimutil_path(dir, FAKEH_NAME "/" FAKEH_DIRLIST);
	int fd = path ? open(path, O_RDONLY) : -1;
	ssize_t n = fd >= 0 ? aimutil_read_full(fd, buf, size - 1) : -1;

	if (n < 0)
		bail("read %s: %s", path ? path : "dirlist", strerror(errno));
	(void)close(fd);	/* read-only */
	free(path);
	buf[n] = '\0';
	return (size_t)n;
}

static void
check_dirlist(const char *dir, char *buf, size_t n)
{
	char *root_path = aimutil_path(dir, FAKEH_NAME);
	int root = open(root_path, O_RDONLY | O_DIRECTORY);
	struct fakeh_list l;
	struct stat sb;
	int exist = 1, absent = 1, deepest = 0;

	ok(root >= 0 && fakeh_parse(buf, n, &l) == 0, "dirlist parses");
	is_int(l.nstat, FAKEH_STATS, "dirlist has 57 stat names");
	is_int(l.ncreate, FAKEH_CREATES, "dirlist has 43 create names");
	for (unsigned i = 0; i < l.nstat; i++) {
		int parts = 1;

		exist &= fstatat(root, l.stat[i], &sb, 0) == 0;
		for (const char *p = l.stat[i]; *p; p++)
			parts += *p == '/';
		if (parts > deepest)
			deepest = parts;
	}
	for (unsigned i = 0; i < l.ncreate; i++)
		absent &= fstatat(root, l.create[i], &sb, 0) < 0;
	ok(exist, "every stat name exists");
	ok(absent, "no create name exists");
	is_int(deepest, FAKEH_DEPTH, "deepest stat name has 8 components");
	(void)close(root);	/* read-only directory */
	free(root_path);
}

static void
check_fakeh(void)
{
	const size_t size = 16384;
	char *a = scratch_make(), *b = scratch_make();
	char *one = malloc(size), *two = malloc(size);
	struct tally *t = calloc(1, sizeof(*t));
	int afd = open(a, O_RDONLY | O_DIRECTORY);
	size_t na, nb;

	if (one == NULL || two == NULL || t == NULL || afd < 0)
		bail("malloc/open: %s", strerror(errno));
	ok(fakeh_create(a) == 0 && fakeh_create(b) == 0, "fakeh created");
	tally_tree(afd, FAKEH_NAME, 0, t);
	is_int(t->dirs, FAKEH_DIRS, "fakeh has 24 directories");
	is_int(t->files, FAKEH_FILES, "fakeh has 320 file names");
	is_double(t->inodes, FAKEH_ORIGINALS, 1e-9, "... on 40 distinct files");
	is_int(t->linked, FAKEH_FILES, "... every one hard-linked");
	na = read_dirlist(a, one, size);
	nb = read_dirlist(b, two, size);
	ok(na == nb && memcmp(one, two, na) == 0, "generation is repeatable");
	check_dirlist(a, one, na);
	ok(fakeh_remove(a) == 0 && fakeh_remove(b) == 0, "fakeh removed");
	ok(entries(a) == 0 && entries(b) == 0, "nothing left after removal");
	ok(rmdir(a) == 0 && rmdir(b) == 0, "scratch directories removed");
	(void)close(afd);	/* read-only directory */
	free(t);
	free(one);
	free(two);
	free(a);
	free(b);
}


int
main(void)
{
	char *datadir = aimutil_path(tap_srcdir(), "tests-aim/data");

	if (datadir == NULL)
		bail("malloc");
	plan_lazy();
	for (size_t i = 0; i < SYS_NTESTS; i++)
		check_descriptor(&sys_tests[i]);
	for (size_t i = 0; i < SYS_NTESTS; i++)
		check_lifecycle(&sys_tests[i], datadir);
	check_remove_tree();
	check_fakeh();
	free(datadir);
	return done_testing();
}
