/*
 * Zero-page memcmp: the two halves of a private anonymous mapping that
 * nobody writes (it is mapped read-only) read as zeros from the kernel's
 * zero page, or its huge zero page when transparent huge pages give one
 * (the run's environment records thp.enabled, thp.defrag and
 * thp.use_zero_page), so the call measures how fast the kernel lets a
 * program read memory it never touched.  Hot: the zero page is mapped
 * (by the warm-up calls); cold: MADV_DONTNEED before each call (untimed)
 * unmaps it, and the call takes the faults.  2 GiB or --zerosize,
 * refused above half of MemAvailable, which a write would need.  After
 * the last call the test notes what the mapping was read through
 * (run facts TEST.N.kernel_page_kb, .thp_eligible, .anon_huge_kb and
 * .zero_page).
 */
#include "config.h"

#include <fcntl.h>
#include <inttypes.h>
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
};

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

enum aim_status
memfam_zero_setup(struct aim_ctx *ctx)
{
	unsigned long avail = available_kib();
	size_t n = aim_ctx_zerosize(ctx) ? aim_ctx_zerosize(ctx) : MEMFAM_BYTES_2g;
	struct zero *z;
	void *p;

	if (avail > 0 && n / 1024 > avail / 2)
		return aim_skip(ctx, "zero-page memcmp maps %zu MiB, more than half the %lu MiB available",
				n >> 20, avail >> 10);
	p = mmap(NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		 -1, 0);
	if (p == MAP_FAILED)
		return aim_fail_errno(ctx, "mmap the zero-page memcmp's mapping");
	z = malloc(sizeof(*z));
	if (z == NULL) {
		(void)munmap(p, n);	/* our own mapping */
		return aim_fail_errno(ctx, "malloc zero-page state");
	}
	z->p = p;
	z->n = n;
	aim_ctx_set_data(ctx, z);
	return AIM_OK;
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

/* The fields of Z's mapping in /proc/self/smaps; -1 those not found. */
static void
smaps_of(const struct zero *z, long *page_kb, long *eligible, long *huge_kb)
{
	char line[256], head[32];
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "re");

	*page_kb = *eligible = *huge_kb = -1;
	snprintf(head, sizeof(head), "%" PRIxPTR "-", (uintptr_t)z->p);
	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		/* A mapping's header: "start-end perms ..." has no colon first. */
		if (strchr(line, ':') == NULL || strchr(line, ':') > strchr(line, ' '))
			in = strncmp(line, head, strlen(head)) == 0;
		if (!in)
			continue;
		(void)(sscanf(line, "KernelPageSize: %ld kB", page_kb) == 1 ||
		       sscanf(line, "AnonHugePages: %ld kB", huge_kb) == 1 ||
		       sscanf(line, "THPeligible: %ld", eligible) == 1);
	}
	if (f != NULL)
		(void)fclose(f);	/* read only */
}

/*
 * Which zero page backs the first 2 MiB-aligned part of Z: every small
 * page maps the one zero page (the same frame twice), the huge zero page
 * is 512 frames in a row.  Frame numbers read as 0 without
 * CAP_SYS_ADMIN: then "unknown".
 */
static const char *
zero_page_kind(const struct zero *z)
{
	uintptr_t a = ((uintptr_t)z->p + (2UL << 20) - 1) & ~((2UL << 20) - 1);
	uint64_t e[2], pfn = (UINT64_C(1) << 55) - 1;
	int fd;
	ssize_t got;

	if (a + 8192 > (uintptr_t)z->p + z->n)
		return "unknown";
	fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
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

void
memfam_zero_teardown(struct aim_ctx *ctx)
{
	struct zero *z = aim_ctx_data(ctx);
	long page_kb, eligible, huge_kb;

	if (z == NULL)
		return;
	/* After the last call: what the reads went through. */
	smaps_of(z, &page_kb, &eligible, &huge_kb);
	aim_note(ctx, "bytes=%zu kernel_page_kb=%ld thp_eligible=%ld anon_huge_kb=%ld zero_page=%s",
		 z->n, page_kb, eligible, huge_kb, zero_page_kind(z));
	(void)munmap((void *)z->p, z->n);	/* our own mapping */
	free(z);
	aim_ctx_set_data(ctx, NULL);
}
