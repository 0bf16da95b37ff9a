// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What zero-page memcmp's mapping was read through, noted as run facts
 * after its last call (memfam_zero.c): its /proc/self/smaps fields, the
 * page frames /proc/self/pagemap shows, and which zero page that makes.
 * Both are read below aim_ctx_root(), where tests plant made-up ones.
 */
#include "config.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "aim_test.h"
#include "memfam_impl.h"

int
memfam_zero_path(const struct aim_ctx *ctx, const char *path, char *buf,
		 size_t len)
{
	int n = snprintf(buf, len, "%s%s", aim_ctx_root(ctx), path);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The mapping header "start-end perms ...": does its range hold A? */
static int
header_holds(const char *line, uintptr_t a, int *header)
{
	unsigned long long lo, hi;
	int end = 0;

	*header = sscanf(line, "%llx-%llx %*s%n", &lo, &hi, &end) == 2 &&
		  end > 0;
	return *header && lo <= a && a < hi;
}

/*
 * The fields of the mapping that holds P in ROOT/proc/self/smaps
 * (a made-up one may give one mapping for all of the address space);
 * -1 those not found.
 */
static void
smaps_of(const struct aim_ctx *ctx, const char *p, long *page_kb,
	 long *eligible, long *huge_kb)
{
	char line[4608], name[4096];	/* a header holds a path */
	int in = 0, header;
	FILE *f = memfam_zero_path(ctx, "/proc/self/smaps", name,
				   sizeof(name)) == 0 ?
		  fopen(name, "re") : NULL;

	*page_kb = *eligible = *huge_kb = -1;
	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		int holds = header_holds(line, (uintptr_t)p, &header);

		if (header)
			in = holds;
		if (!in || header)
			continue;
		(void)(sscanf(line, "KernelPageSize: %ld kB", page_kb) == 1 ||
		       sscanf(line, "AnonHugePages: %ld kB", huge_kb) == 1 ||
		       sscanf(line, "THPeligible: %ld", eligible) == 1);
	}
	if (f != NULL)
		(void)fclose(f);	/* read only */
}

/*
 * Which zero page backs the first 2 MiB-aligned part of [P, P + N), from the
 * frames ROOT/proc/self/pagemap gives: every small page maps the one zero
 * page (the same frame twice), a huge page is 512 frames in a row.
 * Frame numbers read as 0 without CAP_SYS_ADMIN: then "unknown".
 */
static const char *
pagemap_kind(const struct aim_ctx *ctx, const char *p, size_t n)
{
	uintptr_t a = ((uintptr_t)p + MEMFAM_ZERO_HUGE - 1) &
		      ~(MEMFAM_ZERO_HUGE - 1);
	uint64_t e[2], pfn = (UINT64_C(1) << 55) - 1;
	char name[4096];
	int fd;
	ssize_t got;

	if (a + 8192 > (uintptr_t)p + n ||
	    memfam_zero_path(ctx, "/proc/self/pagemap", name,
			     sizeof(name)) != 0)
		return "unknown";
	fd = open(name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return "unknown";
	got = pread(fd, e, sizeof(e), (off_t)(a / 4096 * sizeof(e[0])));
	(void)close(fd);	/* read only */
	if (got != (ssize_t)sizeof(e) || (e[0] & pfn) == 0 ||
	    !(e[0] >> 63) || !(e[1] >> 63))
		return "unknown";
	if ((e[0] & pfn) == (e[1] & pfn))
		return "4k";
	return (e[1] & pfn) == (e[0] & pfn) + 1 ? "2m" : "unknown";
}

/*
 * What the reads went through: "anon" when huge pages of zeros were
 * allocated for them (AnonHugePages: use_zero_page 0 lets a read fault
 * take a real huge page), else the zero page the frames show ("4k", "2m"),
 * else the one the mapping's THP state gives (THPeligible 0: the 4 KiB
 * zero page; 1 with use_zero_page 1: the huge one), else "unknown".  *BY
 * says which source decided.
 */
static const char *
zero_page_read(const char *frames, long eligible, long huge_kb,
	       int use_zero_page, const char **by)
{
	*by = "smaps";
	if (huge_kb > 0)
		return "anon";
	if (strcmp(frames, "unknown") != 0) {
		*by = "pagemap";
		return frames;
	}
	if (eligible == 0)
		return "4k";
	if (eligible == 1 && use_zero_page == 1)
		return "2m";
	*by = "none";
	return "unknown";
}

void
memfam_zero_note(struct aim_ctx *ctx, const char *p, size_t n,
		 int use_zero_page)
{
	long page_kb, eligible, huge_kb;
	const char *kind, *by;

	smaps_of(ctx, p, &page_kb, &eligible, &huge_kb);
	kind = zero_page_read(pagemap_kind(ctx, p, n), eligible, huge_kb,
			      use_zero_page, &by);
	aim_note(ctx, "bytes=%zu kernel_page_kb=%ld thp_eligible=%ld anon_huge_kb=%ld zero_page=%s zero_page_by=%s",
		 n, page_kb, eligible, huge_kb, kind, by);
}
