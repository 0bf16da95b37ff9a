/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The classic IPC message sizes: assorted sizes twice, then small
 * window-system messages, then database-sized ones (mean 328 bytes).  A
 * header of its own so that bench/ratioref's references, which link
 * nothing of aimkit, send the same cycle as the tests (aimutil.c).
 */
#ifndef AIM_AIMMSG_H
#define AIM_AIMMSG_H

/* Largest message of the IPC tests (the classic MAXBLK). */
#define AIMUTIL_MSG_MAX 2048u
/* Entries of the message-size cycle (the classic sizes[] table). */
#define AIMUTIL_MSG_SIZES 31u

static const unsigned short aimmsg_sizes[AIMUTIL_MSG_SIZES] = {
	1, 3, 5, 7, 16, 32, 64, 512, 1024, 2048,
	1, 3, 5, 7, 16, 32, 64, 512, 1024, 2048,
	32, 32, 32, 32, 32, 32,
	512, 512, 512, 512, 512,
};

#endif
