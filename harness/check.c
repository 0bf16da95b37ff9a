// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The machine checks of aimrun --check.  Each reads a file or two of
 * /proc and /sys below the root and adds at most one finding; what is
 * absent (no cpufreq, no SMT control) is no finding.
 */
#include "config.h"

#include "check.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "env_sys.h"
#include "log.h"
#include "perf.h"

#define CPU_DIR "/sys/devices/system/cpu"
/*
 * The 1-minute load average of others: one CPU busy on average.  Below
 * it, with nothing else runnable now, the load is what this user just
 * ran (a build, the last run), which has ended.
 */
#define LOAD_LIMIT 1.0
#define STEAL_LIMIT_PCT 1.0	/* of all CPU time */
#define STEAL_WINDOW_NS 50000000L

struct checks {
	const char *root;
	int pin;
	struct check_finding *out;
	size_t n;
};

static void __attribute__((format(printf, 5, 6)))
found(struct checks *c, const char *what, int brief, const char *fix,
      const char *fmt, ...)
{
	struct check_finding *f;
	va_list ap;

	if (c->n == CHECK_MAX)
		return;
	f = &c->out[c->n++];
	f->what = what;
	f->fix = fix;
	f->brief = brief;
	va_start(ap, fmt);
	(void)vsnprintf(f->text, sizeof(f->text), fmt, ap);
	va_end(ap);
}

/* Printable letters of a name the kernel reports (a process's comm). */
static void
safe_copy(char *dst, size_t len, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < len && i < n; i++) {
		char ch = src[i];

		dst[i] = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			 (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
			 ch == '.' || ch == '/' || ch == ':' ? ch : '?';
	}
	dst[i] = '\0';
}

