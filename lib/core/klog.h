/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel log's health during a run: the lines of level warning and
 * above (0 emergency to 4 warning) that reach the kernel's log after
 * aimrun opened it, read from /dev/kmsg below sysroot() without
 * blocking, from the position at its end when opened.  What the kernel
 * wrote there is hostile data: a line is kept made printable
 * (tag_printable()), cut to KLOG_TEXT_MAX bytes, and escaped again by
 * every output.  Reading /dev/kmsg needs root where kernel.dmesg_restrict
 * is 1 (Debian's default); without it the run records that the log was
 * not read.
 */
#ifndef AIM_KLOG_H
#define AIM_KLOG_H

#include <stddef.h>
#include <stdint.h>

/* A line's bytes kept, with the NUL. */
#define KLOG_TEXT_MAX 512
/* The least severe level kept: KERN_WARNING. */
#define KLOG_LEVEL_KEPT 4
/*
 * The largest facility a stored line may have (the kernel's records have
 * at most 127) and the latest stamp (klog_parse() takes 18 digits).
 */
#define KLOG_FACILITY_MAX 1000
#define KLOG_USEC_MAX 999999999999999999LL
/* Lines kept of one result; beyond, only counted. */
#define KLOG_LINES_MAX 100

struct klog_line {
	int level;		/* 0 emergency .. 4 warning */
	int facility;		/* 0 the kernel, 1 user space, ... */
	int64_t usec;		/* the kernel's stamp: microseconds since boot */
	char text[KLOG_TEXT_MAX];	/* printable, never empty */
};

struct klog {
	int fd;			/* -1: not open */
	int is_file;		/* a regular file (a made-up log), not the device */
	size_t lost;		/* records the ring overwrote before a read */
};

/*
 * Open the log and go to its end.  0, or -1 with errno (EPERM, EACCES
 * without the right to read it; ENOENT without /dev/kmsg).
 */
int klog_open(struct klog *k);

/*
 * Read what reached the log since the last read: each line of level
 * KLOG_LEVEL_KEPT or above into OUT while fewer than MAX are there (*N
 * counts them, from its value on entry), every such line counted into
 * *SEEN.  Bounded: a log that keeps growing ends the read.  0, or -1
 * with errno when the log could not be read.
 */
int klog_read(struct klog *k, struct klog_line *out, size_t max, size_t *n,
	      size_t *seen);

void klog_close(struct klog *k);

/*
 * One record of /dev/kmsg, "PRIO,SEQ,USEC,FLAGS[,...];TEXT", of LEN
 * bytes (any bytes; no newline) into *OUT.  1 when it is one, else 0 (a
 * continuation line " KEY=VALUE", or anything else).
 */
int klog_parse(const char *rec, size_t len, struct klog_line *out);

/* "emerg", "alert", "crit", "err", "warning" for LEVEL 0..4. */
const char *klog_level_name(int level);

#endif
