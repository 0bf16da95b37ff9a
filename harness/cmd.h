/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimrun --cmd: a timed command, run N times (each a fresh process, after
 * untimed warm-up runs and an untimed prepare command before every run),
 * stored as one lower-is-better test of the run, and summarised in the
 * manner of perf stat -r N (harness/cmd_print.c).
 */
#ifndef AIM_CMD_H
#define AIM_CMD_H

#include "perf.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measure.h"

struct cmd_report;
struct col;

/*
 * An output format of aimrun --cmd: its name and its writer (0, or -1
 * on a write error); a text format is followed by where it was stored.
 * One table (cmd_formats[], cmd_print.c) that --format parsing reads.
 */
struct cmd_format {
	const char *name;
	int text;
	int (*put)(FILE *f, const struct cmd_report *r, const struct col *c,
		   size_t n, int table);
};

/* The formats, NULL-terminated; the first is the default. */
extern const struct cmd_format *const cmd_formats[];
/* The format NAME names, or NULL. */
const struct cmd_format *cmd_format_find(const char *name);

struct cmd_opts {
	const char *tag;
	const char *db_path;
	const char *name;	/* the test NAME, checked by cmd_check_name() */
	const char *dir;	/* recorded with the environment */
	char **argv;		/* the program and its arguments, NULL-ended */
	char **prepare;		/* NULL, or the prepare command, NULL-ended */
	long runs;
	long warmup;
	int64_t timeout_ns;	/* per run and per prepare */
	int table;		/* --table: each run and its deviation */
	int quiet;
	const struct cmd_format *format;
	const struct perf_plan *counters;	/* probed; NULL: none */
};

/*
 * Split aimrun's ARGV at its first "--": the words after it are the
 * program (*CMD, NULL-ended, NULL when there is no "--"), and the words
 * between a "--prepare" before it and the "--" are the prepare command
 * (*PREP, NULL when there is none).  What is left for getopt stays in
 * ARGV (NULL-ended) and its count in *ARGC.  0, or -1 with a reason.
 */
int cmd_split_argv(int *argc, char **argv, char ***cmd, char ***prep,
		   char *err, size_t errlen);

/* NAME is a test name a command may be stored as.  0, or -1 and WHY. */
int cmd_check_name(const char *name, char *why, size_t whylen);

/* Run it all; the exit status of aimrun. */
int cmd_main(const struct cmd_opts *o);

/* What the summary is made of. */
struct cmd_report {
	const char *name;
	const char *tag;
	char *const *argv;
	const struct measure_sample *runs;	/* the ok runs, in order */
	size_t n_runs;
	size_t n_failed;
};

/* Print R to F in FORMAT (with TABLE, each run).  0, or -1 on a write error. */
int cmd_print(FILE *f, const struct cmd_report *r,
	      const struct cmd_format *format, int table);

/* Relative standard error of the mean, percent, as perf stat -r: 100 s / sqrt(n) / mean. */
double cmd_rse_pct(const double *x, size_t n, double *mean, double *sem);

#endif
