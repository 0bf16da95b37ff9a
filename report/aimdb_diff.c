// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb diff A B: the facts one store holds and the other does not.
 * Each run is known by its uuid; each run of A and B is read whole into
 * its record and said as lines of facts (the run's own, each fact of
 * its environment, each result, sample, metric and histogram bucket,
 * each of a result's kernel's monitors and kernel log lines),
 * and the lines of a uuid in one store are set against those of the
 * same uuid in the other: "<" a fact of A alone, ">" one of B.  Either
 * store may be a file or a server; both are only read, one run of each
 * in memory at a time.
 */
#include "config.h"

#include "aimdb.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dbtarget.h"
#include "export.h"
#include "log.h"
#include "query.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

static const char diff_usage[] =
	"Usage: aimdb diff A B\n"
	"The facts of runs (by uuid), environments, results, samples, metrics,\n"
	"histograms, monitors and kernel log lines that one database holds and\n"
	"the other does not: '<' a fact of A alone, '>' one of B; then a\n"
	"summary line.  Exit 0 when they hold the same facts, 1 when they\n"
	"differ.  A and B are files or PostgreSQL servers, only read.\n";

/* The fact lines of one run. */
struct facts {
	char **line;
	size_t n;
};

static void __attribute__((format(printf, 2, 3)))
add(struct facts *f, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		aim_die(2, "out of memory");
	va_end(ap);
	f->line = record_grow(f->line, f->n, sizeof(*f->line));
	f->line[f->n++] = s;
}

/* A text or "(null)": one fact line holds the text as it is stored. */
static const char *
txt(const char *s)
{
	return s != NULL ? s : "(null)";
}

static void
sample_facts(struct facts *f, const char *key, const struct measure_sample *s,
	     size_t k)
{
	struct measure_row row;

	add(f, "%s seq %zu calls=%" PRId64 " elapsed_ns=%" PRId64
	    " printed_ops=%.17g", key, k + 1, s->calls, s->elapsed_ns,
	    s->printed_ops >= 0 ? s->printed_ops : -1.0);
	for (int i = 0; measure_row(s, i, &row); i++) {
		if (row.name == NULL)
			continue;
		if (row.bound == 0)
			add(f, "%s seq %zu metric %s=%" PRId64, key, k + 1,
			    row.name, row.value);
		else
			add(f, "%s seq %zu bucket %s bound=%" PRId64
			    " count=%" PRId64, key, k + 1, row.name,
			    row.bound, row.value);
	}
}

static void
result_facts(struct facts *f, const char *uuid, const struct record_result *r)
{
	char *key = xasprintf("%s result %s rep %d", uuid, r->test, r->rep);

	add(f, "%s number=%d status=%s reason=%s factor=%lu units=%s"
	    " finished_utc=%s warmup_calls=%" PRId64 " warmup_ns=%" PRId64
	    " source_line=%d judged=%s better=%s copies=%d", key, r->number,
	    r->status, txt(r->reason), r->factor, r->units,
	    txt(r->finished_utc), r->warmup_calls, r->warmup_ns,
	    r->source_line, measure_judged_word(r->judged),
	    measure_better_word(r->better), r->copies);
	for (size_t k = 0; k < r->n_samples; k++)
		sample_facts(f, key, &r->samples[k], k);
	for (size_t i = 0; i < r->n_monitors; i++)
		add(f, "%s monitor %s=%" PRId64, key, r->monitors[i].name,
		    r->monitors[i].value);
	for (size_t i = 0; i < r->n_klog; i++)
		add(f, "%s kernel_log %zu level=%d facility=%d usec=%" PRId64
		    " text=%s", key, i + 1, r->klog[i].level,
		    r->klog[i].facility, r->klog[i].usec, r->klog[i].text);
	free(key);
}

static int
line_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every fact of RUN as a line, sorted. */
static void
run_facts(struct facts *f, const struct record_run *run)
{
	add(f, "%s run tag=%s suite=%s options=%s started_utc=%s"
	    " ended_utc=%s status=%s source=%s source_file=%s sha256=%s"
	    " aim_version=%s host=%s", run->uuid, run->tag, run->suite,
	    run->options, txt(run->started_utc), txt(run->ended_utc),
	    txt(run->status), run->source, txt(run->source_file),
	    txt(run->sha256), run->aim_version, txt(run->host));
	for (size_t i = 0; i < run->n_env; i++)
		add(f, "%s env %s=%s", run->uuid, run->env[i].key,
		    run->env[i].value);
	for (size_t i = 0; i < run->n_results; i++)
		result_facts(f, run->uuid, &run->results[i]);
	if (f->n > 1)
		qsort(f->line, f->n, sizeof(*f->line), line_cmp);
}

static void
facts_free(struct facts *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->line[i]);
	free(f->line);
	memset(f, 0, sizeof(*f));
}

static int
key_cmp(const void *a, const void *b)
{
	return strcmp(((const struct query_run_key *)a)->uuid,
		      ((const struct query_run_key *)b)->uuid);
}

/*
 * The uuid a run older than uuids is known by everywhere (derived from
 * all it holds, export_uuid.c), into KEY: 0, or -1 after reporting.
 */
