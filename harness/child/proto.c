// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Record I/O on the result pipe.
 */
#include "config.h"

#include "proto.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

/* A record holds every metric of the table: the table may not outgrow it. */
_Static_assert(sizeof(struct proto_rec) <= PIPE_BUF,
	       "a result record must be written atomically");
/* The monitors ride in the room of a sample, never making records longer. */
_Static_assert(sizeof(((struct proto_rec *)0)->mon) <=
	       sizeof(struct measure_sample) + sizeof(struct measure_hist),
	       "a piece of monitors fits a sample's room");

int
proto_write(int fd, const struct proto_rec *rec)
{
	ssize_t n;

	do {
		n = write(fd, rec, sizeof(*rec));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if ((size_t)n != sizeof(*rec)) {
		errno = EPIPE;
		return -1;
	}
	return 0;
}

int
proto_write_monitors(int fd, struct monitor *m)
{
	size_t n;
	const struct monitor_val *v = monitor_changes(m, &n);
	struct proto_rec rec;

	for (size_t i = 0; v != NULL && i < n; i += PROTO_MONITORS) {
		size_t k = n - i < PROTO_MONITORS ? n - i : PROTO_MONITORS;

		memset(&rec, 0, sizeof(rec));
		rec.type = PROTO_MONITOR;
		rec.mon.n = (uint32_t)k;
		memcpy(rec.mon.v, v + i, k * sizeof(*v));
		if (proto_write(fd, &rec) != 0)
			return -1;
	}
	return 0;
}

int
proto_read(int fd, struct proto_rec *rec)
{
	char *p = (char *)rec;
	size_t got = 0;

	while (got < sizeof(*rec)) {
		ssize_t n = read(fd, p + got, sizeof(*rec) - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0) {
			if (got == 0)
				return 0;
			errno = EPROTO;
			return -1;
		}
		got += (size_t)n;
	}
	rec->reason[sizeof(rec->reason) - 1] = '\0';
	return 1;
}
