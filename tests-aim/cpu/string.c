// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic string test: 100 rounds per run() of number/text round
 * trips, ctype classification of a 1 KiB buffer, filling that buffer by
 * concatenation, and the remaining <string.h> searches on a ctime() line.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aim_test.h"

enum {
	STRING_ROUNDS = 100,
	BUF_SIZE = 1024,
};

static const char charset[] =
	" \t\n\r\b0123456789 abcde fghij klmno pqrst uvwxy z ABCDE FGHIJ "
	"KLMNO PQRST UVWXY Z .,;:!@#$%^&*()_-+=|\\\"'`[]}{";

/* 18 characters, as in AIM9. */
static const char question[] = "What is your name?";

/* sprintf/atof/strtod/atol/atoi/strtol; returns the next seed value. */
static int
convert(char *buf, int seed, long *lsum)
{
	double d1 = (double)seed / 1000.0, d2, d3;
	long l1, l2, l3;
	char *end;

	(void)snprintf(buf, BUF_SIZE, "%g", d1);	/* cannot truncate */
	d2 = atof(buf);
	d3 = strtod(buf, &end);
	l1 = (long)(1000.0 * d2);
	(void)snprintf(buf, BUF_SIZE, "%ld", l1);	/* cannot truncate */
	l2 = atol(buf);
	l3 = strtol(buf, &end, 10);
	*lsum += l2 + l3 + (long)d3;
	return atoi(buf);
}

/* Eleven classifications per byte, case flips of the letters. */
static long
classify(char *buf)
{
	long hits = 0;

	for (char *p = buf; p != buf + BUF_SIZE - 1; p++) {
		int c = (unsigned char)*p;

		hits += isalnum(c) != 0;
		hits += isalpha(c) != 0;
		hits += iscntrl(c) != 0;
		hits += isdigit(c) != 0;
		hits += isgraph(c) != 0;
		if (islower(c)) {
			hits++;
			*p = (char)toupper(c);
			*p = (char)tolower((unsigned char)*p);
		}
		c = (unsigned char)*p;
		hits += isprint(c) != 0;
		hits += ispunct(c) != 0;
		hits += isspace(c) != 0;
		if (isupper(c)) {
			hits++;
			*p = (char)tolower(c);
			*p = (char)toupper((unsigned char)*p);
		}
		hits += isxdigit((unsigned char)*p) != 0;
	}
	return hits;
}

/* Hides a pointer's target, so the compiler knows nothing of the string. */
static inline char *
opaque(const char *p)
{
	__asm__ volatile("" : "+r"(p));
	return (char *)p;
}

/*
 * Fill the buffer with strcat, then again with strncat of 10 bytes.  The
 * pointers are hidden so that these stay the library calls AIM9 made: GCC
 * would otherwise reuse the loop's strlen and turn strcat into a copy.
 */
static long
concatenate(char *buf)
{
	const char *q = opaque(question);
	long same = 0;

	strcpy(opaque(buf), q);
	same += strcmp(buf, q) == 0;
	while (BUF_SIZE - strlen(buf) > strlen(q)) {
		strcat(opaque(buf), q);
		same += strcmp(buf, q) == 0;
	}
	strcpy(opaque(buf), q);
	while (BUF_SIZE - strlen(buf) > strlen(q)) {
		strncat(opaque(buf), q, 10);
		same += strncmp(buf, q, 10) == 0;
	}
	return same;
}

/* ctime, then strcoll, strcspn, strpbrk, strrchr, strspn, strstr. */
static long
search(char *buf, time_t when)
{
	const char *line = ctime(&when);
	long hits = 0;

	if (line == NULL)
		return -1;
	memcpy(buf, line, strlen(line));
	hits += strcoll(buf, question) == 0;
	hits += strcspn(buf, "jfamsond") > 4;
	hits += strpbrk(buf, " ;\n") == NULL;
	hits += strrchr(buf, '\n') == NULL;
	hits += strspn(buf, "abcdefghijklmnopqrstuvwxyz") > 5;
	hits += strstr(buf, buf) != buf;
	return hits;
}

static enum aim_status
string_rtns_run(struct aim_ctx *ctx)
{
	char buf[BUF_SIZE];
	long sum = 0, lsum = 0, found;
	int seed = 0;
	time_t when = time(NULL);

	memset(buf, 0, sizeof(buf));
	for (int n = 0; n < STRING_ROUNDS; n++) {
		long hits, same;

		seed = convert(buf, seed, &lsum);
		memcpy(buf, charset, sizeof(charset));
		hits = classify(buf);
		same = concatenate(buf);
		found = search(buf, when++);
		if (found < 0)
			return aim_fail(ctx, "string_rtns: ctime failed");
		/* AIM9 fed its counters back into the next round's number. */
		seed += (int)(hits + found + (same + 18 > 100));
		sum += hits + same + found;
	}
	aim_sink_u64((uint64_t)(sum + lsum));
	aim_sink_ptr(buf);
	return AIM_OK;
}

const struct aim_test aim_test_string_rtns = {
	.info = &catalog_tests[CATALOG_STRING_RTNS],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "ctime() returns a buffer the process shares",
	.run = string_rtns_run,
};