static int
derived(struct db *db, struct query_run_key *key)
{
	struct record_run run;
	int found = query_run_load(db, key->id, 0, &run, NULL);

	if (found > 0) {
		export_derive_uuid(&run);
		key->uuid = xstrdup(run.uuid);
	}
	record_free(&run);
	return found > 0 ? 0 : -1;
}

/* One side of the diff: a store, its runs by uuid, where it is. */
struct side {
	const char *name;
	struct store *st;
	struct query_run_key *keys;
	size_t n, at;
	size_t only;		/* fact lines it alone holds */
};

/* The facts of run K of S (none when K is past its end); -1 on error. */
static int
load(struct side *s, size_t k, struct facts *f)
{
	struct record_run run;
	size_t unread;
	int found;

	if (k >= s->n)
		return 0;
	found = query_run_load(store_db(s->st), s->keys[k].id,
			       QUERY_LOAD_HISTS | QUERY_LOAD_MONITORS, &run,
			       &unread);
	if (found < 0)
		return -1;
	if (found > 0) {
		export_derive_uuid(&run);
		run_facts(f, &run);
	}
	if (unread > 0)
		aim_warn("diff: %s: run %s: %zu stored rows no record of this aimkit holds, not compared",
			 s->name, s->keys[k].uuid, unread);
	record_free(&run);
	return 0;
}

static int
say(const char *mark, const char *line)
{
	fputs(mark, stdout);
	tag_fput(stdout, line, 0);
	return putchar('\n') == EOF ? -1 : 0;
}

/* The lines of FA and FB that the other lacks (both sorted). */
static int
compare(struct side *a, struct side *b, const struct facts *fa,
	const struct facts *fb)
{
	size_t i = 0, j = 0;
	int rc = 0;

	while (rc == 0 && (i < fa->n || j < fb->n)) {
		int c = i == fa->n ? 1 : j == fb->n ? -1 :
			strcmp(fa->line[i], fb->line[j]);

		if (c < 0) {
			rc = say("< ", fa->line[i++]);
			a->only++;
		} else if (c > 0) {
			rc = say("> ", fb->line[j++]);
			b->only++;
		} else {
			i++;
			j++;
		}
	}
	return rc;
}

/* The next uuid of A and B in order, compared; 1 when both are done. */
static int
step(struct side *a, struct side *b)
{
	struct facts fa = { 0 }, fb = { 0 };
	int c, rc;

	if (a->at == a->n && b->at == b->n)
		return 1;
	c = a->at == a->n ? 1 : b->at == b->n ? -1 :
	    strcmp(a->keys[a->at].uuid, b->keys[b->at].uuid);
	rc = c <= 0 ? load(a, a->at++, &fa) : 0;
	if (rc == 0 && c >= 0)
		rc = load(b, b->at++, &fb);
	if (rc == 0)
		rc = compare(a, b, &fa, &fb) < 0 ? -2 : 0;
	facts_free(&fa);
	facts_free(&fb);
	return rc;
}

static int
open_side(struct side *s)
{
	char shown[512];
	int rc;

	/* Refused before anything can quote it, as --db is (cli_db_path). */
	if (db_target_shown(s->name, shown, sizeof(shown)) == 1) {
		aim_warn("diff: %s: %s", shown, DB_TARGET_NO_PASSWORD);
		return CLI_USER;
	}
	s->st = cli_open_as(s->name, STORE_RO, "no such database", &rc);
	if (s->st == NULL)
		return rc;
	if (store_snapshot(s->st) < 0) {
		aim_warn("%s: %s", s->name, store_errmsg(s->st));
		return CLI_ENV;
	}
	if (query_run_keys(store_db(s->st), &s->keys, &s->n) < 0)
		return CLI_ENV;
	for (size_t i = 0; i < s->n; i++)
		if (s->keys[i].uuid == NULL &&
		    derived(store_db(s->st), &s->keys[i]) < 0)
			return CLI_ENV;
	if (s->n > 1)
		qsort(s->keys, s->n, sizeof(*s->keys), key_cmp);
	return CLI_OK;
}

static int
diff_sides(struct side *a, struct side *b)
{
	int rc = 0;

	while (rc == 0)
		rc = step(a, b);
	if (rc < 0) {
		if (rc == -2)
			aim_warn_errno("stdout");
		return CLI_ENV;
	}
	printf("%zu facts only in A, %zu only in B (%zu and %zu runs)\n",
	       a->only, b->only, a->n, b->n);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		aim_warn_errno("stdout");
		return CLI_ENV;
	}
	return a->only + b->only > 0 ? CLI_USER : CLI_OK;
}

int
aimdb_diff(const struct aimdb *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct side sa = { 0 }, sb = { 0 };
	int c, done = 0, rc;

	(void)a;
	while ((c = aimdb_getopt(argc, argv, "h", longopts, diff_usage,
				 &done)) != -1)
		return CLI_USER;
	if (done)
		return CLI_OK;
	if (argc - optind != 2)
		return aimdb_usage_error("diff", "name the two databases A and B");
	sa.name = argv[optind];
	sb.name = argv[optind + 1];
	rc = open_side(&sa);
	if (rc == CLI_OK)
		rc = open_side(&sb);
	if (rc == CLI_OK)
		rc = diff_sides(&sa, &sb);
	query_run_keys_free(sa.keys, sa.n);
	query_run_keys_free(sb.keys, sb.n);
	store_close(sa.st);
	store_close(sb.st);
	return rc;
}
