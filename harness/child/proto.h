/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Child-to-parent records on the result pipe.  Each record is fixed-size
 * and smaller than PIPE_BUF, so a write is atomic and a record is never
 * torn even when the child dies mid-way.
 */
#ifndef AIM_PROTO_H
#define AIM_PROTO_H

#include <stdint.h>

#include "ctx.h"
#include "measure.h"
#include "monitor.h"

enum proto_type {
	PROTO_WARMUP = 1,	/* calls and ns spent warming up (discarded) */
	PROTO_SAMPLE,		/* one timed sample */
	PROTO_STATUS,		/* final status and reason */
	PROTO_MONITOR,		/* changes of the kernel's monitors, a piece */
};

/* Monitors a record carries: as many as the room of a sample's. */
#define PROTO_MONITORS 25

struct proto_rec {
	uint32_t type;
	union {
		struct {
			/* PROTO_WARMUP, PROTO_SAMPLE */
			struct measure_sample sample;
			/* PROTO_SAMPLE timed per call: n > 0 */
			struct measure_hist hist;
		};
		struct {	/* PROTO_MONITOR */
			uint32_t n;
			struct monitor_val v[PROTO_MONITORS];
		} mon;
	};
	int32_t status;		/* enum aim_status, PROTO_STATUS only */
	char reason[AIM_REASON_MAX];
};

/*
 * The changes of M (monitor_changes()) as PROTO_MONITOR records: 0, or
 * -1 (errno set) when a write failed.  Nothing when M made none.
 */
int proto_write_monitors(int fd, struct monitor *m);

/* Write one record, retrying on EINTR.  0 or -1 (errno set). */
int proto_write(int fd, const struct proto_rec *rec);

/*
 * Read one record.  1 when a whole record was read, 0 at end of file,
 * -1 on error or a short record (errno set; EPROTO for a short one).
 */
int proto_read(int fd, struct proto_rec *rec);

#endif
