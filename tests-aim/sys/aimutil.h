/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Utilities shared by the system tests: EINTR-safe full reads and writes, the
 * classic message-size cycle of the IPC tests, a 31-bit pseudo-random
 * generator, child reaping, and copying shipped data files into scratch.
 */
#ifndef AIM_AIMUTIL_H
#define AIM_AIMUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "aim_test.h"
#include "aimmsg.h"
/* Largest value aimutil_rand_next() returns. */
#define AIMUTIL_RAND_MAX 0x7fffffffu

/*
 * read()/write() LEN bytes, retrying on EINTR and short transfers.  Return
 * the bytes moved: LEN, or fewer when read() met end of file; -1 with errno
 * on error.
 */
ssize_t aimutil_read_full(int fd, void *buf, size_t len);
ssize_t aimutil_write_full(int fd, const void *buf, size_t len);

/* Size of the message at cycle position *POS, then advance *POS. */
size_t aimutil_msg_next(unsigned *pos);

/*
 * COUNT messages through one channel in one process: write the next size
 * of the cycle to WR, read as much back from RD into BUF (AIMUTIL_MSG_MAX
 * bytes).  The first byte of every message read is added to *SUM.  Return 0,
 * or -1 with errno (EPIPE when the channel ended early).
 */
int aimutil_msg_exchange(int rd, int wr, char *buf, unsigned *pos,
			 unsigned count, uint64_t *sum);

/*
 * A deterministic generator of 31-bit values, replacing AIM's 15-bit one so
 * that files above 32 MiB are sampled whole.  Same seed, same sequence.
 */
struct aimutil_rand {
	uint64_t state;
};

void aimutil_rand_seed(struct aimutil_rand *r, uint64_t seed);
/* Next value in [0, AIMUTIL_RAND_MAX]. */
uint32_t aimutil_rand_next(struct aimutil_rand *r);

/* waitpid(PID) retrying EINTR.  Return 0 with *STATUS, or -1 with errno. */
int aimutil_wait(pid_t pid, int *status);
/* "exited with status N" or "killed by signal N" for a wait status. */
void aimutil_status_text(int status, char *buf, size_t len);

/* "DIR/NAME" in a new malloc'd string, or NULL with errno. */
char *aimutil_path(const char *dir, const char *name);

/*
 * Copy the shipped file NAME from the data directory into the scratch
 * directory with mode 0755 and store the new path (malloc'd, through
 * aim_ctx_dir_held()) in *DST.
 * A missing data directory or file, or a scratch file system mounted
 * noexec, is a skip; other errors are failures.
 */
enum aim_status aimutil_install(struct aim_ctx *ctx, const char *name,
				char **dst);

/*
 * 1 when the working directory is the directory DIR names (the same
 * device and inode), else 0.  A test whose working directory is the held
 * scratch directory may run "./NAME": "." is the directory itself, not a
 * name that a rename could redirect.
 */
int aimutil_cwd_is(const char *dir);

/*
 * Skip unless the scratch directory's file system takes hard links: create
 * a file, link it, remove both.  Other errors are failures.
 */
enum aim_status aimutil_probe_links(struct aim_ctx *ctx);

#endif
