/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test API: what one classic test is and the only harness services it may
 * use.  A test does work; the harness owns the clock, the loop and the output.
 */
#ifndef AIM_TEST_H
#define AIM_TEST_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "catalog.h"

enum aim_status {
	AIM_OK = 0,
	AIM_SKIP,	/* a facility is absent: reason names it */
	AIM_FAIL,	/* the operation failed: reason carries errno text */
};

/* Checked by the harness before setup(); a missing facility is a skip. */
enum aim_needs {
	AIM_NEEDS_NOTHING = 0,
	AIM_NEEDS_SCRATCH = 1 << 0,	/* private directory on the disk under test */
	AIM_NEEDS_NET = 1 << 1,		/* loopback sockets */
	AIM_NEEDS_EXEC = 1 << 2,	/* forks and execs helper programs */
};

/*
 * A process a test forks has no libm (the harness keeps it from
 * children, harness/child/child.c): between fork and execve or _exit it may
 * call the C library, never a function of <math.h>.
 */
struct aim_ctx;	/* opaque, owned by the harness */

struct aim_test {
	/*
	 * What it measures: number, name, units, factor, judged rate.  Only
	 * the catalog says it (lib/core/catalog.c), once for every program.
	 */
	const struct catalog_test *info;
	unsigned needs;		/* enum aim_needs bits */
	/* Optional, untimed: allocate, create files, start partners. */
	enum aim_status (*setup)(struct aim_ctx *ctx);
	/* Required, timed: one call does the catalog's factor of operations. */
	enum aim_status (*run)(struct aim_ctx *ctx);
	/* Optional, untimed; must not fail. */
	void (*teardown)(struct aim_ctx *ctx);
	/*
	 * Optional, untimed, before every call (a cache flush): a test that
	 * has one is always timed call by call (harness/child/latency.c).
	 */
	void (*prepare)(struct aim_ctx *ctx);
	/* Timed call by call by default (aimrun --latency for every test). */
	int per_call;
	/* Which variant of a family's run() this is (aim_ctx_param()). */
	uintptr_t param;
	/*
	 * Why it cannot run as several copies at once (aimrun --copies): a
	 * fixed port, a fixed file in shared state.  NULL: each copy has
	 * its own of everything (scratch directory, IPC keys, ports 0).
	 */
	const char *no_copies;
	/*
	 * aimrun --threads runs the copies as threads of one process: only
	 * a test whose setup, run and teardown touch nothing of the process
	 * as a whole (working directory, signals, fork and exec, rlimits,
	 * the break, globals, static buffers of the C library) may say so.
	 * Every other test gives why not in no_threads.
	 */
	int thread_safe;
	const char *no_threads;
};

/* The classic tests in classic order, NULL-terminated (registry.c). */
extern const struct aim_test *const aim_tests[];

/* Number of entries in aim_tests (60). */
size_t aim_tests_count(void);

/*
 * Tests outside the classic suite (numbers above 100), NULL-terminated:
 * they run only when named, e.g. calibrate (extra.c).
 */
extern const struct aim_test *const aim_extra_tests[];

/*
 * The families' variants (catalog rows from CATALOG_MEMFAM_FIRST, in
 * catalog order), NULL-terminated: they run when named or by suite/mem.
 */
extern const struct aim_test *const aim_family_tests[];

/* The test named NAME, classic, extra or of a family, or NULL. */
const struct aim_test *aim_test_find(const char *name);

/*
 * 4 x the size of the largest cache /sys/devices/system/cpu/cpu0/cache
 * names (the last level), else 4 x 32 MiB: the mem family's "llc" size.
 */
unsigned long aim_memfam_default_size(void);

/* Operations one run() call counts, given the suite's file size in KiB. */
unsigned long aim_test_factor(const struct aim_test *t,
			      unsigned long filesize_k);
/*
 * The same, given the run's memory size and zero-page memcmp size in
 * bytes (aim_ctx_memsize(), aim_ctx_zerosize()).
 */
unsigned long aim_test_factor_sized(const struct aim_test *t,
				    unsigned long filesize_k,
				    unsigned long memsize,
				    unsigned long zerosize);

/*
 * Harness services.  The scratch directory is private to this process,
 * mode 0700, removed by the harness afterwards; NULL unless the test
 * declared AIM_NEEDS_SCRATCH.
 */
