/*
 * Diagnostics.  The program name is the one piece of process-wide state: it
 * is set once in main() before anything can report.
 */
#include "config.h"

#include "log.h"

#include <errno.h>
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

	vsnprintf(msg, sizeof(msg), fmt, ap);
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
