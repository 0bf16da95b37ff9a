// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's monitors and log around a run.  The log is opened once,
 * at its end, before the first test, and read after each result without
 * blocking: its lines belong to the result stored next, so a warning
 * names the test during which (or during whose setup or teardown) the
 * kernel logged it.
 */
#include "config.h"

#include "kwatch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "monitor.h"
#include "tag.h"
#include "xalloc.h"

void
kwatch_open(struct kwatch *w)
{
	memset(w, 0, sizeof(*w));
	monitor_probe(w->monitors_fact, sizeof(w->monitors_fact));
	w->monitors = strcmp(w->monitors_fact, "none") != 0;
	if (klog_open(&w->log) == 0)
		snprintf(w->log_fact, sizeof(w->log_fact), "read");
	else
		snprintf(w->log_fact, sizeof(w->log_fact), "not read: %s%s",
			 strerror(errno), errno == EPERM || errno == EACCES ?
			 " (root, or kernel.dmesg_restrict=0)" : "");
	w->lines = xcalloc(KLOG_LINES_MAX, sizeof(*w->lines));
}

int
kwatch_fact(const struct kwatch *w, int i, const char **key,
	    const char **value)
{
	if (i < 0 || i > 1)
		return 0;
	*key = i == 0 ? "monitors" : "kernel_log";
	*value = i == 0 ? w->monitors_fact : w->log_fact;
	return 1;
}

void
kwatch_take(struct kwatch *w, const char *test)
{
	size_t seen = 0;

	w->n_lines = 0;
	if (w->log.fd < 0)
		return;
	/* A log that cannot be read any more keeps what it gave. */
	if (klog_read(&w->log, w->lines, KLOG_LINES_MAX, &w->n_lines,
		      &seen) != 0)
		klog_close(&w->log);
	if (w->seen == 0 && w->n_lines > 0) {
		char t[64], l[120];

		snprintf(w->first, sizeof(w->first), "in %s: %s",
			 tag_shown(test, t, sizeof(t)),
			 tag_shown(w->lines[0].text, l, sizeof(l)));
	}
	w->seen += seen;
}

void
kwatch_say(const struct kwatch *w)
{
	if (w->seen == 0 && w->log.lost == 0)
		return;
	if (w->seen == 0) {
		aim_warn("kernel log: %zu records overwritten before they were read",
			 w->log.lost);
		return;
	}
	aim_warn("kernel log: %zu line%s of level warning or above during the run%s, the first %s",
		 w->seen, w->seen == 1 ? "" : "s",
		 w->log.lost > 0 ? " (and records overwritten unread)" : "",
		 w->first);
}

void
kwatch_close(struct kwatch *w)
{
	klog_close(&w->log);
	free(w->lines);
	w->lines = NULL;
}