const char *aim_ctx_dir(const struct aim_ctx *ctx);
/*
 * The same directory as a path through the descriptor the harness holds
 * it by (/proc/self/fd/N, else "." when /proc is absent: it is also the
 * working directory): renaming another directory to its name cannot
 * redirect it.  Whatever a test executes from scratch goes through it,
 * or is "./NAME" once aimutil_cwd_is() says the working directory is it.
 * The same as aim_ctx_dir() where nothing holds the directory.
 */
const char *aim_ctx_dir_held(const struct aim_ctx *ctx);
/* Suite FILESIZE in KiB (classic default 5120). */
unsigned long aim_ctx_filesize_k(const struct aim_ctx *ctx);
/* The descriptor's param: which variant of a family's run() this is. */
uintptr_t aim_ctx_param(const struct aim_ctx *ctx);
/*
 * The mem family's size above the last-level cache, in bytes: --memsize
 * or the suite's memsize, else 4 x the largest cache sysfs names for
 * cpu0 (aim_memfam_default_size()); 0 outside aimrun.
 */
unsigned long aim_ctx_memsize(const struct aim_ctx *ctx);
/* Zero-page memcmp's mapping in bytes (--zerosize); 0: the default. */
unsigned long aim_ctx_zerosize(const struct aim_ctx *ctx);
/*
 * What a test reads of /proc and /sys is below this root: "" for the
 * running system, or $AIM_CHECK_ROOT, a made-up tree in which the tests
 * of aimkit plant what the kernel would say (lib/core/sysroot.h).
 */
const char *aim_ctx_root(const struct aim_ctx *ctx);
/* Directory holding the shipped helper files (aim_1.sh.., true). */
const char *aim_ctx_datadir(const struct aim_ctx *ctx);
/*
 * System V IPC objects outlive the process that made them.  Create each
 * under a fresh key of aim_ctx_ipc_key() with IPC_CREAT | IPC_EXCL (on
 * EEXIST drop the key and take another), never IPC_PRIVATE: the key is
 * held before the object exists, so a kill at any point leaves nothing
 * the harness does not know.  When the test process ends, killed or not,
 * the harness removes the objects under the keys still held, if this
 * process made them, and nothing else.  Drop a key once its object is
 * removed (or a segment marked with IPC_RMID).  A key is random, so no
 * other program's object sits under it by design.  (key_t)-1 with errno
 * ENOSPC when AIM_IPC_MAX are held already; outside the harness nothing
 * is held.  Only the test process calls them, never a process it forks:
 * the table is not mapped there.
 */
#define AIM_IPC_MAX 4
enum aim_ipc_kind {
	AIM_IPC_SHM = 1,	/* a shared memory segment */
	AIM_IPC_SEM,		/* a semaphore set */
};
key_t aim_ctx_ipc_key(struct aim_ctx *ctx, enum aim_ipc_kind kind);
void aim_ctx_ipc_drop(struct aim_ctx *ctx, key_t key);
/* Per-test state slot: set in setup(), freed in teardown(). */
void *aim_ctx_data(const struct aim_ctx *ctx);
void aim_ctx_set_data(struct aim_ctx *ctx, void *data);

/* Record why the test cannot run here and return AIM_SKIP. */
enum aim_status aim_skip(struct aim_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Record "what: strerror(errno)" and return AIM_FAIL. */
enum aim_status aim_fail_errno(struct aim_ctx *ctx, const char *what);
/* Record a failure reason without errno and return AIM_FAIL. */
enum aim_status aim_fail(struct aim_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * What a test that ends ok says about how it ran (from teardown, say):
 * "key=value" words, keys of [a-z0-9_], values of [A-Za-z0-9_.+-], each
 * at most 32 bytes, stored as the run facts "TEST.N.key" of its Nth run
 * (harness/run_record.c).  A skip or failure replaces it.
 */
void aim_note(struct aim_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Sinks: hand a computed value to code the compiler cannot see through,
 * so the work that produced it cannot be deleted.
 */
static inline void
aim_sink_u64(uint64_t v)
{
	__asm__ volatile("" : : "r"(v) : "memory");
}

static inline void
aim_sink_double(double v)
{
	__asm__ volatile("" : : "g"(v) : "memory");
}

static inline void
aim_sink_ptr(const void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

#endif
