// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The events aimrun counts, the --counters option, and the probe that
 * says once per run which of them this kernel cannot count, and why.
 */
#include "config.h"

#include "perf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "parse.h"

enum { ALL, USER, KERNEL };	/* the modes an event counts */

static const struct event {
	const char *name;
	uint32_t type;
	uint64_t config;
	int mode;
	enum measure_id id;
	int dflt;	/* in --counters default */
} events[PERF_EVENTS] = {
#define SW(n, c, id) { n, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c, ALL, id, 1 }
#define HW(n, c, m, id, d) { n, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c, m, id, d }
	SW("task-clock", TASK_CLOCK, MEASURE_TASK_CLOCK),
	SW("context-switches", CONTEXT_SWITCHES, MEASURE_CONTEXT_SWITCHES),
	SW("cpu-migrations", CPU_MIGRATIONS, MEASURE_CPU_MIGRATIONS),
	SW("page-faults", PAGE_FAULTS, MEASURE_PAGE_FAULTS),
	SW("minor-faults", PAGE_FAULTS_MIN, MEASURE_MINOR_FAULTS),
	SW("major-faults", PAGE_FAULTS_MAJ, MEASURE_MAJOR_FAULTS),
	HW("cycles", CPU_CYCLES, ALL, MEASURE_CYCLES, 1),
	HW("instructions", INSTRUCTIONS, ALL, MEASURE_INSTRUCTIONS, 1),
	HW("branches", BRANCH_INSTRUCTIONS, ALL, MEASURE_BRANCHES, 1),
	HW("branch-misses", BRANCH_MISSES, ALL, MEASURE_BRANCH_MISSES, 1),
	HW("cache-references", CACHE_REFERENCES, ALL,
	   MEASURE_CACHE_REFERENCES, 1),
	HW("cache-misses", CACHE_MISSES, ALL, MEASURE_CACHE_MISSES, 1),
	HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND, ALL,
	   MEASURE_STALLED_FRONTEND, 1),
	HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND, ALL,
	   MEASURE_STALLED_BACKEND, 1),
	HW("cycles:u", CPU_CYCLES, USER, MEASURE_CYCLES_USER, 0),
	HW("cycles:k", CPU_CYCLES, KERNEL, MEASURE_CYCLES_KERNEL, 0),
	HW("instructions:u", INSTRUCTIONS, USER, MEASURE_INSTRUCTIONS_USER, 0),
	HW("instructions:k", INSTRUCTIONS, KERNEL, MEASURE_INSTRUCTIONS_KERNEL,
	   0),
#undef SW
#undef HW
};

const char *
perf_event_name(int i)
{
	return events[i].name;
}

void
perf_plan_names(const struct perf_plan *plan, char *buf, size_t len)
{
	size_t at = 0;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (int i = 0; plan != NULL && i < PERF_EVENTS; i++) {
		int n;

		if ((plan->want & (1u << i)) == 0)
			continue;
		n = snprintf(buf + at, len - at, "%s%s", at != 0 ? "," : "",
			     perf_event_name(i));
		if (n < 0 || (size_t)n >= len - at) {
			buf[at] = '\0';	/* a whole name or none */
			break;
		}
		at += (size_t)n;
	}
	if (at == 0)
		snprintf(buf, len, "none");
}

enum measure_id
perf_event_metric(int i)
{
	return events[i].id;
}

int
perf_event_group(int i)
{
	if (events[i].type != PERF_TYPE_SOFTWARE)
		return 2;
	return events[i].config == PERF_COUNT_SW_TASK_CLOCK ? 0 : 1;
}

/*
 * The attributes of event I: disabled 0 so it counts from the open (the
 * meter reads deltas), inherit so the processes a test forks count too.
 * A mode excludes the other one; the hypervisor is never counted.
 */
void
perf_event_attr_of(int i, struct perf_event_attr *attr, int group_format)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = events[i].type;
	attr->config = events[i].config;
	attr->inherit = 1;
	attr->exclude_hv = 1;
	attr->exclude_user = events[i].mode == KERNEL;
	attr->exclude_kernel = events[i].mode == USER;
	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			    PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (group_format)
		attr->read_format |= PERF_FORMAT_GROUP;
}

static void
valid_names(char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "default, none");

	for (int i = 0; i < PERF_EVENTS && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, ", %s",
					 events[i].name);
}

static int
lookup(const char *s, size_t len)
{
	for (int i = 0; i < PERF_EVENTS; i++)
		if (strlen(events[i].name) == len &&
		    memcmp(events[i].name, s, len) == 0)
			return i;
	return -1;
}

int
perf_plan_parse(const char *spec, struct perf_plan *plan, char *err,
		size_t errlen)
{
	char names[512];

	memset(plan, 0, sizeof(*plan));
	plan->grouped = 1;
	if (strcmp(spec, "none") == 0)
		return 0;
	if (strcmp(spec, "default") == 0) {
		for (int i = 0; i < PERF_EVENTS; i++)
			if (events[i].dflt)
				plan->want |= 1u << i;
		return 0;
	}
	for (const char *s = spec;; s++) {
		size_t len = strcspn(s, ",");
		int i = lookup(s, len);

		if (i < 0) {
			valid_names(names, sizeof(names));
			snprintf(err, errlen, "%s event; valid: %s",
				 len == 0 ? "an empty" : "an unknown", names);
			return -1;
		}
		plan->want |= 1u << i;
		plan->named = 1;
		s += len;
		if (*s == '\0')
			return 0;
	}
}

