// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The comparability gate (lib/core/gate.h): the facts aimrun records that make
 * two runs comparable, how each is compared, and which differences
 * refuse.  A run imported without any environment may come from any
 * machine, CPU or build, so it is compared only with runs as unknown as
 * itself.
 */
#include "config.h"

#include "gate.h"

#include <stdlib.h>
#include <string.h>

#include "envdiff.h"
#include "xalloc.h"

struct gate_key {
	const char *key;
	const char *label;
	enum envdiff_kind kind;
	const char *refuse;	/* what a difference means, NULL: warn */
	const char *remedy;	/* what to do about a difference */
};

/* The order of the warnings. */
static const struct gate_key checked[] = {
	{ "hostname", "machine", ENVDIFF_PLAIN, "machine (host name)",
	  "compare runs of one machine (--host picks them)" },
	{ "cpu.model", "CPU model", ENVDIFF_PLAIN, "CPU model",
	  "compare runs of one CPU model" },
	{ "mem.total_bytes", "memory", ENVDIFF_MEMORY, "machine (memory size)",
	  "compare runs of one machine" },
	{ "cpu.count_online", "online CPUs", ENVDIFF_PLAIN, NULL,
	  "boot both with the same CPUs online" },
	{ "cpu.microcode", "microcode", ENVDIFF_PLAIN, NULL,
	  "measure both under the same microcode" },
	{ "cpu.pinned", "CPU pinning (--cpu)", ENVDIFF_PINNED,
	  "pinned and unpinned runs (--cpu)", "run both with the same --cpu" },
	{ "smt.active", "SMT", ENVDIFF_PLAIN, NULL,
	  "set SMT the same for both (/sys/devices/system/cpu/smt/control)" },
	{ "cpufreq.governor", "cpufreq governor", ENVDIFF_PLAIN, NULL,
	  "set the same governor before both runs (cpupower frequency-set -g)" },
	{ "cpufreq.boost", "cpufreq boost", ENVDIFF_PLAIN, NULL,
	  "set boost the same for both" },
	{ "thp.enabled", "THP", ENVDIFF_PLAIN, NULL,
	  "set /sys/kernel/mm/transparent_hugepage/enabled the same for both" },
	{ "thp.defrag", "THP defrag", ENVDIFF_PLAIN, NULL,
	  "set /sys/kernel/mm/transparent_hugepage/defrag the same for both" },
	{ "kernel.randomize_va_space", "ASLR", ENVDIFF_PLAIN, NULL,
	  "set kernel.randomize_va_space the same for both" },
	{ "kernel.cmdline", "kernel command line", ENVDIFF_WORDS, NULL,
	  "unless that is the change, boot both with the same options" },
	{ "mitigations", "mitigations", ENVDIFF_ITEMS, NULL,
	  "unless that is the change, boot both with the same mitigations=" },
	{ "scratch.fstype", "scratch file system", ENVDIFF_PLAIN, NULL,
	  "give both the same --dir" },
	{ "scratch.dir", "scratch directory", ENVDIFF_PLAIN, NULL,
	  "give both the same --dir" },
	/* Inherited counters slow a forking test's children a little. */
	{ "counters", "perf counters", ENVDIFF_PLAIN, NULL,
	  "count the same events for both (--counters)" },
	{ "aimkit.version", "aimkit version", ENVDIFF_PLAIN,
	  "aimkit build (version)", "measure both with one aimkit build" },
	{ "cc.version", "compiler", ENVDIFF_PLAIN, "aimkit build (compiler)",
	  "measure both with one aimkit build" },
	{ "cflags", "compiler flags", ENVDIFF_PLAIN,
	  "aimkit build (compiler flags)", "measure both with one aimkit build" },
};

static void
add_line(const struct gate_lines *l, char *msg)
{
	if (l == NULL) {
		free(msg);
		return;
	}
	*l->line = xrealloc(*l->line, (*l->n + 1) * sizeof(**l->line));
	(*l->line)[(*l->n)++] = msg;
}

/* KEY of run I; the run row names the machine even for imports. */
static const char *
run_value(const struct gate_side *s, size_t i, const char *key)
{
	const char *v;

	if (strcmp(key, "hostname") == 0 && s->host != NULL) {
		v = s->host(s->ctx, i);
		if (v != NULL && v[0] != '\0')
			return v;
	}
	v = s->value(s->ctx, i, key);
	if (v == NULL || v[0] == '\0' || strcmp(v, "unknown") == 0)
		return NULL;
	return v;
}

