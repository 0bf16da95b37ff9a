// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Diagnostics.  The program name is the one piece of process-wide state: it
 * is set once in main() before anything can report.
 */
#include "config.h"

#include "log.h"
#include "tag.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program = "aimkit";

void
log_set_program(const char *name)
{
	const char *slash = strrchr(name, '/');

	program = slash != NULL ? slash + 1 : name;
}

const char *
log_program(void)
{
	return program;
}

static void
vwarn(int with_errno, int err, const char *fmt, va_list ap)
{
	char msg[1024];

	/*
	 * Messages quote paths and other text from outside; a newline or an
	 * escape sequence in one must not forge a second line or drive the
	 * terminal, so the whole message is made printable once, here.
	 */
	(void)vsnprintf(msg, sizeof(msg), fmt, ap);	/* truncation is fine */
	tag_printable(msg);
	if (with_errno)
		fprintf(stderr, "%s: %s: %s\n", program, msg, strerror(err));
	else
		fprintf(stderr, "%s: %s\n", program, msg);
}

void
aim_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(0, 0, fmt, ap);
	va_end(ap);
}

void
aim_warn_errno(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vwarn(1, err, fmt, ap);
	va_end(ap);
}

void
aim_die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(0, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

int
aim_stdout_flush(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("standard output");
		return -1;
	}
	return 0;
}

/*
 * Whether getopt's complaint is about the long option PREV ("--name" or
 * "--name=value"): it is when getopt knew no such option (OPTOPT 0), or
 * when OPTOPT is that option's value.  Otherwise it is about a short
 * option, perhaps inside a cluster that getopt has not finished with.
 */
static int
about_long(const char *prev, const struct option *longopts)
{
	size_t len;

	if (strncmp(prev, "--", 2) != 0)
		return 0;
	if (optopt == 0 || longopts == NULL)
		return 1;
	prev += 2;
	len = strcspn(prev, "=");
	for (const struct option *o = longopts; o->name != NULL; o++)
		if (strlen(o->name) == len && strncmp(o->name, prev, len) == 0)
			return o->flag == NULL && o->val == optopt;
	return 1;
}

void
aim_bad_option(int ch, char *const *argv, const struct option *longopts,
	       const char *verb)
{
	const char *arg = argv[optind - 1];
	int is_long = about_long(arg, longopts);
	char shown[64], sopt[3] = { '-', (char)optopt, '\0' }, msg[128];

	if (!is_long && optopt > 0 && optopt < 0x7f)
		arg = sopt;
	arg = tag_shown(arg, shown, sizeof(shown));
	/* The words of aimrun's messages, so that all commands agree. */
	if (ch == ':')
		snprintf(msg, sizeof(msg), "option '%s' needs a value", arg);
	else if (is_long && optopt != 0)
		snprintf(msg, sizeof(msg), "option '%s' takes no value", arg);
	else
		snprintf(msg, sizeof(msg), "unknown option '%s'", arg);
	aim_warn("%s%s%s (see %s%s%s --help)", verb != NULL ? verb : "",
		 verb != NULL ? ": " : "", msg, log_program(),
		 verb != NULL ? " " : "", verb != NULL ? verb : "");
}
