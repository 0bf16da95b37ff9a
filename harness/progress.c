// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Progress line.  The ETA comes from the runs already done once there are
 * some, since slow tests overshoot their period.  $AIM_PROGRESS "none"
 * keeps the lines out of a log that must hold only errors (make check).
 */
#include "config.h"

#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"

void
progress_init(struct progress *p, size_t total_runs, int64_t duration_ns,
	      int quiet)
{
	const char *env = getenv("AIM_PROGRESS");

	if (env != NULL && strcmp(env, "none") == 0)
		p->mode = PROGRESS_NONE;
	else if (isatty(STDERR_FILENO))
		p->mode = PROGRESS_TTY;
	else
		p->mode = quiet ? PROGRESS_NONE : PROGRESS_LINES;
	p->shown = 0;
	p->total = total_runs;
	p->done = 0;
	p->start_ns = clock_mono_ns();
	p->per_run_ns = duration_ns + duration_ns / 10;
}

void
progress_show(struct progress *p, const char *name, int rep)
{
	int64_t per = p->per_run_ns, eta_s;

	if (p->mode == PROGRESS_NONE)
		return;
	if (p->done > 0)
		per = (clock_mono_ns() - p->start_ns) / (int64_t)p->done;
	eta_s = per * (int64_t)(p->total - p->done) / 1000000000;
	fprintf(stderr, "%s[%zu/%zu] %s run %d, ETA %lld:%02lld%s",
		p->mode == PROGRESS_TTY ? "\r\033[K" : "", p->done + 1,
		p->total, name, rep, (long long)(eta_s / 60),
		(long long)(eta_s % 60), p->mode == PROGRESS_TTY ? "" : "\n");
	(void)fflush(stderr);
	p->shown = p->mode == PROGRESS_TTY;
}

void
progress_step(struct progress *p)
{
	p->done++;
}

void
progress_clear(struct progress *p)
{
	if (p->mode != PROGRESS_TTY || !p->shown)
		return;
	fputs("\r\033[K", stderr);
	(void)fflush(stderr);
	p->shown = 0;
}
