// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Readings of the kernel's monitors and their changes.  A reading is
 * every readable file of the table, each read whole into one buffer and
 * parsed into values sorted by name; a change is a name's value after
 * less its value before (0 when it was not there before: a cache or an
 * interrupt line made meanwhile).  Only the C library: the test process
 * reads them (harness/child/child.c).
 */
#include "config.h"

#include "monitor.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysroot.h"

/* A file of the kernel larger than this is not read (1,000 CPUs fit). */
#define MONITOR_FILE_MAX (16u << 20)

/* Room for LEN more bytes and a NUL in M's buffer: 0 or -1. */
static int
buf_room(struct monitor *m, size_t used, size_t len)
{
	size_t cap = m->cap > 0 ? m->cap : 65536;
	char *b;

	while (cap < used + len + 1)
		cap *= 2;
	if (cap == m->cap)
		return 0;
	if (cap > MONITOR_FILE_MAX || (b = realloc(m->buf, cap)) == NULL)
		return -1;
	m->buf = b;
	m->cap = cap;
	return 0;
}

/*
 * SRC's file whole into M's buffer, NUL-terminated: a regular file
 * (never through a link: a made-up tree may hold one), read until its
 * end.  0, or -1.
 */
static int
read_file(struct monitor *m, const struct monitor_source *src)
{
	char path[4096];
	size_t used = 0;
	struct stat sb;
	ssize_t n;
	int fd, rc = -1;

	if (snprintf(path, sizeof(path), "%s%s", sysroot(), src->path) >=
	    (int)sizeof(path))
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))
		goto out;
	do {
		if (buf_room(m, used, 8192) != 0)
			goto out;
		n = read(fd, m->buf + used, m->cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out;
		used += (size_t)n;
	} while (n > 0);
	m->buf[used] = '\0';
	rc = 0;
out:
	(void)close(fd);	/* read only */
	return rc;
}

/* Every source of M's set into OUT, emptied first.  0, or -1. */
static int
reading(struct monitor *m, struct monitor_vals *out)
{
	out->n = 0;
	out->lost = 0;
	for (size_t i = 0; monitor_sources[i] != NULL; i++) {
		if (!(m->sources & (1u << i)))
			continue;
		if (read_file(m, monitor_sources[i]) != 0)
			return -1;
		monitor_parse(monitor_sources[i], m->buf, out);
	}
	return out->lost ? -1 : 0;
}

int
monitor_open(struct monitor *m)
{
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; monitor_sources[i] != NULL; i++) {
		size_t before = m->before.n;

		if (read_file(m, monitor_sources[i]) != 0)
			continue;
		monitor_parse(monitor_sources[i], m->buf, &m->before);
		if (m->before.n > before)
			m->sources |= 1u << i;
	}
	if (m->sources != 0 && !m->before.lost)
		return 1;
	monitor_close(m);
	return 0;
}

void
monitor_begin(struct monitor *m)
{
	if (!m->failed && reading(m, &m->before) != 0)
		m->failed = 1;
}

/* NAME's place in sorted V, or where it would go (*FOUND says which). */
static size_t
find(const struct monitor_vals *v, const char *name, int *found)
{
	size_t lo = 0, hi = v->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v->v[mid].name, name);

		if (c == 0) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return lo;
}

/* V's name with the change D at the end of OUT.  0, or -1. */
static int
add_change(struct monitor_vals *out, const struct monitor_val *v, int64_t d)
{
	if (monitor_vals_room(out) != 0)
		return -1;
	out->v[out->n] = *v;
	out->v[out->n++].value = d;
	return 0;
}

/* Add D to NAME's change in M's sum, kept sorted.  0, or -1. */
static int
sum_add(struct monitor *m, const char *name, int64_t d)
{
	struct monitor_vals *s = &m->sum;
	int found;
	size_t at = find(s, name, &found);

	if (found)
		return __builtin_add_overflow(s->v[at].value, d,
					      &s->v[at].value) ? -1 : 0;
	if (monitor_vals_room(s) != 0)
		return -1;
	memmove(&s->v[at + 1], &s->v[at], (s->n - at) * sizeof(*s->v));
	s->v[at] = (struct monitor_val){ .value = d };
	memcpy(s->v[at].name, name, sizeof(s->v[at].name));
	s->n++;
	return 0;
}

void
monitor_end(struct monitor *m)
{
	const struct monitor_vals *b = &m->before, *a = &m->after;
	size_t j = 0;

	m->span.n = 0;
	if (m->failed || reading(m, &m->after) != 0) {
		m->failed = 1;
		return;
	}
	/* Both sorted by name: one walk, the changes sorted as well. */
	for (size_t i = 0; i < a->n; i++) {
		int64_t was = 0;
		int c = 1;

		while (j < b->n && (c = strcmp(b->v[j].name, a->v[i].name)) < 0)
			j++;
		if (j < b->n && c == 0)
			was = b->v[j].value;
		if (a->v[i].value == was)
			continue;
		if (add_change(&m->span, &a->v[i], a->v[i].value - was) != 0) {
			m->failed = 1;
			return;
		}
	}
}

void
monitor_keep(struct monitor *m)
{
	for (size_t i = 0; !m->failed && i < m->span.n; i++)
		if (sum_add(m, m->span.v[i].name, m->span.v[i].value) != 0)
			m->failed = 1;
	m->span.n = 0;
	m->ended = 1;
}

struct monitor_val *
monitor_changes(struct monitor *m, size_t *n)
{
	*n = 0;
	if (m->failed || !m->ended)
		return NULL;
	*n = m->sum.n;
	return m->sum.v;
}

void
monitor_close(struct monitor *m)
{
	free(m->buf);
	monitor_vals_free(&m->before);
	monitor_vals_free(&m->after);
	monitor_vals_free(&m->sum);
	monitor_vals_free(&m->span);
	memset(m, 0, sizeof(*m));
}

void
monitor_probe(char *buf, size_t len)
{
	struct monitor m;
	size_t used = 0;

	buf[0] = '\0';
	if (monitor_open(&m))
		for (size_t i = 0; monitor_sources[i] != NULL; i++)
			if ((m.sources & (1u << i)) && used < len)
				used += (size_t)snprintf(buf + used, len - used,
							 "%s%s", used > 0 ? "," : "",
							 monitor_sources[i]->name);
	if (used == 0 || used >= len)
		snprintf(buf, len, "none");
	monitor_close(&m);
}
