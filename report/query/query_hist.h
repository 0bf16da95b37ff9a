/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The per-call histograms of loaded results (the lat_ns bucket rows of
 * sample_metric, aimrun --latency), for aimcmp --latency and aimplot.
 */
#ifndef AIM_QUERY_HIST_H
#define AIM_QUERY_HIST_H

#include <stddef.h>

#include "measure.h"
#include "query.h"

struct db;

/*
 * Attach to each sample of the N results R that has bucket rows its
 * histogram (sample.hist, allocated; query_hists_free() frees them).
 * Rows that do not make a valid histogram leave the sample without one.
 * 0, or -1 after reporting a database error.
 */
int query_load_hists(struct db *db, struct record_result *r, size_t n);
void query_hists_free(struct record_result *r, size_t n);

#endif
