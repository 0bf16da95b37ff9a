// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One verdict per question.  A NEW side that aimrun grew by
 * --until-decided against the base asked the sequential question: its
 * data were collected by peeking, and a fixed-sample test of them does
 * not hold at alpha.  So its verdicts here are the sequential ones,
 * replayed by lib/stats/seq.c on the stored processes as aimrun made them
 * (the same looks, the same levels spent, the same noise rules), and
 * when the pair is not the one aimrun compared (the base gained runs,
 * NEW pools other runs) or the replay differs from what aimrun stored,
 * a warning says why.  Part of the compare module.
 */
#include "config.h"

#include "compare.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seq.h"
#include "xalloc.h"

/* What aimrun recorded of its sequential comparison (rounds_facts()). */
struct seq_facts {
	const struct record_run *run;
	struct stats_opts opt;
	size_t family;
	int noise;
	const char *base_runs;
};

static int
read_facts(const struct record_run *run, const char *base,
	   struct seq_facts *f)
{
	const char *against = record_env(run, "seq.against");
	const char *alpha = record_env(run, "seq.alpha");
	const char *equiv = record_env(run, "seq.equivalence");
	const char *family = record_env(run, "seq.family");
	const char *noise = record_env(run, "seq.noise");
	char *end;

	if (against == NULL || strcmp(against, base) != 0 || alpha == NULL ||
	    equiv == NULL || family == NULL)
		return 0;
	stats_opts_default(&f->opt);
	f->opt.alpha = strtod(alpha, &end);
	f->opt.equiv = *end == '\0' ? strtod(equiv, &end) : -1.0;
	f->family = *end == '\0' ? (size_t)strtoul(family, &end, 10) : 0;
	f->noise = noise == NULL || strcmp(noise, "kept") != 0;
	f->base_runs = record_env(run, "seq.base_runs");
	f->run = run;
	return *end == '\0' && f->family > 0 && f->family < 100000 &&
	       f->opt.alpha > 0.0 && f->opt.alpha < 0.5 &&
	       f->opt.equiv >= 0.0 && f->opt.equiv < 1.0 &&
	       f->base_runs != NULL;
}

/* "5,6": the ids of SIDE's runs, as aimrun writes seq.base_runs. */
static char *
run_ids(const struct query_tag *side)
{
	char *ids = xstrdup("");

	for (size_t i = 0; i < side->n_runs; i++) {
		char *next = xasprintf("%s%s%" PRId64, ids, i ? "," : "",
				       side->runs[i].id);

		free(ids);
		ids = next;
	}
	return ids;
}

/*
 * Whether NEW side S asks the sequential question of the base: its one
 * run was grown against it, on the base's runs it holds now.  A warning
 * when it almost does.
 */
static int
sequential(const struct query_tag *sides, size_t s, struct cmp_table *t,
	   struct seq_facts *f)
{
	const struct query_tag *q = &sides[s];
	size_t k;
	char *ids;
	int same;

	for (k = 0; k < q->n_runs; k++)
		if (read_facts(&q->runs[k], sides[0].tag, f))
			break;
	if (k == q->n_runs)
		return 0;
	if (q->n_runs > 1) {
		compare_warn(t, xasprintf("%s pools %zu runs, one of them (run %" PRId64 ") grown by aimrun --until-decided against %s: its verdicts are fixed-sample tests of all of them, not the sequential ones (aimcmp --run %" PRId64 " picks that run)",
					  q->tag, q->n_runs, f->run->id,
					  sides[0].tag, f->run->id));
		return 0;
	}
	ids = run_ids(&sides[0]);
	same = strcmp(ids, f->base_runs) == 0;
	if (!same)
		compare_warn(t, xasprintf("%s was grown by aimrun --until-decided against runs %s of %s, which now holds runs %s: its verdicts are fixed-sample tests, not the sequential ones (--run with runs %s of %s gives those)",
					  q->tag, f->base_runs, sides[0].tag,
					  ids, f->base_runs, sides[0].tag));
	free(ids);
	return same;
}

/* The ok processes of TEST on SIDE, in the order they ran. */
static size_t
processes(const struct query_tag *side, const char *test, int noise,
	  struct seq_proc **out)
{
	size_t n = 0;

	*out = xcalloc(side->n_results + 1, sizeof(**out));
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];

		if (strcmp(r->test, test) != 0 || strcmp(r->status, "ok") != 0 ||
		    r->n_samples == 0)
			continue;
		(void)seq_process(r->samples, r->n_samples, (double)r->factor,
				  r->judged, noise, &(*out)[n++]);
	}
	return n;
}

/* "regressed 3 9": what aimrun stored, and what the replay gives. */
static char *
said(const struct seq_state *st, size_t n_new)
{
	return xasprintf("%s %zu %zu", st->decided ?
			 stats_verdict_name(st->cmp.verdict) : "undecided",
			 st->looks, n_new);
}

/*
 * Row ROW's delta of side S made the sequential one; 1 when the replay
 * differs from what aimrun stored for the test.
 */
static int
replay_row(const struct query_tag *sides, size_t s, struct cmp_row *row,
	   const struct seq_facts *f)
{
	struct cmp_delta *d = &row->d[s - 1];
	struct cmp_value *v = &row->v[s];
	struct seq_proc *b, *n;
	size_t nb = processes(&sides[0], row->test, f->noise, &b);
	size_t nn = processes(&sides[s], row->test, f->noise, &n);
	const char *stored;
	char key[256], *mine;
	struct seq_state st;
	int differs = 0;

	snprintf(key, sizeof(key), "seq.%s", row->test);
	stored = record_env(f->run, key);
	if (stored != NULL && d->valid && row->better == MEASURE_HIGHER &&
	    seq_replay(b, nb, n, nn, &f->opt, f->family, 1, &st) == 0) {
		mine = said(&st, nn);
		differs = strcmp(mine, stored) != 0;
		free(mine);
		d->seq = 1;
		d->looks = st.looks;
		if (st.looks > 0) {
			/* The deciding look's ratio, printed against the base. */
			d->has_stats = 1;
			d->cmp = st.cmp;
			v->center = row->v[0].center * st.cmp.ratio;
			v->rate_c = compare_cents(v->center);
			d->delta_c = v->rate_c - row->v[0].rate_c;
			d->pct = row->v[0].rate_c != 0 ? (double)d->delta_c /
				 (double)row->v[0].rate_c * 100.0 : NAN;
		}
	}
	free(b);
	free(n);
	return differs;
}

void
compare_seq(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	for (size_t s = 1; s < n; s++) {
		struct seq_facts f;
		size_t differ = 0;

		if (!sequential(sides, s, t, &f))
			continue;
		t->sides[s].seq_family = f.family;
		t->sides[s].seq_alpha = f.opt.alpha;
		for (size_t i = 0; i < t->n_rows; i++)
			differ += (size_t)replay_row(sides, s, &t->rows[i], &f);
		if (differ > 0)
			compare_warn(t, xasprintf("%s: the looks replayed on the stored samples decide %zu test%s otherwise than aimrun did: they are not the samples it judged (a result removed, edited or imported without its metrics); the verdicts shown are the replay's",
						  sides[s].tag, differ,
						  differ == 1 ? "" : "s"));
	}
}
