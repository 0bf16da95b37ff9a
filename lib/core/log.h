/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One-line diagnostics on stderr: "<program>: <what>: <why>".
 */
#ifndef AIM_LOG_H
#define AIM_LOG_H

/* Set the program name used as prefix (argv[0] basename). */
void log_set_program(const char *name);
const char *log_program(void);

/* "<prog>: <message>" */
void aim_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "<prog>: <message>: strerror(errno)" */
void aim_warn_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* aim_warn then exit(status). */
void aim_die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/*
 * getopt_long's complaint, kept quiet with opterr = 0, said in one line
 * naming the program (not its path) and where its help is.  CH is ':' (a
 * value missing; the option string starts with ':') or '?'; VERB is the
 * subcommand or NULL; LONGOPTS, getopt_long's table, tells a complaint
 * about a long option from one about a short option inside a cluster.
 */
struct option;
void aim_bad_option(int ch, char *const *argv, const struct option *longopts,
		    const char *verb);

/*
 * Flush stdout; -1 with one line on stderr when anything written to it
 * was lost (a full disk, /dev/full), so a program can say so in its exit
 * status instead of exiting 0.
 */
int aim_stdout_flush(void);

#endif
