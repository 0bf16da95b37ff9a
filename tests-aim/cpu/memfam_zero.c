// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zero-page memcmp: the two halves of a private anonymous mapping that
 * nobody writes (it is mapped read-only) read as zeros from the kernel's
 * zero page, or its huge zero page when transparent huge pages give one,
 * so the call measures how fast the kernel lets a program read memory it
 * never touched.  mem_zerocmp asks for nothing: under THP "madvise" it
 * reads the 4 KiB zero page, under "always" the huge one.  mem_zerocmpthp
 * asks for huge pages (MADV_HUGEPAGE on a mapping aligned to 2 MiB), so
 * it reads the huge zero page under "madvise" too, as the measurements
 * that compared the two did; under "never" it skips with the reason.
 * Hot: the zero page is mapped (by the warm-up calls); cold: MADV_DONTNEED
 * before each call (untimed) unmaps it, and the call takes the faults.
 * 2 GiB or --zerosize, refused above half of MemAvailable, which a write
 * (or a read under use_zero_page 0) would need.  After the last call the
 * test notes what the mapping was read through (run facts
 * TEST.N.kernel_page_kb, .thp_eligible, .anon_huge_kb, .zero_page and
 * .zero_page_by), /proc and /sys read below aim_ctx_root().
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "aim_test.h"
#include "memfam_impl.h"

struct zero {
	const char *p;
	size_t n;
	void *map;		/* what mmap gave, around P when aligned */
	size_t map_n;
	int use_zero_page;	/* transparent_hugepage/use_zero_page; -1 */
};

/* The first line of ROOT/PATH into BUF; 0, or -1 when it cannot be read. */
static int
first_line(const struct aim_ctx *ctx, const char *path, char *buf, size_t len)
{
	char name[4096];
	FILE *f;
	int ok;

	if (memfam_zero_path(ctx, path, name, sizeof(name)) != 0 ||
	    (f = fopen(name, "re")) == NULL)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	(void)fclose(f);	/* read only */
	return ok ? 0 : -1;
}

#define THP_DIR "/sys/kernel/mm/transparent_hugepage/"

/* MemAvailable in KiB, else the free pages sysconf counts, else 0. */
static unsigned long
available_kib(void)
{
	char line[128];
	unsigned long kib = 0;
	long pages = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	FILE *f = fopen("/proc/meminfo", "re");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "MemAvailable: %lu kB", &kib) == 1)
			break;
	if (f != NULL)
		(void)fclose(f);	/* read only */
	if (kib == 0 && pages > 0 && psz > 0)
		kib = (unsigned long)pages * (unsigned long)(psz / 1024);
	return kib;
}

/*
 * mem_zerocmpthp: transparent huge pages must be there and not "never",
 * or MADV_HUGEPAGE gives no huge zero page; skip saying so.
 */
static enum aim_status
thp_usable(struct aim_ctx *ctx)
{
	char line[256];

	if (first_line(ctx, THP_DIR "enabled", line, sizeof(line)) != 0)
		return aim_skip(ctx, "no transparent huge pages in this kernel "
				"(%s" THP_DIR "enabled cannot be read): no huge "
				"zero page to ask for", aim_ctx_root(ctx));
	if (strstr(line, "[never]") != NULL)
		return aim_skip(ctx, "transparent huge pages are \"never\" "
				"(" THP_DIR "enabled): MADV_HUGEPAGE gives no "
				"huge zero page");
	return AIM_OK;
}

/* N bytes read-only; with HUGE, 2 MiB-aligned and MADV_HUGEPAGE. */
static enum aim_status
zero_map(struct aim_ctx *ctx, struct zero *z, size_t n, int huge)
{
	uintptr_t a;

	z->map_n = huge ? n + MEMFAM_ZERO_HUGE : n;
	z->map = mmap(NULL, z->map_n, PROT_READ,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (z->map == MAP_FAILED)
		return aim_fail_errno(ctx, "mmap the zero-page memcmp's mapping");
	a = (uintptr_t)z->map;
	if (huge)
		a = (a + MEMFAM_ZERO_HUGE - 1) & ~(MEMFAM_ZERO_HUGE - 1);
	z->p = (const char *)a;
	z->n = n;
	if (huge && madvise((void *)a, n, MADV_HUGEPAGE) != 0) {
		enum aim_status st = aim_skip(ctx, "madvise(MADV_HUGEPAGE): %s",
					      strerror(errno));

		(void)munmap(z->map, z->map_n);	/* our own mapping */
		return st;
	}
	return AIM_OK;
}

static enum aim_status
zero_setup(struct aim_ctx *ctx, int huge)
{
	unsigned long avail = available_kib();
	size_t n = aim_ctx_zerosize(ctx) ? aim_ctx_zerosize(ctx) : MEMFAM_BYTES_2g;
	enum aim_status st = huge ? thp_usable(ctx) : AIM_OK;
	struct zero *z;
	char line[32];

	if (st != AIM_OK)
		return st;
	if (avail > 0 && n / 1024 > avail / 2)
		return aim_skip(ctx, "zero-page memcmp maps %zu MiB, more than half the %lu MiB available",
				n >> 20, avail >> 10);
	z = malloc(sizeof(*z));
	if (z == NULL)
		return aim_fail_errno(ctx, "malloc zero-page state");
	st = zero_map(ctx, z, n, huge);
	if (st != AIM_OK) {
		free(z);
		return st;
	}
	z->use_zero_page = -1;
	if (first_line(ctx, THP_DIR "use_zero_page", line, sizeof(line)) == 0)
		z->use_zero_page = line[0] == '1' ? 1 : line[0] == '0' ? 0 : -1;
	aim_ctx_set_data(ctx, z);
	return AIM_OK;
}

enum aim_status
memfam_zero_setup(struct aim_ctx *ctx)
{
	return zero_setup(ctx, 0);
}

enum aim_status
memfam_zerothp_setup(struct aim_ctx *ctx)
{
	return zero_setup(ctx, 1);
}

enum aim_status
memfam_zero_run(struct aim_ctx *ctx)
{
	struct zero *z = aim_ctx_data(ctx);

	if (memcmp(z->p, z->p + z->n / 2, z->n / 2) != 0)
		return aim_fail(ctx, "the halves of an untouched mapping differ");
	return AIM_OK;
}

void
memfam_zero_cold(struct aim_ctx *ctx)
{
	struct zero *z = aim_ctx_data(ctx);

	/* Cannot fail on our own mapping; if it did, the call is hot. */
	(void)madvise((void *)z->p, z->n, MADV_DONTNEED);
}

void
memfam_zero_teardown(struct aim_ctx *ctx)
{
	struct zero *z = aim_ctx_data(ctx);

	if (z == NULL)
		return;
	/* After the last call: what the reads went through. */
	memfam_zero_note(ctx, z->p, z->n, z->use_zero_page);
	(void)munmap(z->map, z->map_n);	/* our own mapping */
	free(z);
	aim_ctx_set_data(ctx, NULL);
}
