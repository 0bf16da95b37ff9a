/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What aimcmp, aimdb and aimplot share on the command line: exit
 * statuses, the option loop, the database path and opening it with the
 * right error class.
 */
#ifndef AIM_CLI_H
#define AIM_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli_exit.h"
#include "store.h"

struct option;
struct plot_want;

/*
 * The database path: OPT (--db) when not NULL, else the default (see
 * dbpath.h).  Malloc'd; NULL after a message when there is none.
 */
char *cli_db_path(const char *opt);

/*
 * Open PATH.  On failure prints "PATH: why" and returns NULL with *STATUS
 * set: CLI_USER when a database to read does not exist, else CLI_ENV.
 */
struct store *cli_open(const char *path, enum store_mode mode, int *status);
/*
 * The same, saying "PATH: MISSING" when a database to read does not
 * exist: the hint fits how the caller was given PATH (cli_open's is for
 * the database of --db).
 */
struct store *cli_open_as(const char *path, enum store_mode mode,
			  const char *missing, int *status);

/* A run id given as text: a positive integer.  0 or -1. */
int cli_run_id(const char *s, int64_t *out);

/* "PROG (aimkit) VERSION" on stdout. */
void cli_version(const char *prog);

/*
 * Finish writing stdout: flush and check it.  Returns CLI_OK or, after a
 * message, CLI_ENV.
 */
int cli_close_stdout(void);

/* aim_warn the formatted message; returns CLI_USER for a bad option. */
int cli_bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * What getopt_long() found wrong, when it runs with opterr 0 and short
 * options led by ':' so that it says nothing itself: CH is the '?' or ':'
 * it returned, ARGV what it parsed.  One line, as aimrun words it:
 * "PROG: unknown option '--x' (see PROG --help)", or "option '-f' needs
 * a value", or "option '--help' takes no value"; with "VERB: " first and
 * "see PROG VERB --help" when VERB is not NULL.  Returns CLI_USER.
 */
int cli_bad_option(int ch, char *const *argv, const struct option *longopts,
		   const char *verb);

/*
 * A program's options: getopt_long() kept quiet (SHORTOPTS led by ':'),
 * -h/--help printing USAGE on stdout, -V/--version cli_version(PROG),
 * what getopt finds wrong said by cli_bad_option(), every other option
 * handed to ONE with its value and DATA.
 */
struct cli_parser {
	const char *prog;
	const char *shortopts;
	const struct option *longopts;
	void (*usage)(FILE *f);
	int (*one)(int c, const char *arg, void *data);
	void *data;
};

/*
 * Parse ARGV by P: -1 when --help or --version was handled, CLI_OK with
 * optind at the first operand, or the exit status ONE or
 * cli_bad_option() returned.
 */
int cli_parse(int argc, char **argv, const struct cli_parser *p);

/* A finite decimal number in [MIN, MAX), the whole of S.  0 or -1. */
int cli_parse_real(const char *s, double min, double max, double *out);

/*
 * --tests "a,b,c" (report/cli_tests.c): each name a test's name (printable,
 * not empty), repeats ignored, appended to *WANT (realloc'd, *N entries,
 * each name a copy: cli_tests_free)
 * with the catalog's number and units when it is a test of this build,
 * else number -1 and no units, which the data gives (cli_tests_resolve).
 * CLI_OK, or CLI_USER after saying why.
 */
int cli_parse_tests(const char *list, struct plot_want **want, size_t *n);
/* Release what cli_parse_tests made: the N names and WANT. */
void cli_tests_free(struct plot_want *want, size_t n);

/* A test the loaded results hold: its number, name and units. */
struct cli_test_seen {
	int number;
	const char *name;
	const char *units;
};

/*
 * The names of WANT (*N of them) matched against the N_SEEN tests SEEN
 * of the loaded tags TAGS: a name found takes the data's number and
 * units; one found nowhere stays only as a test of this build (shown as
 * missing).  A name neither, or no name found at all, is one line that
 * names the tags: CLI_USER.  Else CLI_OK with *N the names kept.
 */
int cli_tests_resolve(struct plot_want *want, size_t *n,
		      const struct cli_test_seen *seen, size_t n_seen,
		      char *const *tags, size_t n_tags);

#endif
