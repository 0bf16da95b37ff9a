/*
 * Zero-page memcmp: the two halves of a private anonymous mapping that
 * nobody writes (it is mapped read-only) read as zeros from the kernel's
 * zero page, or its huge zero page when transparent huge pages give one
 * (the run's environment records thp.enabled and thp.defrag), so the
 * call measures how fast the kernel lets a program read memory it never
 * touched.  Hot: the zero page is mapped (by the warm-up calls); cold:
 * MADV_DONTNEED before each call (untimed) unmaps it, and the call takes
 * the faults.  2 GiB, refused above half of the free memory, which a
 * write would need.
 */
#include "config.h"

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

enum aim_status
memfam_zero_setup(struct aim_ctx *ctx)
{
	long pages = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	size_t n = MEMFAM_BYTES_2g;
	struct zero *z;
	void *p;

	if (pages > 0 && psz > 0 && n > (size_t)pages * (size_t)psz / 2)
		return aim_skip(ctx, "zero-page memcmp maps %zu MiB, more than half the %ld MiB free",
				n >> 20, (long)((pages * (psz / 1024)) >> 10));
	p = mmap(NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		 -1, 0);
	if (p == MAP_FAILED)
		return aim_fail_errno(ctx, "mmap 2 GiB");
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

void
memfam_zero_teardown(struct aim_ctx *ctx)
{
	struct zero *z = aim_ctx_data(ctx);

	if (z != NULL)
		(void)munmap((void *)z->p, z->n);	/* our own mapping */
	free(z);
	aim_ctx_set_data(ctx, NULL);
}
