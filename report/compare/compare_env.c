/*
 * Environment checks for a comparison.  Another machine, CPU model or
 * aimkit build moves results for reasons that have nothing to do with the
 * kernel, so those differences refuse the comparison; settings that move
 * results too (governor, THP, mitigations, command line...) are warnings.
 * A run imported without any environment may come from any machine: it
 * is compared only with runs as unknown as itself (compare_env_known.c).
 */
#include "config.h"

#include "compare_env.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

enum key_kind {
	KEY_PLAIN,	/* any difference counts */
	KEY_WORDS,	/* blank-separated words; boot image names ignored */
	KEY_ITEMS,	/* "name: text; name: text", as mitigations are kept */
	KEY_MEMORY,	/* bytes; only a difference of machine counts */
	KEY_PINNED,	/* "none" or a CPU: pinned against not refuses */
};

struct env_key {
	const char *key;
	const char *label;
	enum key_kind kind;
	const char *refuse;	/* what a difference means, NULL: warn */
};

/* The order of the warnings. */
static const struct env_key checked[] = {
	{ "hostname", "machine", KEY_PLAIN, "machine (host name)" },
	{ "cpu.model", "CPU model", KEY_PLAIN, "CPU model" },
	{ "mem.total_bytes", "memory", KEY_MEMORY, "machine (memory size)" },
	{ "cpu.count_online", "online CPUs", KEY_PLAIN, NULL },
	{ "cpu.microcode", "microcode", KEY_PLAIN, NULL },
	{ "cpu.pinned", "CPU pinning (--cpu)", KEY_PINNED,
	  "pinned and unpinned runs (--cpu)" },
	{ "smt.active", "SMT", KEY_PLAIN, NULL },
	{ "cpufreq.governor", "cpufreq governor", KEY_PLAIN, NULL },
	{ "cpufreq.boost", "cpufreq boost", KEY_PLAIN, NULL },
	{ "thp.enabled", "THP", KEY_PLAIN, NULL },
	{ "thp.defrag", "THP defrag", KEY_PLAIN, NULL },
	{ "kernel.randomize_va_space", "ASLR", KEY_PLAIN, NULL },
	{ "kernel.cmdline", "kernel command line", KEY_WORDS, NULL },
	{ "mitigations", "mitigations", KEY_ITEMS, NULL },
	{ "scratch.fstype", "scratch file system", KEY_PLAIN, NULL },
	{ "scratch.dir", "scratch directory", KEY_PLAIN, NULL },
	/* Inherited counters slow a forking test's children a little. */
	{ "counters", "perf counters", KEY_PLAIN, NULL },
	{ "aimkit.version", "aimkit version", KEY_PLAIN,
	  "aimkit build (version)" },
	{ "cc.version", "compiler", KEY_PLAIN, "aimkit build (compiler)" },
	{ "cflags", "compiler flags", KEY_PLAIN,
	  "aimkit build (compiler flags)" },
};

static const char *
run_value(const struct query_run *run, const char *key)
{
	const char *v;

	/* The run row names the machine even for imports without env. */
	if (strcmp(key, "hostname") == 0 && run->host != NULL &&
	    run->host[0] != '\0')
		return run->host;
	v = query_env(run, key);
	if (v == NULL || v[0] == '\0' || strcmp(v, "unknown") == 0)
		return NULL;
	return v;
}

const char *
compare_env_boot(const struct query_tag *side, int64_t run_id)
{
	for (size_t i = 0; side != NULL && i < side->n_runs; i++)
		if (side->runs[i].id == run_id)
			return run_value(&side->runs[i], "boot_id");
	return NULL;
}

/* The first value of KEY among the runs of SIDE, or NULL. */
static const char *
first_value(const struct query_tag *side, const char *key)
{
	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = run_value(&side->runs[i], key);

		if (v != NULL)
			return v;
	}
	return NULL;
}

static char *
append(char *list, const char *sep, const char *item)
{
	char *out;

	if (list == NULL)
		return xstrdup(item);
	out = xasprintf("%s%s%s", list, sep, item);
	free(list);
	return out;
}

