// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz harness: what aimrun reads of the kernel, which a made-up tree or
 * a hostile driver's names can make anything: the files of the monitors'
 * table (the first byte picks the source, the rest is its text) and the
 * records of /dev/kmsg (the last pick).  Every value kept has a name a
 * reading makes and is held once, sorted; a kept log line is printable,
 * never empty, of a level and within its room.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "klog.h"
#include "monitor.h"
#include "tag.h"
#include "xalloc.h"

static int
check_monitor(const struct monitor_source *src, char *text)
{
	struct monitor_vals v = { 0 };
	int rc = 0;

	monitor_parse(src, text, &v);
	for (size_t i = 0; i < v.n && rc == 0; i++) {
		const char *name = v.v[i].name;

		if (!monitor_name_valid(name, strlen(name)))
			rc = fuzz_broken("%s: a name no reading makes kept",
					 src->name);
		else if (monitor_source_of(name) != src)
			rc = fuzz_broken("%s: a name of another source", src->name);
		else if (v.v[i].value < 0)
			rc = fuzz_broken("%s: a negative count", src->name);
		else if (i > 0 && strcmp(v.v[i - 1].name, name) >= 0)
			rc = fuzz_broken("%s: not sorted, or a name twice",
					 src->name);
	}
	monitor_vals_free(&v);
	return rc;
}

static int
check_record(const char *rec, size_t len)
{
	struct klog_line l;
	char copy[KLOG_TEXT_MAX];

	if (!klog_parse(rec, len, &l))
		return 0;
	if (l.level < 0 || l.level > 7 || l.facility < 0 || l.usec < 0)
		return fuzz_broken("a record out of range kept");
	if (l.text[0] == '\0' || strlen(l.text) >= sizeof(l.text))
		return fuzz_broken("a line empty or beyond its room");
	memcpy(copy, l.text, strlen(l.text) + 1);
	tag_printable(copy);
	return strcmp(copy, l.text) == 0 ? 0 :
	       fuzz_broken("a line that is not printable kept");
}

int
fuzz_check(const uint8_t *data, size_t size)
{
	size_t n = 0;
	char *text;
	int rc;

	while (monitor_sources[n] != NULL)
		n++;
	if (size == 0)
		return 0;
	if (data[0] % (n + 1) == n)
		return check_record((const char *)data + 1, size - 1);
	text = xmalloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	rc = check_monitor(monitor_sources[data[0] % (n + 1)], text);
	free(text);
	return rc;
}