static int
kernel_open(void *arg, struct perf_event_attr *attr, pid_t pid, int group_fd)
{
	(void)arg;
	return (int)syscall(SYS_perf_event_open, attr, pid, -1, group_fd,
			    PERF_FLAG_FD_CLOEXEC);
}

static ssize_t
kernel_read(void *arg, int fd, void *buf, size_t len)
{
	(void)arg;
	return read(fd, buf, len);
}

static void
kernel_close(void *arg, int fd)
{
	(void)arg;
	(void)close(fd);	/* a counter: nothing is lost */
}

static int
kernel_paranoid(void *arg)
{
	char buf[32];
	int fd = open("/proc/sys/kernel/perf_event_paranoid",
		      O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	long v;

	(void)arg;
	if (fd >= 0)
		(void)close(fd);	/* read only */
	if (n <= 0)
		return INT32_MIN;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	if (parse_long(buf, -1000, 1000, &v) != 0)
		return INT32_MIN;
	return (int)v;
}

const struct perf_source *
perf_source_kernel(void)
{
	static const struct perf_source kernel = {
		kernel_open, kernel_read, kernel_close, kernel_paranoid, NULL,
	};

	return &kernel;
}

/*
 * The paranoia level that stops event I with ERR, or 0 when that is not
 * the cause.  Upstream: above 1 no kernel-mode counting, above 2 none.
 */
static int
paranoid_limit(const struct perf_source *src, int i, int err)
{
	int limit = events[i].mode == USER ? 2 : 1;
	int p = src->paranoid(src->arg);

	if ((err != EACCES && err != EPERM) || p == INT32_MIN || p <= limit)
		return 0;
	return limit;
}

/* ENOENT is the kernel's "no such event": no PMU (most VMs). */
static int
no_pmu(int i, int err)
{
	return err == ENOENT && events[i].type == PERF_TYPE_HARDWARE;
}

/*
 * The line for the events refused with ERR[FIRST] for the same cause,
 * marked done: "counters: not supported: cycles, instructions: WHY".
 */
static void
refusal(const struct perf_source *src, int *err, int first, char *line,
	size_t len)
{
	int limit = paranoid_limit(src, first, err[first]);
	int e = err[first];
	size_t used = (size_t)snprintf(line, len, "counters: not supported:");

	for (int i = first; i < PERF_EVENTS && used < len; i++) {
		if (err[i] != e || paranoid_limit(src, i, e) != limit)
			continue;
		used += (size_t)snprintf(line + used, len - used, "%s %s",
					 i == first ? "" : ",", events[i].name);
		err[i] = 0;
	}
	if (used < len)
		used += (size_t)snprintf(line + used, len - used, ": %s",
					 strerror(e));
	if (no_pmu(first, e) && used < len)
		used += (size_t)snprintf(line + used, len - used, " (%s)",
					 PERF_NO_PMU);
	if (limit != 0 && used < len)
		snprintf(line + used, len - used,
			 " (kernel.perf_event_paranoid is %d: set it to %d or lower, sysctl kernel.perf_event_paranoid=%d, or give aimrun CAP_PERFMON)",
			 src->paranoid(src->arg), limit, limit);
}

/* Open event I alone on this process: 0, or the errno. */
static int
try_open(const struct perf_source *src, int i, int group_format)
{
	struct perf_event_attr attr;
	int fd;

	perf_event_attr_of(i, &attr, group_format);
	errno = 0;
	fd = src->open(src->arg, &attr, 0, -1);
	if (fd < 0)
		return errno != 0 ? errno : EINVAL;
	src->close(src->arg, fd);
	return 0;
}

int
perf_no_pmu(const struct perf_source *src)
{
	/* The first hardware event, cycles, which every PMU counts. */
	return no_pmu(PERF_SOFTWARE, try_open(src, PERF_SOFTWARE, 0));
}

void
perf_plan_probe(const struct perf_source *src, struct perf_plan *plan,
		void (*say)(void *arg, const char *line), void *arg)
{
	char line[1024];
	int err[PERF_EVENTS] = { 0 };
	int first = -1;

	for (int i = 0; i < PERF_EVENTS; i++) {
		if (!(plan->want & (1u << i)))
			continue;
		err[i] = try_open(src, i, 0);
		if (err[i] != 0)
			plan->want &= ~(1u << i);
		else if (first < 0)
			first = i;
	}
	for (int i = 0; i < PERF_EVENTS; i++) {
		/* The default counts the hardware where there is some. */
		if (!plan->named && no_pmu(i, err[i]))
			err[i] = 0;
		if (err[i] != 0) {
			refusal(src, err, i, line, sizeof(line));
			say(arg, line);
		}
	}
	/*
	 * Kernels have not always taken inherit with PERF_FORMAT_GROUP
	 * (EINVAL); there each event is opened and read alone, which
	 * inherit has always summed over the children.
	 */
	plan->grouped = first < 0 || try_open(src, first, 1) != EINVAL;
}