/*
 * Distinct values of KEY over the runs of SIDE, in run order, joined by
 * ", " (malloc'd); NULL when no run has it.  *COUNT gets their number.
 */
static char *
distinct(const struct query_tag *side, const char *key, size_t *count)
{
	char *out = NULL;

	*count = 0;
	for (size_t i = 0; i < side->n_runs; i++) {
		const char *v = run_value(&side->runs[i], key);
		int seen = 0;

		if (v == NULL)
			continue;
		for (size_t j = 0; j < i && !seen; j++) {
			const char *w = run_value(&side->runs[j], key);

			seen = w != NULL && strcmp(v, w) == 0;
		}
		if (!seen) {
			out = append(out, ", ", v);
			(*count)++;
		}
	}
	return out;
}

int
compare_env_boot_word(const char *w)
{
	return strncmp(w, "BOOT_IMAGE=", 11) == 0 ||
	       strncmp(w, "initrd=", 7) == 0 ||
	       strncmp(w, COMPARE_ENV_PLAN_MARK,
		       sizeof(COMPARE_ENV_PLAN_MARK) - 1) == 0;
}

static int
has_word(const char *line, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = line; (p = strstr(p, word)) != NULL; p += len)
		if ((p == line || isspace((unsigned char)p[-1])) &&
		    (p[len] == '\0' || isspace((unsigned char)p[len])))
			return 1;
	return 0;
}

/* Words of A missing from B, each with MARK before it, onto LIST. */
static char *
missing_words(const char *a, const char *b, const char *mark, char *list)
{
	char *copy = xstrdup(a), *save = NULL;

	for (char *w = strtok_r(copy, " \t\n", &save); w != NULL;
	     w = strtok_r(NULL, " \t\n", &save)) {
		char *item;

		if (compare_env_boot_word(w) || has_word(b, w))
			continue;
		item = xasprintf("%s%s", mark, w);
		list = append(list, " ", item);
		free(item);
	}
	free(copy);
	return list;
}

static char *
words_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *d = missing_words(b, a, "+", missing_words(a, b, "-", NULL));
	char *out;

	if (d == NULL)
		return NULL;
	out = xasprintf("%s (%s -> %s)", d, ta, tb);
	free(d);
	return out;
}

/* A vulnerability name followed by ": " starts at P. */
static int
item_start(const char *p)
{
	const char *q = p;

	while (islower((unsigned char)*q) || isdigit((unsigned char)*q) ||
	       *q == '_')
		q++;
	return q > p && q[0] == ':' && q[1] == ' ';
}

/*
 * The text of item NAME in S ("name: text; name: text", where a text may
 * itself hold "; "), as a malloc'd string, or NULL when absent.
 */
static char *
item_text(const char *s, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = s; p != NULL && *p != '\0';) {
		const char *end = strstr(p, "; ");

		while (end != NULL && !item_start(end + 2))
			end = strstr(end + 2, "; ");
		if (strncmp(p, name, len) == 0 && p[len] == ':' &&
		    item_start(p)) {
			const char *text = p + len + 2;

			return end != NULL ?
			       xasprintf("%.*s", (int)(end - text), text) :
			       xstrdup(text);
		}
		p = end != NULL ? end + 2 : NULL;
	}
	return NULL;
}

/* Names of the items of A whose text differs in B (or is absent). */
static char *
changed_items(const char *a, const char *b, char *list)
{
	for (const char *p = a; p != NULL && *p != '\0';) {
		const char *colon = strchr(p, ':');
		char *name = xasprintf("%.*s", (int)(colon - p), p);
		char *ta = item_text(a, name), *tb = item_text(b, name);

		if ((tb == NULL || strcmp(ta, tb) != 0) &&
		    (list == NULL || !has_word(list, name)))
			list = append(list, " ", name);
		free(name);
		free(ta);
		free(tb);
		p = strstr(p, "; ");
		while (p != NULL && !item_start(p + 2))
			p = strstr(p + 2, "; ");
		p = p != NULL ? p + 2 : NULL;
	}
	return list;
}

