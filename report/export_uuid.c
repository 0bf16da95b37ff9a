// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The identity of a run stored before runs had one (schema 4): derived
 * from its row id in the file and all it holds but its per-call
 * histograms (which not every reader loads), so every export, merge,
 * push and diff of the file gives it the same uuid, and such a file
 * merged twice is stored once.  The row id keeps two runs of the same
 * content (imported twice with --again in one second) two runs.
 */
#include "config.h"

#include "export.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "filehash.h"

/* S and a separator NUL into H; NULL as a lone byte 1. */
static void
put_text(struct filehash *h, const char *s)
{
	if (s == NULL)
		filehash_update(h, "\1", 1);
	else
		filehash_update(h, s, strlen(s) + 1);
}

static void
put_int(struct filehash *h, int64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRId64, v);
	put_text(h, buf);
}

static void
put_sample(struct filehash *h, const struct measure_sample *s)
{
	struct measure_row row;
	char buf[32];

	put_int(h, s->calls);
	put_int(h, s->elapsed_ns);
	snprintf(buf, sizeof(buf), "%.17g", s->printed_ops);
	put_text(h, s->printed_ops >= 0 ? buf : NULL);
	/* Not the histograms: a reader may leave them out (aimcmp's). */
	for (int i = 0; measure_row(s, i, &row); i++) {
		if (row.name == NULL || row.bound != 0)
			continue;
		put_text(h, row.name);
		put_int(h, row.bound);
		put_int(h, row.value);
	}
}

static void
put_result(struct filehash *h, const struct record_result *r)
{
	put_int(h, r->number);
	put_text(h, r->test);
	put_int(h, r->rep);
	put_text(h, r->status);
	put_text(h, r->reason);
	put_int(h, (int64_t)r->factor);
	put_text(h, r->units);
	put_text(h, r->finished_utc);
	put_int(h, r->warmup_calls);
	put_int(h, r->warmup_ns);
	put_int(h, r->source_line);
	put_text(h, measure_judged_word(r->judged));
	put_text(h, measure_better_word(r->better));
	put_int(h, r->copies);
	for (size_t k = 0; k < r->n_samples; k++)
		put_sample(h, &r->samples[k]);
}

void
export_derive_uuid(struct record_run *run)
{
	char hex[FILEHASH_HEX_LEN + 1], uuid[37];
	const char *facts[] = {
		run->tag, run->suite, run->options, run->started_utc,
		run->ended_utc, run->status, run->source, run->source_file,
		run->sha256, run->aim_version, run->host,
	};
	struct filehash h;
	int v;

	if (run->uuid != NULL)
		return;
	filehash_init(&h);
	put_int(&h, run->id);
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		put_text(&h, facts[i]);
	for (size_t i = 0; i < run->n_env; i++) {
		put_text(&h, run->env[i].key);
		put_text(&h, run->env[i].value);
	}
	for (size_t i = 0; i < run->n_results; i++)
		put_result(&h, &run->results[i]);
	filehash_hex(&h, hex);
	v = hex[16] <= '9' ? hex[16] - '0' : hex[16] - 'a' + 10;
	hex[12] = '8';		/* the version, then the variant */
	hex[16] = "89ab"[v & 3];
	snprintf(uuid, sizeof(uuid), "%.8s-%.4s-%.4s-%.4s-%.12s", hex, hex + 8,
		 hex + 12, hex + 16, hex + 20);
	run->uuid = record_strdup(run, uuid);
}

