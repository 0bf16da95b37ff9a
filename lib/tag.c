/*
 * Tag validation.  Quotes and SQL are harmless here (every query binds its
 * values); control bytes and broken UTF-8 would garble every report.
 */
#include "config.h"

#include "tag.h"

#include <stdio.h>
#include <string.h>

/* Length of the UTF-8 sequence at S, or 0 when it is malformed. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

int
tag_check(const char *tag, char *why, size_t whylen)
{
	const unsigned char *s = (const unsigned char *)tag;
	size_t len = strlen(tag);

	if (len == 0) {
		snprintf(why, whylen, "tag is empty");
		return -1;
	}
	if (len > TAG_MAX_BYTES) {
		snprintf(why, whylen, "tag is %zu bytes long, at most %d allowed",
			 len, TAG_MAX_BYTES);
		return -1;
	}
	while (*s != '\0') {
		size_t n = utf8_len(s);

		if (n == 0) {
			snprintf(why, whylen, "tag is not valid UTF-8");
			return -1;
		}
		if (n == 1 && (*s < 0x20 || *s == 0x7f)) {
			snprintf(why, whylen, "tag contains a control character");
			return -1;
		}
		s += n;
	}
	return 0;
}

void
tag_printable(char *s)
{
	unsigned char *p = (unsigned char *)s;

	while (*p != '\0') {
		size_t n = utf8_len(p);

		if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f))) {
			*p++ = '?';
			continue;
		}
		p += n;
	}
}

const char *
tag_shown(const char *s, char *buf, size_t len)
{
	size_t n = strlen(s);

	if (n < len) {
		memcpy(buf, s, n + 1);
	} else {
		memcpy(buf, s, len - 4);
		memcpy(buf + len - 4, "...", 4);
	}
	/* A multi-byte character cut in two becomes '?' here. */
	tag_printable(buf);
	return buf;
}
