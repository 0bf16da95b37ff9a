/*
 * Progress line.  The ETA comes from the runs already done once there are
 * some, since slow tests overshoot their period.
 */
#include "config.h"

#include "progress.h"

#include <stdio.h>
#include <unistd.h>

#include "clock.h"

void
progress_init(struct progress *p, size_t total_runs, int64_t duration_ns)
{
	p->tty = isatty(STDERR_FILENO);
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

	if (!p->tty)
		return;
	if (p->done > 0)
		per = (clock_mono_ns() - p->start_ns) / (int64_t)p->done;
	eta_s = per * (int64_t)(p->total - p->done) / 1000000000;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s run %d, ETA %lld:%02lld",
		p->done + 1, p->total, name, rep, (long long)(eta_s / 60),
		(long long)(eta_s % 60));
	(void)fflush(stderr);
	p->shown = 1;
}

void
progress_step(struct progress *p)
{
	p->done++;
}

void
progress_clear(struct progress *p)
{
	if (!p->tty || !p->shown)
		return;
	fputs("\r\033[K", stderr);
	(void)fflush(stderr);
	p->shown = 0;
}