static char *
items_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *d, *out;

	if (!item_start(a) || !item_start(b))
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	d = changed_items(b, a, changed_items(a, b, NULL));
	if (d == NULL)
		return NULL;
	out = xasprintf("%s (%s vs %s)", d, ta, tb);
	free(d);
	return out;
}

static char *
memory_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *ea, *eb;
	double x = strtod(a, &ea), y = strtod(b, &eb);

	if (*ea != '\0' || *eb != '\0' || !(x > 0.0) || !(y > 0.0))
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	/* Kernels reserve different amounts: only a machine moves this. */
	if (fabs(x - y) <= COMPARE_ENV_MEM_PCT / 100.0 * fmin(x, y))
		return NULL;
	return xasprintf("%.1f GiB (%s) vs %.1f GiB (%s)", x / 1073741824.0,
			 ta, y / 1073741824.0, tb);
}

/* NULL when A and B agree for key K, else what differs (malloc'd). */
static char *
differ(const struct env_key *k, const char *a, const char *ta, const char *b,
       const char *tb)
{
	switch (k->kind) {
	case KEY_WORDS:
		return words_diff(a, ta, b, tb);
	case KEY_ITEMS:
		return items_diff(a, ta, b, tb);
	case KEY_MEMORY:
		return memory_diff(a, ta, b, tb);
	case KEY_PINNED:	/* another CPU warns, pinned against not refuses */
	case KEY_PLAIN:
	default:
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	}
}

static void
add_line(char ***list, size_t *n, char *msg)
{
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = msg;
}

/* Runs of one side that disagree about key K. */
static void
check_within(const struct query_tag *q, const struct env_key *k,
	     struct cmp_table *t)
{
	const char *first = first_value(q, k->key);
	size_t count;
	char *vals, *d = NULL;

	if (k->kind == KEY_PLAIN) {
		vals = distinct(q, k->key, &count);
		if (count > 1)
			add_line(&t->warnings, &t->n_warnings,
				 xasprintf("runs of %s differ in %s: %s",
					   q->tag, k->label, vals));
		free(vals);
		return;
	}
	for (size_t i = 0; first != NULL && d == NULL && i < q->n_runs; i++) {
		const char *v = run_value(&q->runs[i], k->key);

		if (v != NULL)
			d = differ(k, first, "first run", v, "another");
	}
	if (d != NULL)
		add_line(&t->warnings, &t->n_warnings,
			 xasprintf("runs of %s differ in %s: %s", q->tag,
				   k->label, d));
	free(d);
}

/* The base against NEW side S for key K: a warning, maybe a refusal. */
static void
check_across(const struct query_tag *sides, size_t s,
	     const struct env_key *k, struct cmp_table *t)
{
	const char *a = first_value(&sides[0], k->key);
	const char *b = first_value(&sides[s], k->key);
	char *d = NULL;

	if (a == NULL || b == NULL) {
		/* A side without any environment gets one line, not many. */
		if ((a != NULL || b != NULL) && compare_env_has(&sides[0]) &&
		    compare_env_has(&sides[s]))
			d = xasprintf("%s (%s) vs %s (%s)", a ? a : "unknown",
				      sides[0].tag, b ? b : "unknown",
				      sides[s].tag);
		if (d != NULL)
			add_line(&t->warnings, &t->n_warnings,
				 xasprintf("%s differs: %s", k->label, d));
		free(d);
		return;
	}
	if (k->kind == KEY_PLAIN) {
		size_t na, nb;
		char *va = distinct(&sides[0], k->key, &na);
		char *vb = distinct(&sides[s], k->key, &nb);

		d = differ(k, va, sides[0].tag, vb, sides[s].tag);
		free(va);
		free(vb);
	} else {
		d = differ(k, a, sides[0].tag, b, sides[s].tag);
	}
	if (d == NULL)
		return;
	add_line(&t->warnings, &t->n_warnings,
		 xasprintf("%s differs: %s", k->label, d));
	if (k->refuse != NULL &&
	    (k->kind != KEY_PINNED ||
	     (strcmp(a, "none") == 0) != (strcmp(b, "none") == 0)))
		add_line(&t->refusals, &t->n_refusals,
			 /* A fleet's store holds many: say which met. */
			 strcmp(k->key, "hostname") == 0 ?
			 xasprintf("machine (host name %s)", d) :
			 t->n_sides > 2 ? xasprintf("%s of %s", k->refuse,
						    sides[s].tag)
					: xstrdup(k->refuse));
	free(d);
}

