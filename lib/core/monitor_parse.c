// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of the kernel's monitors and how each file of it reads.  The
 * text is the kernel's, or a made-up tree's below $AIM_CHECK_ROOT, so
 * every number is range-checked and every name made of a few safe
 * characters before it is kept.
 */
#include "config.h"

#include "monitor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A byte a name keeps; any other becomes '_'. */
static int
name_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == ':' ||
	       c == '+' || c == '-';
}

int
monitor_vals_room(struct monitor_vals *out)
{
	struct monitor_val *v;
	size_t cap;

	if (out->n < out->cap)
		return 0;
	cap = out->cap > 0 ? 2 * out->cap : 256;
	if (out->n >= MONITOR_VALUES_MAX ||
	    (v = realloc(out->v, cap * sizeof(*v))) == NULL) {
		out->lost = 1;
		return -1;
	}
	out->v = v;
	out->cap = cap;
	return 0;
}

/* "SRC.NAME" (LEN bytes of NAME, made safe, cut to fit) = VALUE. */
static void
vals_add(struct monitor_vals *out, const char *src, const char *name,
	 size_t len, int64_t value)
{
	struct monitor_val *v;
	size_t at = strlen(src);

	if (len == 0 || monitor_vals_room(out) != 0)
		return;
	v = &out->v[out->n++];
	memcpy(v->name, src, at);
	v->name[at++] = '.';
	for (size_t i = 0; i < len && at + 1 < MONITOR_NAME_MAX; i++)
		v->name[at++] = name_byte((unsigned char)name[i]) ? name[i] : '_';
	v->name[at] = '\0';
	v->value = value;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct monitor_val *)a)->name,
		      ((const struct monitor_val *)b)->name);
}

/* Sort OUT by name, values of one name summed into one. */
static void
vals_sort(struct monitor_vals *out)
{
	size_t k = 0;

	if (out->n == 0)
		return;
	qsort(out->v, out->n, sizeof(*out->v), by_name);
	for (size_t i = 1; i < out->n; i++) {
		if (strcmp(out->v[i].name, out->v[k].name) == 0 &&
		    out->v[k].value <= INT64_MAX - out->v[i].value)
			out->v[k].value += out->v[i].value;
		else if (strcmp(out->v[i].name, out->v[k].name) != 0)
			out->v[++k] = out->v[i];
	}
	out->n = k + 1;
}

/* The line at *P, NUL-terminated; *P moves past it.  NULL at the end. */
static char *
next_line(char **p)
{
	char *line = *p, *nl;

	if (*line == '\0')
		return NULL;
	nl = strchr(line, '\n');
	if (nl != NULL) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = line + strlen(line);
	}
	return line;
}

/*
 * A decimal of 1 to 18 digits after spaces at *S into *V, *S past it;
 * 0 when there is none (*S unmoved).  No sign: the kernel's counts.
 */
static int
number(char **s, int64_t *v)
{
	char *p = *s + strspn(*s, " \t");
	size_t digits = strspn(p, "0123456789");

	if (digits == 0 || digits > 18)
		return 0;
	*v = 0;
	for (size_t i = 0; i < digits; i++)
		*v = *v * 10 + (p[i] - '0');
	*s = p + digits;
	return 1;
}

/*
 * "name value ..." lines, the first number kept: /proc/vmstat, and
 * /proc/slabinfo (each cache's active objects, a level; its headers
 * have no number there).
 */
static void
parse_pairs(char *text, const char *src, struct monitor_vals *out)
{
	char *line;
	int64_t v;

	while ((line = next_line(&text)) != NULL) {
		size_t len = strcspn(line, " ");
		char *rest = line + len;

		if (len > 0 && *rest == ' ' && number(&rest, &v))
			vals_add(out, src, line, len, v);
	}
}

/* Up to NCPU counts after *S, summed into *SUM; the count read. */
static int
per_cpu(char **s, int ncpu, int64_t *sum)
{
	int k = 0;
	int64_t v;

	*sum = 0;
	while (k < ncpu && number(s, &v)) {
		if (*sum > INT64_MAX - v)
			return 0;	/* beyond a count: not kept */
		*sum += v;
		k++;
	}
	return k;
}

/* The CPUs of a header line "CPU0 CPU1 ...". */
static int
header_cpus(const char *line)
{
	int n = 0;

	for (const char *p = line; (p = strstr(p, "CPU")) != NULL; p += 3)
		n++;
	return n;
}

/*
 * "ID: counts per CPU [description]" lines after a header of CPUs, the
 * counts summed: /proc/interrupts (a numbered line named by its number
 * and the last word of its description, the device: "24:ttyS0") and
 * /proc/softirqs.
 */
