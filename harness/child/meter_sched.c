// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Run delay and steal per sample.  Each file is opened once, after
 * setup, and read with pread at offset 0, which makes /proc generate it
 * afresh: two system calls per sample, outside its interval.  Only the
 * thread that runs the timed loop is counted: the processes a test
 * forks wait for CPUs of their own, which their wall time in the
 * sample's elapsed time already holds.
 */
#include "config.h"

#include "meter_sched.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int
open_below(const char *root, const char *path)
{
	char full[4096];

	if (snprintf(full, sizeof(full), "%s%s", root, path) >=
	    (int)sizeof(full))
		return -1;
	return open(full, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
}

/* The text of FD from offset 0 into BUF, NUL-terminated.  0 or -1. */
static int
read_text(int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* A decimal field of at most 18 digits at *P, skipping blanks before. */
static int64_t
field(const char **p)
{
	const char *s = *p;
	int64_t v = 0;
	int digits = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (*s >= '0' && *s <= '9' && digits < 18) {
		v = v * 10 + (*s++ - '0');
		digits++;
	}
	*p = s;
	if (digits == 0 || (*s >= '0' && *s <= '9'))
		return -1;
	return v;
}

int64_t
meter_sched_steal_ticks(const char *buf)
{
	const char *p = buf;
	int64_t v = -1;

	if (strncmp(p, "cpu ", 4) != 0)
		return -1;
	p += 4;
	/* user nice system idle iowait irq softirq steal */
	for (int i = 0; i < 8; i++)
		if ((v = field(&p)) < 0)
			return -1;
	return v;
}

/* run_delay of "on_cpu_ns run_delay_ns timeslices", or -1. */
static int64_t
read_delay(struct meter_sched *m)
{
	char buf[128];
	const char *p = buf;

	if (m->delay_fd < 0 || read_text(m->delay_fd, buf, sizeof(buf)) != 0 ||
	    field(&p) < 0)
		return -1;
	return field(&p);
}

/* Steal since boot in ns, or -1. */
static int64_t
read_steal(struct meter_sched *m)
{
	char buf[512];
	int64_t t, ns_per_tick = 1000000000 / m->tick_hz;

	if (m->stat_fd < 0 || read_text(m->stat_fd, buf, sizeof(buf)) != 0)
		return -1;
	t = meter_sched_steal_ticks(buf);
	if (t < 0 || t > INT64_MAX / ns_per_tick)
		return -1;
	return t * ns_per_tick;
}

int
meter_sched_open(struct meter_sched *m, const char *root)
{
	long hz = sysconf(_SC_CLK_TCK);

	m->delay_fd = open_below(root, "/proc/thread-self/schedstat");
	m->stat_fd = open_below(root, "/proc/stat");
	m->tick_hz = hz;
	if (hz <= 0 || hz > 1000000000 || 1000000000 % hz != 0) {
		if (m->stat_fd >= 0)
			(void)close(m->stat_fd);	/* read-only */
		m->stat_fd = -1;
	}
	m->delay0 = m->steal0 = -1;
	/* A kernel without schedstats gives a file that reads "0 0 0". */
	return (m->delay_fd >= 0) + (m->stat_fd >= 0 && read_steal(m) >= 0);
}

void
meter_sched_close(struct meter_sched *m)
{
	/* Read-only descriptors: a failed close loses nothing. */
	if (m->delay_fd >= 0)
		(void)close(m->delay_fd);
	if (m->stat_fd >= 0)
		(void)close(m->stat_fd);
	m->delay_fd = m->stat_fd = -1;
}

static void
sched_start(void *arg)
{
	struct meter_sched *m = arg;

	m->delay0 = read_delay(m);
	m->steal0 = read_steal(m);
}

static void
sched_stop(void *arg, struct measure_sample *s)
{
	struct meter_sched *m = arg;
	int64_t d = read_delay(m), st = read_steal(m);

	/* Without both readings, or going backwards, it stays unknown. */
	if (m->delay0 >= 0 && d >= m->delay0)
		measure_set(&s->m, MEASURE_RUN_DELAY, d - m->delay0);
	if (m->steal0 >= 0 && st >= m->steal0)
		measure_set(&s->m, MEASURE_STEAL, st - m->steal0);
}

struct timing_meter
meter_sched(struct meter_sched *m)
{
	struct timing_meter t = { sched_start, sched_stop, m };

	return t;
}

/* The running system's files, for the calling thread. */
static int
sched_open(void *state, const struct meter_target *t)
{
	if (meter_sched_open(state, "") > 0)
		return 1;
	meter_sched_close(state);
	return 0;
}

static void
sched_close(void *state)
{
	meter_sched_close(state);
}

const struct meter_kind meter_sched_kind = {
	.name = "run delay and steal", .on = METER_ON_THREAD,
	.size = sizeof(struct meter_sched), .open = sched_open,
	.start = sched_start, .stop = sched_stop, .close = sched_close,
};
