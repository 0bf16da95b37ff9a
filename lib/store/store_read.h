/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What aimrun reads back of a tag: the samples of each of its ok
 * results, to compare a run as it goes with a base (aimrun --against).
 * report/ has its own, fuller reader (report/query/query.c).
 */
#ifndef AIM_STORE_READ_H
#define AIM_STORE_READ_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"
#include "store.h"

struct store_read_result {
	int64_t run_id;		/* the run it belongs to */
	const char *test;	/* valid during the call only */
	unsigned long factor;
	enum measure_judged judged;
	const struct measure_sample *samples;	/* calls, ns, printed rate */
	size_t n_samples;
};

/*
 * Call FN for every ok result with samples of every run tagged TAG, in
 * the order stored; FN returns 0 to go on.  Returns the number of runs
 * tagged TAG (0: the tag is unknown), or -1 with a reason in ERR (also
 * when FN stopped).  ST must be at the schema version this build writes.
 */
int64_t store_read_tag(struct store *st, const char *tag,
		       int (*fn)(void *arg, const struct store_read_result *r),
		       void *arg, char *err, size_t errlen);

/*
 * Every run tagged TAG, by id, into *OUT (malloc'd, *N of them; free
 * with store_read_runs_free()): of each record its id, tag, host, source
 * and environment only.  0, or -1 with a reason in ERR.
 */
int store_read_runs(struct store *st, const char *tag,
		    struct record_run **out, size_t *n, char *err,
		    size_t errlen);
void store_read_runs_free(struct record_run *r, size_t n);

struct gate_side;

/* The N RUNS of TAG as the comparability gate reads them (lib/core/gate.h). */
void store_read_gate(const char *tag, const struct record_run *runs,
		     size_t n, struct gate_side *out);

#endif