static void
parse_per_cpu(char *text, const char *src, struct monitor_vals *out)
{
	char *line = next_line(&text), name[MONITOR_NAME_MAX];
	int ncpu = line != NULL ? header_cpus(line) : 0;
	int64_t sum;

	while ((line = next_line(&text)) != NULL) {
		char *id = line + strspn(line, " "), *rest, *dev;
		size_t len = strcspn(id, ":");

		rest = id + len;
		if (len == 0 || *rest++ != ':' || per_cpu(&rest, ncpu, &sum) == 0)
			continue;
		/* Trailing blanks are not the device. */
		for (char *e = rest + strlen(rest); e > rest && e[-1] == ' ';)
			*--e = '\0';
		dev = strrchr(rest, ' ');
		if (strspn(id, "0123456789") == len && dev != NULL &&
		    dev[1] != '\0') {
			snprintf(name, sizeof(name), "%.*s:%s", (int)len, id,
				 dev + 1);
			vals_add(out, src, name, strlen(name), sum);
		} else {
			vals_add(out, src, id, len, sum);
		}
	}
}

/*
 * /proc/schedstat (version 15 on): the fields of each "cpuN" line summed
 * over the CPUs; the scheduling domains' lines are left out.
 */
static void
parse_schedstat(char *text, const char *src, struct monitor_vals *out)
{
	static const char *const field[] = {
		"yld_count", "legacy", "sched_count", "sched_goidle",
		"ttwu_count", "ttwu_local", "run_ns", "run_delay_ns",
		"timeslices",
	};
	enum { N = sizeof(field) / sizeof(field[0]) };
	int64_t sum[N] = { 0 }, v;
	char *line;
	int cpus = 0;

	while ((line = next_line(&text)) != NULL) {
		char *p = line + 3;
		int k = 0;

		if (strncmp(line, "cpu", 3) != 0 || !number(&p, &v))
			continue;
		for (; k < N && number(&p, &v); k++)
			sum[k] = sum[k] <= INT64_MAX - v ? sum[k] + v : -1;
		cpus += k == N;
	}
	for (int k = 0; cpus > 0 && k < N; k++)
		if (k != 1 && sum[k] >= 0)
			vals_add(out, src, field[k], strlen(field[k]), sum[k]);
}

static const struct monitor_source vmstat = {
	"vmstat", "/proc/vmstat", "count", parse_pairs,
};
static const struct monitor_source interrupts = {
	"interrupts", "/proc/interrupts", "interrupts", parse_per_cpu,
};
static const struct monitor_source softirqs = {
	"softirqs", "/proc/softirqs", "softirqs", parse_per_cpu,
};
static const struct monitor_source schedstat = {
	"schedstat", "/proc/schedstat", "count", parse_schedstat,
};
static const struct monitor_source slabinfo = {
	"slabinfo", "/proc/slabinfo", "objects", parse_pairs,
};

const struct monitor_source *const monitor_sources[] = {
	&vmstat, &interrupts, &softirqs, &schedstat, &slabinfo, NULL,
};

void
monitor_parse(const struct monitor_source *src, char *text,
	      struct monitor_vals *out)
{
	src->parse(text, src->name, out);
	vals_sort(out);
}

const struct monitor_source *
monitor_source_of(const char *name)
{
	for (size_t i = 0; monitor_sources[i] != NULL; i++) {
		size_t len = strlen(monitor_sources[i]->name);

		if (strncmp(name, monitor_sources[i]->name, len) == 0 &&
		    name[len] == '.')
			return monitor_sources[i];
	}
	return NULL;
}

int
monitor_name_valid(const char *name, size_t len)
{
	const struct monitor_source *src;
	size_t at;

	if (len == 0 || len >= MONITOR_NAME_MAX || memchr(name, '\0', len))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!name_byte((unsigned char)name[i]))
			return 0;
	/* NAME holds no NUL and LEN < MONITOR_NAME_MAX: a copy ends it. */
	{
		char copy[MONITOR_NAME_MAX];

		memcpy(copy, name, len);
		copy[len] = '\0';
		src = monitor_source_of(copy);
	}
	at = src != NULL ? strlen(src->name) + 1 : 0;
	return src != NULL && len > at;
}

size_t
monitor_unique(struct monitor_val *v, size_t n)
{
	size_t k = 0;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), by_name);
	for (size_t i = 1; i < n; i++)
		if (strcmp(v[i].name, v[k].name) != 0)
			v[++k] = v[i];
	return k + 1;
}

void
monitor_vals_free(struct monitor_vals *v)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
}