static void
count_boots(const struct query_tag *q, struct cmp_side *s)
{
	for (size_t i = 0; i < q->n_runs; i++) {
		const char *b = run_value(&q->runs[i], "boot_id");
		int seen = 0;

		if (b == NULL) {
			s->boots_unknown = 1;
			continue;
		}
		for (size_t j = 0; j < i && !seen; j++) {
			const char *c = run_value(&q->runs[j], "boot_id");

			seen = c != NULL && strcmp(b, c) == 0;
		}
		s->n_boots += !seen;
	}
}

/* Processes, samples and flagged samples over every ok result. */
static void
count_samples(const struct query_tag *q, int exclude, struct cmp_side *s)
{
	for (size_t i = 0; i < q->n_results; i++) {
		const struct query_result *r = &q->results[i];
		struct cmp_value v;

		if (strcmp(r->status, "ok") != 0)
			continue;
		s->n_samples += r->n_samples;
		if (r->n_samples == 0)
			continue;
		memset(&v, 0, sizeof(v));
		v.better = r->better;
		compare_value_stats(q, &r, 1, exclude, STATS_BASIS_MEAN, &v);
		/* Each run of a timed command is a process of its own. */
		s->n_procs += r->better == MEASURE_LOWER ? r->n_samples : 1;
		s->n_flagged += v.n_flagged;
		s->n_excluded += v.n_excluded;
		compare_value_free(&v);
	}
}

static void
fill_side(const struct query_tag *q, int exclude, struct cmp_side *s)
{
	size_t count;

	s->tag = q->tag;
	s->n_runs = q->n_runs;
	s->run_ids = xcalloc(q->n_runs ? q->n_runs : 1, sizeof(*s->run_ids));
	for (size_t i = 0; i < q->n_runs; i++) {
		s->run_ids[i] = q->runs[i].id;
		if (q->runs[i].status == NULL ||
		    strcmp(q->runs[i].status, "complete") != 0)
			s->n_incomplete++;
	}
	count_samples(q, exclude, s);
	count_boots(q, s);
	s->kernels = distinct(q, "uname.release", &count);
	if (s->kernels == NULL)
		s->kernels = xstrdup("unknown");
	s->hosts = distinct(q, "hostname", &count);
	if (s->hosts == NULL)
		s->hosts = xstrdup("unknown");
}

void
compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	int any_env = 0;

	t->sides = xcalloc(n, sizeof(*t->sides));
	for (size_t s = 0; s < n; s++) {
		fill_side(&sides[s], t->opt.exclude_flagged, &t->sides[s]);
		any_env |= compare_env_has(&sides[s]);
	}
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		for (size_t s = 0; s < n; s++)
			check_within(&sides[s], &checked[i], t);
		for (size_t s = 1; s < n; s++)
			check_across(sides, s, &checked[i], t);
	}
	for (size_t s = 1; s < n; s++)
		compare_env_unknown(sides, s, t);
	compare_mode(sides, n, t);
	compare_noise(sides, n, t);
	for (size_t s = 0; s < n && any_env; s++)
		if (!compare_env_has(&sides[s]))
			add_line(&t->warnings, &t->n_warnings,
				 xasprintf("no environment recorded for %s: its machine, CPU, settings and build cannot be checked",
					   sides[s].tag));
}
