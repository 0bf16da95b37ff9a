// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The list of noisy samples at the end of a run (harness/noisy.c) on
 * made-up samples and canaries: a sample whose run delay and steal pass
 * 5 % of its time is listed with both shares, one of a round whose canary
 * fell with the canary's drop, the warm-up never; copies share the
 * time; one line says none, or unknown when nothing was measured; the
 * block stops at NOISY_SHOWN lines.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise.h"
#include "noisy.h"
#include "tap.h"

/* Sample SEQ of 1 ms with DELAY and STEAL ns (negative: absent). */
static struct measure_sample
sample(int seq, int64_t delay, int64_t steal)
{
	struct measure_sample s;

	measure_init(&s, seq);
	s.calls = 1000;
	s.elapsed_ns = 1000000;
	if (delay >= 0)
		measure_set(&s.m, MEASURE_RUN_DELAY, delay);
	if (steal >= 0)
		measure_set(&s.m, MEASURE_STEAL, steal);
	return s;
}

static char *
print(const struct noisy *ny)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream failed");
	ok(noisy_print(f, ny) == 0, "the list is written");
	if (fclose(f) != 0)
		bail("cannot close the memory stream");
	return buf;
}

static void
rule(void)
{
	struct measure_sample s = sample(1, 40000, 20000), bare = sample(1, -1, -1);
	int64_t lost = 0;

	ok(noise_sample(&s, 1, &lost) == 1 && lost == 60000,
	   "6 %% of the sample lost: noisy");
	ok(noise_sample(&s, 2, &lost) == 0, "the same over 2 copies: 3 %%, not noisy");
	ok(noise_sample(&bare, 1, &lost) == -1, "no metric: unknown");
	ok(noise_canary_fell(1110, 1000) && !noise_canary_fell(1090, 1000),
	   "a canary falls past 10 %% slower than the fastest");
}

static void
quiet(void)
{
	struct noisy ny = { 0 };
	struct measure_sample s[3] = { sample(0, 900000, 0), sample(1, 1000, 0),
				       sample(2, 0, 2000) };
	struct measure_sample bare = sample(1, -1, -1);
	char *out;

	out = print(&ny);
	is_string(out, "Noisy samples: unknown, no sample measured its run delay or steal\n",
		  "nothing measured: unknown");
	free(out);
	noisy_add(&ny, "add_long", 1, 1, &bare, 1);
	noisy_add(&ny, "add_long", 1, 1, s, 3);
	noisy_canary(&ny, 1, 1000000);
	out = print(&ny);
	ok(strncmp(out, "Noisy samples: none of 2 (", 26) == 0 &&
	   strchr(out, '\n') == out + strlen(out) - 1,
	   "quiet: one line, the warm-up and the unmeasured left out: %s", out);
	free(out);
	noisy_free(&ny);
}

static void
noisy(void)
{
	struct noisy ny = { 0 };
	struct measure_sample loud = sample(3, 80000, 20000), calm = sample(1, 0, 0);
	struct measure_sample two = sample(1, 60000, 0);
	char *out;

	noisy_canary(&ny, 1, 1000000);
	noisy_canary(&ny, 2, 1250000);
	noisy_add(&ny, "add_long", 1, 1, &loud, 1);
	noisy_add(&ny, "fork_test", 1, 2, &calm, 1);
	noisy_add(&ny, "page_test", 2, 1, &two, 1);
	out = print(&ny);
	ok(strncmp(out, "Noisy samples: 2 of 3 (", 23) == 0,
	   "two of three samples noisy");
	ok(strstr(out, "\n  add_long            1      3      8.0%    2.0%    +0.0%\n") != NULL,
	   "the delayed sample: rep, sample, run delay, steal, canary");
	ok(strstr(out, "\n  fork_test           2      1      0.0%    0.0%   -20.0%\n") != NULL,
	   "a sample of a fallen canary's round: the canary's drop");
	ok(strstr(out, "page_test") == NULL, "3 %% over 2 copies is not listed");
	free(out);
	for (int i = 0; i < NOISY_SHOWN + 2; i++)
		noisy_add(&ny, "add_long", 1, 1, &loud, 1);
	out = print(&ny);
	ok(strstr(out, "\n  ... and 4 more (") != NULL,
	   "the block stops at %d lines", NOISY_SHOWN);
	free(out);
	noisy_free(&ny);
}

int
main(void)
{
	plan_lazy();
	rule();
	quiet();
	noisy();
	return done_testing();
}