/* Names of up to three runnable processes but this one, into BUF. */
static void
busy_names(const char *root, char *buf, size_t len)
{
	char path[4096], line[512], name[32];
	DIR *d;
	struct dirent *e;
	size_t used = 0;
	int shown = 0;

	buf[0] = '\0';
	if (snprintf(path, sizeof(path), "%s/proc", root) >= (int)sizeof(path) ||
	    (d = opendir(path)) == NULL)
		return;
	while (shown < 3 && (e = readdir(d)) != NULL) {
		char *open, *close;
		int n;

		if (e->d_name[0] < '1' || e->d_name[0] > '9' ||
		    strtol(e->d_name, NULL, 10) == (long)getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", e->d_name);
		if (envsys_line(root, path, line, sizeof(line)) != 0 ||
		    (open = strchr(line, '(')) == NULL ||
		    (close = strrchr(line, ')')) == NULL || close < open ||
		    close[1] != ' ' || close[2] != 'R')
			continue;
		safe_copy(name, sizeof(name), open + 1, (size_t)(close - open - 1));
		n = snprintf(buf + used, len - used, "%s%s", shown ? ", " : "", name);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
		shown++;
	}
	(void)closedir(d);	/* read-only */
}

static void
check_load(struct checks *c)
{
	char line[256], names[128];
	double load;
	int running, total;

	if (envsys_line(c->root, "/proc/loadavg", line, sizeof(line)) != 0 ||
	    sscanf(line, "%lf %*f %*f %d/%d", &load, &running, &total) != 3 ||
	    !(load >= 0.0 && load < 1e6) || running < 0)
		return;
	busy_names(c->root, names, sizeof(names));
	/* The reading process is one of the runnable ones. */
	if (load < LOAD_LIMIT && running <= 1 && names[0] == '\0')
		return;
	found(c, "load", 1,
	      "wait until the machine is idle, or stop what keeps it busy (top, ps -eo pid,stat,pcpu,comm)",
	      "load average %.2f, %d other runnable processes%s%s", load,
	      running > 0 ? running - 1 : 0, names[0] ? ": " : "", names);
}

static void
check_cpufreq(struct checks *c)
{
	char buf[128];
	int cpu = c->pin > 0 ? c->pin - 1 : 0;
	char path[128];

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/scaling_governor", cpu);
	if (envsys_line(c->root, path, buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "performance") != 0)
		found(c, "governor", 1,
		      "cpupower frequency-set -g performance (or write performance to " CPU_DIR "/cpu*/cpufreq/scaling_governor)",
		      "CPU frequency governor of CPU %d is %.64s: the clock moves with the load", cpu, buf);
	if ((envsys_line(c->root, CPU_DIR "/cpufreq/boost", buf, sizeof(buf)) == 0 &&
	     strcmp(buf, "1") == 0) ||
	    (envsys_line(c->root, CPU_DIR "/intel_pstate/no_turbo", buf, sizeof(buf)) == 0 &&
	     strcmp(buf, "0") == 0))
		found(c, "boost", 1,
		      "echo 0 > " CPU_DIR "/cpufreq/boost (echo 1 > " CPU_DIR "/intel_pstate/no_turbo with intel_pstate)",
		      "CPU boost (turbo) is on: the clock follows temperature and the load of other cores");
}

/* An empty list or "(null)" is none. */
static int
cpu_list(const char *root, const char *path, char *buf, size_t len)
{
	return envsys_line(root, path, buf, len) == 0 && buf[0] != '\0' &&
	       strcmp(buf, "(null)") != 0;
}

static void
check_cpus(struct checks *c)
{
	char buf[256];

	if (envsys_line(c->root, CPU_DIR "/smt/active", buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "1") == 0)
		found(c, "smt", 0,
		      "pin with --cpu N where N's sibling (" CPU_DIR "/cpuN/topology/thread_siblings_list) is idle, or echo off > " CPU_DIR "/smt/control",
		      "SMT is on: a sibling thread shares the core of the test");
	if (!cpu_list(c->root, CPU_DIR "/isolated", buf, sizeof(buf)))
		found(c, "isolated", 0,
		      "boot with isolcpus=N and run aimrun --cpu N",
		      "no CPU is isolated: the scheduler puts other work on the test's CPU");
	else if (c->pin == 0)
		found(c, "isolated", 1, "run aimrun --cpu N with N among them",
		      "CPUs %.64s are isolated, but the run is not pinned", buf);
	if (!cpu_list(c->root, CPU_DIR "/nohz_full", buf, sizeof(buf)))
		found(c, "nohz_full", 0,
		      "boot with nohz_full=N (with isolcpus=N) and run aimrun --cpu N",
		      "no nohz_full CPU: the timer tick interrupts the test on every CPU");
}

static void
check_kernel(struct checks *c)
{
	char buf[256];

	if (envsys_line(c->root, "/proc/sys/kernel/randomize_va_space", buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "2") != 0)
		found(c, "aslr", 1, "sysctl kernel.randomize_va_space=2",
		      "ASLR is %.16s, not 2: layouts repeat from run to run, so one layout's luck can look like a change (doc/statistics.md, \"Layout\")", buf);
	if (envsys_choice(c->root, "/sys/kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "always") == 0)
		found(c, "thp", 0,
		      "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled",
		      "THP is always: khugepaged may collapse the pages of a test while it is timed");
	if (envsys_line(c->root, "/proc/sys/kernel/perf_event_paranoid", buf, sizeof(buf)) == 0 &&
	    atoi(buf) >= 2 && geteuid() != 0)
		found(c, "perf_event_paranoid", 0,
		      "sysctl kernel.perf_event_paranoid=1 (or run as root)",
		      "perf_event_paranoid is %.16s: --counters cannot count the kernel's part", buf);
}

/* Steal and all CPU time since boot, in ticks.  0 or -1. */
static int
steal_ticks(const char *root, long long *steal, long long *total)
{
	char line[512];
	long long v[8];

	if (envsys_line(root, "/proc/stat", line, sizeof(line)) != 0 ||
	    sscanf(line, "cpu %lld %lld %lld %lld %lld %lld %lld %lld", &v[0],
		   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) != 8)
		return -1;
	*total = 0;
	for (int i = 0; i < 8; i++) {
		if (v[i] < 0 || v[i] > 1000000000000000LL)
			return -1;
		*total += v[i];
	}
	*steal = v[7];
	return 0;
}

static void
check_virt(struct checks *c)
{
	char buf[4096];
	long long s0, t0, s1, t1;
	struct timespec gap = { 0, STEAL_WINDOW_NS };
	const char *p;

	if ((envsys_field(c->root, "/proc/cpuinfo", "flags", buf, sizeof(buf)) == 0 &&
	     (p = strstr(buf, "hypervisor")) != NULL &&
	     (p == buf || p[-1] == ' ') && (p[10] == '\0' || p[10] == ' ')) ||
	    (envsys_line(c->root, "/sys/hypervisor/type", buf, sizeof(buf)) == 0 &&
	     buf[0] != '\0'))
		found(c, "hypervisor", 0,
		      "measure on bare metal, or on vCPUs pinned to host cores nothing else uses; watch steal_ns and the canary in aimcmp",
		      "running under a hypervisor: steal, and neighbours sharing host cores, slow the tests");
	if (steal_ticks(c->root, &s0, &t0) != 0 || s0 == 0 || t0 == 0)
		return;
	(void)nanosleep(&gap, NULL);	/* a shorter window says less */
	if (steal_ticks(c->root, &s1, &t1) == 0 && t1 > t0 &&
	    100.0 * (double)(s1 - s0) / (double)(t1 - t0) >= STEAL_LIMIT_PCT)
		found(c, "steal", 1, "move the guest to a host with idle cores",
		      "%.1f %% of CPU time was stolen by the hypervisor in the last 50 ms",
		      100.0 * (double)(s1 - s0) / (double)(t1 - t0));
	else if (100.0 * (double)s0 / (double)t0 >= STEAL_LIMIT_PCT)
		found(c, "steal", 0, "move the guest to a host with idle cores",
		      "%.1f %% of CPU time was stolen by the hypervisor since boot",
		      100.0 * (double)s0 / (double)t0);
}

/*
 * A machine without a PMU: every run's --counters default counts the
 * software events alone, which each run leaves unsaid.  Asked of the
 * running kernel only: a made-up tree ($AIM_CHECK_ROOT) has no PMU to
 * describe.
 */
static void
check_counters(struct checks *c)
{
	if (c->root[0] != '\0' || !perf_no_pmu(perf_source_kernel()))
		return;
	found(c, "counters", 0,
	      "measure on bare metal, or give the guest the host's PMU (qemu with KVM: -cpu host,pmu=on); runs meanwhile count the software events",
	      "%s: cycles, instructions, branches, caches and stalls cannot be counted (aimrun --counters default counts the software events only)",
	      PERF_NO_PMU);
}

size_t
check_machine(const char *root, int pin, struct check_finding *out)
{
	struct checks c = { .root = root, .pin = pin, .out = out };

	check_load(&c);
	check_cpufreq(&c);
	check_cpus(&c);
	check_kernel(&c);
	check_virt(&c);
	check_counters(&c);
	return c.n;
}

int
check_print(FILE *f, const struct check_finding *c, size_t n)
{
	if (n == 0 && fprintf(f, "nothing found that spoils measurements\n") < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (fprintf(f, "%s: %s\n  change: %s\n", c[i].what, c[i].text,
			    c[i].fix) < 0)
			return -1;
	return 0;
}

void
check_warn_brief(const struct check_finding *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c[i].brief)
			aim_warn("check: %s (aimrun --check says what to change)",
				 c[i].text);
}
