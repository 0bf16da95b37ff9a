// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mail around a report.  Quoted-printable bodies (RFC 2045: "=20" at line
 * ends, "=" soft breaks, "=3D") are decoded before any format is read,
 * each line keeping the number of the line it starts on; the part of a
 * multipart mail that says so, or a whole file that shows it and says
 * nothing.  Mail and MIME headers are told from titles, and the Subject
 * may name the run.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import_int.h"
#include "infile.h"
#include "xalloc.h"

/* Boundaries of one mail's parts worth knowing. */
#define BOUNDARY_MAX 8

/* S starts with the header NAME (any case) followed by ':'. */
static const char *
header_value(const char *s, const char *name)
{
	size_t n = strlen(name);

	/* Most lines are no header: the first letter tells, cheaply. */
	if ((s[0] | 0x20) != (name[0] | 0x20) || strncasecmp(s, name, n) != 0 ||
	    s[n] != ':')
		return NULL;
	return s + n + 1 + strspn(s + n + 1, " \t");
}

/* Line S declares a quoted-printable body. */
static int
declares_qp(const char *s)
{
	const char *v = header_value(s, "Content-Transfer-Encoding");

	return v != NULL && strncasecmp(v, "quoted-printable", 16) == 0;
}

/* The boundary="..." S gives, into B (at most LEN), or 0. */
static int
boundary_of(const char *s, char *b, size_t len)
{
	const char *p = strchr(s, '=') != NULL ? strcasestr(s, "boundary=") : NULL;
	size_t n;

	if (p == NULL)
		return 0;
	p += strlen("boundary=");
	if (*p == '"') {
		p++;
		n = strcspn(p, "\"");
	} else {
		n = strcspn(p, " \t;");
	}
	if (n == 0 || n + 1 > len)
		return 0;
	memcpy(b, p, n);
	b[n] = '\0';
	return 1;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)toupper((unsigned char)c);
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * Line S decoded onto OUT (room for its length more): 1 when it ended in
 * a soft break, so the next line carries on; -1 on "=00".
 */
static int
decode_line(const char *s, char *out, size_t *at)
{
	for (; *s != '\0'; s++) {
		int hi, lo;

		if (*s != '=') {
			out[(*at)++] = *s;
			continue;
		}
		if (s[1] == '\0')
			return 1;
		hi = hexval(s[1]);
		lo = hi < 0 ? -1 : hexval(s[2]);
		if (lo < 0) {
			out[(*at)++] = *s;	/* not an escape: kept as sent */
			continue;
		}
		if (hi == 0 && lo == 0)
			return -1;
		/* A line break sent encoded is a blank within the line. */
		out[(*at)++] = hi == 0 && (lo == '\r' || lo == '\n') ?
				       ' ' : (char)(hi << 4 | lo);
		s += 2;
	}
	return 0;
}

/* Whether line S ends a part: "--BOUNDARY" of one of B's N boundaries. */
static int
ends_part(const char *s, char b[][80], size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[0] == '-' && s[1] == '-' &&
		    strncmp(s + 2, b[i], strlen(b[i])) == 0)
			return 1;
	return 0;
}

/* A file without MIME headers that shows quoted-printable: "=20" ends. */
static int
undeclared_qp(const struct import_lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (header_value(l->text[i], "Content-Transfer-Encoding") != NULL)
			return 0;
	for (size_t i = 0; i < l->n; i++) {
		size_t n = strlen(l->text[i]);

		if (n >= 3 && (strcmp(l->text[i] + n - 3, "=20") == 0 ||
			       strcmp(l->text[i] + n - 3, "=09") == 0))
			return 1;
	}
	return 0;
}

/* Which lines of L to decode: QP[i] set (1) for the body of a QP part. */
static int
qp_lines(const struct import_lines *l, char *qp)
{
	char b[BOUNDARY_MAX][80];
	size_t nb = 0;
	int any = 0, pending = 0, in = undeclared_qp(l);

	for (size_t i = 0; i < l->n; i++) {
		const char *s = l->text[i];

		if (nb < BOUNDARY_MAX && boundary_of(s, b[nb], sizeof(b[nb])))
			nb++;
		if (ends_part(s, b, nb))
			in = 0;
		if (declares_qp(s))
			pending = 1;
		else if (pending && s[0] == '\0')	/* the headers end */
			pending = 0, in = 1;
		qp[i] = (char)in;
		any |= in;
	}
	return any;
}

int
import_mime_decode(struct import_lines *l)
{
	char *qp = xcalloc(l->n + 1, 1), **text;
	size_t *no, n = 0;
	int rc = 0;

	if (!qp_lines(l, qp)) {
		free(qp);
		return 0;
	}
	text = xcalloc(l->n + 1, sizeof(*text));
	no = xcalloc(l->n + 1, sizeof(*no));
	for (size_t i = 0; i < l->n && rc == 0; i++) {
		size_t len = 0, first = i, cap;
		char *out;
		int soft;

		if (!qp[i]) {
			no[n] = i + 1;
			text[n++] = l->text[i];
			l->text[i] = NULL;
			continue;
		}
		cap = strlen(l->text[i]) + 1;
		out = xmalloc(cap);
		while ((soft = decode_line(l->text[i], out, &len)) == 1 &&
		       i + 1 < l->n && qp[i + 1] && len <= INFILE_LINE_MAX) {
			size_t more = strlen(l->text[++i]) + 1;

			/* Doubling: a line of many soft breaks costs its length. */
			if (len + more > cap) {
				cap = len + more > 2 * cap ? len + more : 2 * cap;
				out = xrealloc(out, cap);
			}
		}
		out[len] = '\0';
		if (soft < 0)
			rc = import_error(l->name, i + 1, "quoted-printable NUL byte (=00)");
		else if (len > INFILE_LINE_MAX)
			rc = import_error(l->name, first + 1,
					  "a quoted-printable line longer than %zu MiB once decoded",
					  INFILE_LINE_MAX >> 20);
		no[n] = first + 1;
		text[n++] = out;
	}
	for (size_t i = 0; i < l->n; i++)
		free(l->text[i]);
	free(l->text);
	free(qp);
	l->text = text;
	l->no = no;
	l->n = n;
	return rc;
}

int
import_mail_line(const char *s)
{
	static const char *const starts[] = {
		"Content-", "MIME-Version:", "charset=", "boundary=",
		"format=", "name=", "filename=",
		"This is a multi-part message in MIME format",
	};

	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
		if (strncasecmp(s, starts[i], strlen(starts[i])) == 0)
			return 1;
	/* A part boundary: "--" and a token, never a dashed rule. */
	return s[0] == '-' && s[1] == '-' && s[2] != '\0' && s[2] != '-' &&
	       strchr(s, ' ') == NULL;
}

char *
import_mail_subject(const struct import_lines *l, size_t *line)
{
	char *subject = NULL, *more;
	const char *v;
	size_t i = 0;

	while (i < l->n && (v = header_value(l->text[i], "Subject")) == NULL)
		i++;
	if (i == l->n)
		return NULL;
	*line = import_no(l, i);
	subject = xstrdup(v);
	/* Folded: the header goes on while its lines start with a blank. */
	while (++i < l->n && (l->text[i][0] == ' ' || l->text[i][0] == '\t') &&
	       l->text[i][strspn(l->text[i], " \t")] != '\0') {
		more = xasprintf("%s %s", subject,
				 l->text[i] + strspn(l->text[i], " \t"));
		free(subject);
		subject = more;
	}
	return subject;
}