const char *
gate_first(const struct gate_side *side, const char *key)
{
	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = run_value(side, i, key);

		if (v != NULL)
			return v;
	}
	return NULL;
}

char *
gate_distinct(const struct gate_side *side, const char *key, size_t *count)
{
	char *out = NULL;

	*count = 0;
	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = run_value(side, i, key);
		int seen = 0;

		if (v == NULL)
			continue;
		for (size_t j = 0; j < i && !seen; j++) {
			const char *w = run_value(side, j, key);

			seen = w != NULL && strcmp(v, w) == 0;
		}
		if (!seen) {
			out = envdiff_append(out, ", ", v);
			(*count)++;
		}
	}
	return out;
}

/* Runs of one side that disagree about key K. */
static void
check_within(const struct gate_side *q, const struct gate_key *k,
	     const struct gate_lines *warn)
{
	const char *first = gate_first(q, k->key);
	size_t count;
	char *vals, *d = NULL;

	if (k->kind == ENVDIFF_PLAIN) {
		vals = gate_distinct(q, k->key, &count);
		if (count > 1)
			add_line(warn, xasprintf("runs of %s differ in %s: %s; %s",
						 q->tag, k->label, vals,
						 k->remedy));
		free(vals);
		return;
	}
	for (size_t i = 0; first != NULL && d == NULL && i < q->n_runs; i++) {
		const char *v = run_value(q, i, k->key);

		if (v != NULL)
			d = envdiff(k->kind, first, "first run", v, "another");
	}
	if (d != NULL)
		add_line(warn, xasprintf("runs of %s differ in %s: %s; %s",
					 q->tag, k->label, d, k->remedy));
	free(d);
}

/* One side recorded K, the other not: one line, and never a refusal. */
static void
check_unrecorded(const struct gate_side *sides, size_t s,
		 const struct gate_key *k, const char *a, const char *b,
		 const struct gate_lines *warn)
{
	if ((a != NULL || b != NULL) && gate_has_env(&sides[0]) &&
	    gate_has_env(&sides[s]))
		add_line(warn, xasprintf("%s differs: %s (%s) vs %s (%s); %s",
					 k->label, a ? a : "unknown",
					 sides[0].tag, b ? b : "unknown",
					 sides[s].tag, k->remedy));
}

/* What refusing key K says of NEW side S among N sides. */
static char *
refusal(const struct gate_key *k, const struct gate_side *sides, size_t s,
	size_t n, const char *d)
{
	/* A fleet's store holds many machines: say which met. */
	if (strcmp(k->key, "hostname") == 0)
		return xasprintf("machine (host name %s)", d);
	return n > 2 ? xasprintf("%s of %s", k->refuse, sides[s].tag) :
	       xstrdup(k->refuse);
}

/* The base against NEW side S for key K: a warning, maybe a refusal. */
static void
check_across(const struct gate_side *sides, size_t s, size_t n,
	     const struct gate_key *k, const struct gate_lines *warn,
	     const struct gate_lines *refuse)
{
	const char *a = gate_first(&sides[0], k->key);
	const char *b = gate_first(&sides[s], k->key);
	char *d;

	if (a == NULL || b == NULL) {
		check_unrecorded(sides, s, k, a, b, warn);
		return;
	}
	if (k->kind == ENVDIFF_PLAIN) {
		size_t na, nb;
		char *va = gate_distinct(&sides[0], k->key, &na);
		char *vb = gate_distinct(&sides[s], k->key, &nb);

		d = envdiff(k->kind, va, sides[0].tag, vb, sides[s].tag);
		free(va);
		free(vb);
	} else {
		d = envdiff(k->kind, a, sides[0].tag, b, sides[s].tag);
	}
	if (d == NULL)
		return;
	add_line(warn, xasprintf("%s differs: %s; %s", k->label, d, k->remedy));
	if (k->refuse != NULL &&
	    (k->kind != ENVDIFF_PINNED ||
	     (strcmp(a, "none") == 0) != (strcmp(b, "none") == 0)))
		add_line(refuse, refusal(k, sides, s, n, d));
	free(d);
}

/*
 * Imported without an environment: marked so by the import, or, in a
 * database filled before imports marked it, an import that recorded
 * none of the build facts every measured run has.
 */
static int
env_unknown(const struct gate_side *s, size_t i)
{
	const char *mark = s->value(s->ctx, i, GATE_ENV_UNKNOWN_KEY);
	const char *source = s->source != NULL ? s->source(s->ctx, i) : NULL;

	if (mark != NULL)
		return strcmp(mark, GATE_ENV_UNKNOWN) == 0;
	return source != NULL && strncmp(source, "import-", 7) == 0 &&
	       s->value(s->ctx, i, "aimkit.version") == NULL;
}

