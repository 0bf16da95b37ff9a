/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimcmp's options (report/aimcmp_opts.c parses them, report/aimcmp.c
 * acts on them).
 */
#ifndef AIM_AIMCMP_OPTS_H
#define AIM_AIMCMP_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "compare.h"
#include "compare_scaling.h"
#include "fmt.h"
#include "series_db.h"

struct opts {
	const char *db;
	const struct cmp_format *format;	/* fmt_formats[] */
	int list_formats;		/* --format help */
	enum cmp_sort sort;
	unsigned text_flags;		/* --wide, --legend (enum fmt_flags) */
	struct cmp_opts cmp;	/* --alpha, --equivalence, flagged */
	int fail_on_regression;
	int force;
	int counters;			/* --counters: metrics per call */
	int monitors;			/* --monitors: the kernel's, per call */
	char *monitor_list;		/* --monitors=LIST, split at its commas */
	const char **monitor_pick;	/* its patterns, into MONITOR_LIST */
	size_t n_monitor_pick;
	struct scaling_sel copies;	/* --copies N or BASE:NEW */
	int scaling;			/* --scaling: rate against copies */
	int latency;			/* --latency: per-call distributions */
	int sort_given;
	int series;			/* --series: steps along the tags */
	int classify;			/* --classify GOOD BAD CANDIDATE */
	int *verdict;			/* its exit status, when reached */
	enum tagorder_mode order;	/* of the series */
	int order_given;
	struct plot_want *tests;	/* --tests, NULL when all */
	size_t n_tests;
	const char *host;		/* --host: only that machine's runs */
	struct series_window window;	/* --last, --since */
	double sizing_pct;		/* --sizing PCT: a line per test; 0: none */
	int64_t *runs;			/* --run ids */
	size_t n_runs;
	char **tags;			/* BASE NEW... */
	size_t n_tags;
};

/*
 * Whether ARGV asks for --classify (any abbreviation getopt takes), so
 * that an error before getopt reaches it still aborts a bisect.
 */
int aimcmp_wants_classify(int argc, char **argv);

/* Returns -1 when --help or --version was handled, else an exit status. */
int aimcmp_parse_options(int argc, char **argv, struct opts *o);

#endif
