/*
 * The progress line (test, run, ETA) on stderr, only when stderr is a
 * terminal: a log file or a pipe gets the table and nothing else.
 */
#ifndef AIM_PROGRESS_H
#define AIM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

struct progress {
	int tty;
	int shown;
	size_t total;		/* test runs in the whole suite */
	size_t done;
	int64_t start_ns;
	int64_t per_run_ns;	/* estimate before any run has finished */
};

void progress_init(struct progress *p, size_t total_runs, int64_t duration_ns);
/* Show "[done+1/total] NAME run REP, ETA ..." in place. */
void progress_show(struct progress *p, const char *name, int rep);
/* One test run finished. */
void progress_step(struct progress *p);
/* Erase the line so table rows start at column 0. */
void progress_clear(struct progress *p);

#endif