/* Whether some run of SIDE has a known (KNOWN 1) or unknown environment. */
static int
side_env(const struct gate_side *side, int known)
{
	for (size_t i = 0; i < side->n_runs; i++)
		if (env_unknown(side, i) != known)
			return 1;
	return 0;
}

int
gate_has_env(const struct gate_side *side)
{
	for (size_t i = 0; i < side->n_runs; i++)
		/* The mark of an unknown environment is no environment. */
		if (side->n_env(side->ctx, i) >
		    (side->value(side->ctx, i, GATE_ENV_UNKNOWN_KEY) != NULL))
			return 1;
	return 0;
}

/* Known against unknown, either way round. */
static void
check_unknown(const struct gate_side *sides, size_t s,
	      const struct gate_lines *refuse)
{
	const struct gate_side *unknown = NULL;

	if (side_env(&sides[0], 0) && side_env(&sides[s], 1))
		unknown = &sides[0];
	else if (side_env(&sides[0], 1) && side_env(&sides[s], 0))
		unknown = &sides[s];
	if (unknown != NULL)
		add_line(refuse, xasprintf("environment (unknown for %s)",
					   unknown->tag));
}

/*
 * How the copies of a run ran: as processes, or as threads of one
 * process (aimrun --threads, the fact copies_mode=threads), which share
 * its address space, locks and files: another thing measured.
 */
static const char *
run_mode(const struct gate_side *s, size_t i)
{
	const char *v = s->value(s->ctx, i, "copies_mode");

	return v != NULL && strcmp(v, "threads") == 0 ? "threads" : "processes";
}

/* The mode of every run of Q, or NULL when its runs differ. */
static const char *
side_mode(const struct gate_side *q)
{
	const char *m = q->n_runs > 0 ? run_mode(q, 0) : "processes";

	for (size_t i = 1; i < q->n_runs; i++)
		if (strcmp(run_mode(q, i), m) != 0)
			return NULL;
	return m;
}

const char *
gate_mode_mixed(const struct gate_side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++)
		if (side_mode(&sides[s]) == NULL)
			return sides[s].tag;
	return NULL;
}

static void
check_modes(const struct gate_side *sides, size_t n,
	    const struct gate_lines *warn, const struct gate_lines *refuse)
{
	const char *base = side_mode(&sides[0]);

	for (size_t s = 0; s < n; s++) {
		const char *m = side_mode(&sides[s]);

		if (m == NULL) {
			add_line(warn, xasprintf("runs of %s ran copies both as threads and as processes (aimrun --threads)",
						 sides[s].tag));
			add_line(refuse, xasprintf("copies as threads and as processes within %s",
						   sides[s].tag));
		} else if (s > 0 && base != NULL && strcmp(m, base) != 0) {
			add_line(warn, xasprintf("copies ran as %s (%s) vs as %s (%s) (aimrun --threads)",
						 base, sides[0].tag, m,
						 sides[s].tag));
			add_line(refuse, n > 2 ? xasprintf("copies as threads and as processes of %s",
							   sides[s].tag)
					       : xstrdup("copies as threads and as processes"));
		}
	}
}

void
gate_compare(const struct gate_side *sides, size_t n,
	     const struct gate_lines *warn, const struct gate_lines *refuse)
{
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		for (size_t s = 0; s < n; s++)
			check_within(&sides[s], &checked[i], warn);
		for (size_t s = 1; s < n; s++)
			check_across(sides, s, n, &checked[i], warn, refuse);
	}
	for (size_t s = 1; s < n; s++)
		check_unknown(sides, s, refuse);
	check_modes(sides, n, warn, refuse);
}

char *
gate_say(const char *base, const char *other, char *const *why, size_t n,
	 int forced)
{
	char *what = xstrdup(n > 0 ? why[0] : "environment"), *out;

	for (size_t i = 1; i < n; i++) {
		char *next = xasprintf("%s, %s", what, why[i]);

		free(what);
		what = next;
	}
	if (forced)
		out = xasprintf("%s vs %s: compared with --force although not comparable: %s differ%s",
				base, other != NULL ? other : "the others",
				what, n == 1 ? "s" : "");
	else
		out = xasprintf("%s vs %s: not comparable: %s differ%s (--force compares anyway)",
				base, other != NULL ? other : "the others",
				what, n == 1 ? "s" : "");
	free(what);
	return out;
}
