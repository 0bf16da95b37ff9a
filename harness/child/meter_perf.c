// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The perf event counters as a meter.  The events count from their open
 * (before the timed loop, untimed); start and stop each read every group
 * once (one read() per group, three groups at most) and a sample gets the
 * differences.  Reading deltas instead of enabling and disabling around
 * each sample costs the same system calls and keeps counting in the
 * children a test forked, which an ioctl would have to reach too.
 */
#include "config.h"

#include <string.h>

#include "perf.h"

/* Open event I into G; the first to open leads it. */
static int
open_into(struct meter_perf *m, struct perf_group *g, int i, pid_t pid)
{
	struct perf_event_attr attr;
	int fd;

	perf_event_attr_of(i, &attr, m->grouped);
	fd = m->src->open(m->src->arg, &attr, pid, g->n > 0 ? g->fd[0] : -1);
	if (fd < 0)
		return 0;
	g->fd[g->n] = fd;
	g->id[g->n] = perf_event_metric(i);
	g->n++;
	return 1;
}

int
meter_perf_open(struct meter_perf *m, const struct perf_plan *plan,
		const struct perf_source *src, pid_t pid)
{
	int open = 0;

	memset(m, 0, sizeof(*m));
	m->src = src;
	m->grouped = plan->grouped;
	for (int i = 0; i < PERF_EVENTS; i++) {
		struct perf_group *g;

		if (!(plan->want & (1u << i)))
			continue;
		if (m->grouped)
			g = &m->g[perf_event_group(i)];
		else
			g = &m->g[m->n_groups];
		if (!open_into(m, g, i, pid))
			continue;
		open++;
		if (!m->grouped)
			m->n_groups++;
	}
	if (m->grouped)
		m->n_groups = PERF_GROUPS;
	return open;
}

void
meter_perf_close(struct meter_perf *m)
{
	for (int k = 0; k < m->n_groups; k++) {
		/* Members first: the leader holds the group together. */
		for (int j = m->g[k].n - 1; j >= 0; j--)
			m->src->close(m->src->arg, m->g[k].fd[j]);
		m->g[k].n = 0;
	}
	m->n_groups = 0;
}

/*
 * Read G into V: time enabled, time running, then its values in order.
 * 0, or -1 when the read fails or is not what was asked for.
 */
static int
group_read(const struct meter_perf *m, const struct perf_group *g,
	   uint64_t *v)
{
	uint64_t buf[3 + PERF_EVENTS];
	size_t want = (m->grouped ? 3 + (size_t)g->n : 3) * sizeof(buf[0]);
	ssize_t n = m->src->read(m->src->arg, g->fd[0], buf, sizeof(buf));

	if (n < 0 || (size_t)n != want)
		return -1;
	if (m->grouped) {	/* nr, enabled, running, values */
		if (buf[0] != (uint64_t)g->n)
			return -1;
		memcpy(v, buf + 1, want - sizeof(buf[0]));
	} else {		/* value, enabled, running */
		v[0] = buf[1];
		v[1] = buf[2];
		v[2] = buf[0];
	}
	return 0;
}

static void
perf_start(void *arg)
{
	struct meter_perf *m = arg;

	for (int k = 0; k < m->n_groups; k++) {
		struct perf_group *g = &m->g[k];

		g->started = g->n > 0 && group_read(m, g, g->start) == 0;
	}
}

/*
 * A group that was not on the PMU for the whole sample (time running
 * grew less than time enabled: multiplexed with other events, or never
 * scheduled) leaves its metrics unknown.  perf stat would scale the count
 * by enabled / running; a sample stores what was counted or nothing,
 * never an estimate.  Software events are never multiplexed.
 */
static void
perf_stop(void *arg, struct measure_sample *s)
{
	struct meter_perf *m = arg;
	uint64_t now[3 + PERF_EVENTS];

	for (int k = m->n_groups - 1; k >= 0; k--) {
		struct perf_group *g = &m->g[k];

		if (!g->started || group_read(m, g, now) != 0 ||
		    now[1] - g->start[1] < now[0] - g->start[0])
			continue;
		for (int j = 0; j < g->n; j++) {
			uint64_t d = now[2 + j] - g->start[2 + j];

			/* A count that went backwards is not a count. */
			if (now[2 + j] >= g->start[2 + j] && d <= INT64_MAX)
				measure_set(&s->m, g->id[j], (int64_t)d);
		}
	}
}

struct timing_meter
meter_perf(struct meter_perf *m)
{
	struct timing_meter t = { perf_start, perf_stop, m };

	return t;
}

/*
 * A command's counters are opened on its process, held before exec, at
 * each run, and inherited by all it starts; a test's on the calling
 * thread (pid 0), once before the timed loop.
 */
static int
perf_open(void *state, const struct meter_target *t)
{
	if (t->counters == NULL)
		return 0;
	if (meter_perf_open(state, t->counters, perf_source_kernel(),
			    t->pid) > 0)
		return 1;
	meter_perf_close(state);
	return 0;
}

static void
perf_close(void *state)
{
	meter_perf_close(state);
}

const struct meter_kind meter_perf_kind = {
	.name = "perf counters", .on = METER_ON_THREAD | METER_ON_COMMAND,
	.size = sizeof(struct meter_perf), .open = perf_open,
	.start = perf_start, .stop = perf_stop, .close = perf_close,
};

/* The count, or -1 when the read failed or the event was not on the PMU. */
static int64_t
cycles_read(void *arg)
{
	const struct meter_cycles *m = arg;
	uint64_t buf[3];	/* value, enabled, running */
	ssize_t n = m->src->read(m->src->arg, m->fd, buf, sizeof(buf));

	if (n != (ssize_t)sizeof(buf) || buf[2] < buf[1] || buf[0] > INT64_MAX)
		return -1;
	return (int64_t)buf[0];
}

int
meter_cycles_open(struct meter_cycles *m, const struct perf_plan *plan,
		  const struct perf_source *src)
{
	struct perf_event_attr attr;

	m->src = src;
	m->fd = -1;
	if (plan == NULL || !(plan->want & (1u << PERF_EVENT_CYCLES)))
		return -1;
	perf_event_attr_of(PERF_EVENT_CYCLES, &attr, 0);
	m->fd = src->open(src->arg, &attr, 0, -1);
	if (m->fd < 0)
		return -1;
	m->counter.read = cycles_read;
	m->counter.arg = m;
	return 0;
}

void
meter_cycles_close(struct meter_cycles *m)
{
	if (m->fd >= 0)
		m->src->close(m->src->arg, m->fd);
	m->fd = -1;
}
