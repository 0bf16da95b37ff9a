// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The configuration of a test process as one block: packed by aimrun,
 * checked whole by the test program before any of it is used.
 */
#include "config.h"

#include "child_wire.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Bounds of what aimrun's options allow, with room. */
#define WIRE_NS_MAX (86400LL * 1000000000LL)
#define WIRE_SAMPLES_MAX 1000000
#define WIRE_SIZE_K_MAX (64ULL * 1024 * 1024)
/* --zerosize takes up to 1024G */
#define WIRE_ZERO_MAX (1ULL << 40)

static int
put(char *dst, size_t len, const char *src)
{
	if (src == NULL) {
		dst[0] = '\0';
		return 0;
	}
	if (strlen(src) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dst, src, strlen(src) + 1);
	return 0;
}

int
child_wire_pack(struct child_wire *w, const struct aim_test *t,
		const struct child_cfg *c, int result_fd, int ipc_fd)
{
	memset(w, 0, sizeof(*w));
	w->magic = CHILD_WIRE_MAGIC;
	w->size = sizeof(*w);
	if (put(w->test, sizeof(w->test), t->info->name) != 0 ||
	    put(w->scratch, sizeof(w->scratch), c->scratch) != 0 ||
	    put(w->datadir, sizeof(w->datadir), c->datadir) != 0)
		return -1;
	w->result_fd = result_fd;
	w->scratch_fd = c->scratch != NULL ? c->scratch_fd : -1;
	w->ipc_fd = ipc_fd;
	w->ready_fd = c->gate != NULL ? c->gate->ready_fd : -1;
	w->go_fd = c->gate != NULL ? c->gate->go_fd : -1;
	w->copy = c->gate != NULL ? c->gate->copy : 0;
	w->warmup_ns = c->timing.warmup_ns;
	w->duration_ns = c->timing.duration_ns;
	w->batch_ns = c->timing.batch_ns;
	w->samples = c->timing.samples;
	w->samples_fixed = c->timing.samples_fixed != 0;
	w->per_call = c->per_call != 0;
	w->filesize_k = c->filesize_k;
	w->memsize = c->memsize;
	w->zerosize = c->zerosize;
	w->has_counters = c->counters != NULL;
	if (c->counters != NULL) {
		w->counters_want = c->counters->want;
		w->counters_grouped = c->counters->grouped != 0;
	}
	w->pin = c->pin;
	w->threads = c->threads;
	w->monitors = c->monitors != 0;
	return 0;
}

static int
bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A descriptor of this process, or (MAY_BE_NONE) -1. */
static int
fd_ok(int32_t fd, int may_be_none)
{
	if (fd == -1)
		return may_be_none;
	return fd > STDERR_FILENO && fcntl(fd, F_GETFD) >= 0;
}

static int
terminated(const char *s, size_t len)
{
	return memchr(s, '\0', len) != NULL;
}

static int
check_numbers(const struct child_wire *w, char *err, size_t errlen)
{
	if (w->warmup_ns < 0 || w->warmup_ns > WIRE_NS_MAX ||
	    w->duration_ns < 1 || w->duration_ns > WIRE_NS_MAX ||
	    w->batch_ns < 1 || w->batch_ns > WIRE_NS_MAX ||
	    w->samples < 1 || w->samples > WIRE_SAMPLES_MAX)
		return bad(err, errlen, "timing out of range");
	if ((w->samples_fixed | w->per_call | w->has_counters |
	     w->counters_grouped | w->monitors) & ~1)
		return bad(err, errlen, "a flag is neither 0 nor 1");
	if (w->filesize_k > WIRE_SIZE_K_MAX ||
	    w->memsize > WIRE_SIZE_K_MAX * 1024 ||
	    w->zerosize > WIRE_ZERO_MAX)
		return bad(err, errlen, "a size out of range");
	if (w->counters_want >> PERF_EVENTS != 0)
		return bad(err, errlen, "unknown counters %#x",
			   (unsigned)w->counters_want);
	if (w->pin < 0 || w->pin > CPU_SETSIZE)
		return bad(err, errlen, "CPU %d out of range", (int)w->pin);
	if (w->copy < 0 || w->copy >= COPIES_MAX)
		return bad(err, errlen, "copy %d out of range", (int)w->copy);
	if (w->threads < 0 || w->threads > COPIES_MAX)
		return bad(err, errlen, "%d threads out of range",
			   (int)w->threads);
	return 0;
}

static int
check_fds(const struct child_wire *w, char *err, size_t errlen)
{
	if (!fd_ok(w->result_fd, 0) || !fd_ok(w->ipc_fd, 1) ||
	    !fd_ok(w->scratch_fd, w->scratch[0] == '\0') ||
	    (w->scratch[0] == '\0' && w->scratch_fd != -1) ||
	    !fd_ok(w->ready_fd, 1) || !fd_ok(w->go_fd, 1) ||
	    (w->ready_fd == -1) != (w->go_fd == -1))
		return bad(err, errlen, "a descriptor is not open or missing");
	return 0;
}

int
child_wire_unpack(struct child_wire *w, struct child_unpacked *u, char *err,
		  size_t errlen)
{
	struct child_cfg *c = &u->cfg;

	memset(u, 0, sizeof(*u));
	if (w->magic != CHILD_WIRE_MAGIC || w->size != sizeof(*w))
		return bad(err, errlen, "not a configuration block of this build");
	if (!terminated(w->test, sizeof(w->test)) ||
	    !terminated(w->scratch, sizeof(w->scratch)) ||
	    !terminated(w->datadir, sizeof(w->datadir)))
		return bad(err, errlen, "a name is not terminated");
	if (check_numbers(w, err, errlen) != 0 ||
	    check_fds(w, err, errlen) != 0)
		return -1;
	u->test = aim_test_find(w->test);
	if (u->test == NULL)
		return bad(err, errlen, "no test named %.64s", w->test);
	u->result_fd = w->result_fd;
	u->ipc_fd = w->ipc_fd;
	c->scratch = w->scratch[0] != '\0' ? w->scratch : NULL;
	c->scratch_fd = w->scratch_fd;
	c->datadir = w->datadir[0] != '\0' ? w->datadir : NULL;
	c->filesize_k = (unsigned long)w->filesize_k;
	c->memsize = (unsigned long)w->memsize;
	c->zerosize = (unsigned long)w->zerosize;
	timing_cfg_default(&c->timing, w->duration_ns);
	c->timing.warmup_ns = w->warmup_ns;
	c->timing.batch_ns = w->batch_ns;
	c->timing.samples = w->samples;
	c->timing.samples_fixed = w->samples_fixed;
	c->per_call = w->per_call;
	c->pin = w->pin;
	c->threads = w->threads;
	c->monitors = w->monitors;
	if (w->has_counters) {
		u->counters.want = w->counters_want;
		u->counters.grouped = w->counters_grouped;
		c->counters = &u->counters;
	}
	if (w->ready_fd != -1) {
		u->gate = (struct copies_gate){ .ready_fd = w->ready_fd,
						.go_fd = w->go_fd,
						.copy = w->copy };
		c->gate = &u->gate;
	}
	return 0;
}
