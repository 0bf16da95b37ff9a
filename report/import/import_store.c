/*
 * Storing a parsed import.  Every report of the file goes in one outer
 * transaction, its own or the caller's (who may add to it and decide to
 * commit): a failure part way leaves the database as it was.
 */
#include "config.h"

#include "import.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "log.h"
#include "store.h"
#include "xalloc.h"

/* The facts this importer itself records, before any of the file. */
#define OWN_MAX 3

static int
has_key(const struct store_kv *env, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(env[i].key, key) == 0)
			return 1;
	return 0;
}

/*
 * The run's environment: what the import knows, then the exported facts
 * of a CSV (theirs are replaced by ours), or, when the file had none,
 * "environment unknown", which keeps aimcmp from comparing the run with
 * measured ones as if their machines were known to agree.
 */
static struct store_kv *
report_env(const struct import_report *r, char *run_text, size_t *n_out)
{
	struct store_kv *env = xcalloc(OWN_MAX + r->n_env + 1, sizeof(*env));
	size_t n = 0;

	if (r->configuration != NULL)
		env[n++] = (struct store_kv){ "import.configuration",
					      r->configuration };
	if (r->date != NULL)
		env[n++] = (struct store_kv){ "import.date", r->date };
	if (r->source_run > 0)
		env[n++] = (struct store_kv){ "import.run_id", run_text };
	for (size_t i = 0; i < r->n_env; i++)
		if (!has_key(env, n, r->env[i].key))
			env[n++] = (struct store_kv){ r->env[i].key,
						      r->env[i].value };
	if (r->n_env == 0 || (r->n_env == 1 && has_key(env, n,
						       IMPORT_ROW_NUMBERS_KEY)))
		env[n++] = (struct store_kv){ IMPORT_ENV_UNKNOWN_KEY,
					      IMPORT_ENV_UNKNOWN };
	*n_out = n;
	return env;
}

/* The machine's name: the file's, or the exported environment's. */
static const char *
report_host(const struct import_report *r)
{
	for (size_t i = 0; r->host == NULL && i < r->n_env; i++)
		if (strcmp(r->env[i].key, "hostname") == 0)
			return r->env[i].value;
	return r->host;
}

static int
store_results(struct store *st, int64_t run_id, const struct import_report *r)
{
	for (size_t i = 0; i < r->n_results; i++) {
		const struct import_result *res = &r->results[i];
		struct measure_sample *s = xcalloc(res->n_samples + 1,
						   sizeof(*s));
		struct store_result sr = {
			.number = res->number,
			.test = res->test,
			.rep = res->rep,
			.status = res->status,
			.reason = res->reason,
			.factor = res->factor,
			.units = res->units,
			.warmup_calls = res->warmup_calls,
			.warmup_ns = res->warmup_ns,
			.source_line = res->line,
			.judged = res->judged,
			.better = res->better,
			.copies = res->copies,
			.finished_utc = res->finished_utc,
		};
		int rc;

		for (size_t j = 0; j < res->n_samples; j++) {
			s[j].calls = res->samples[j].calls;
			s[j].elapsed_ns = res->samples[j].elapsed_ns;
			s[j].printed_ops = res->samples[j].has_printed ?
						   res->samples[j].printed_ops :
						   -1.0;
			s[j].m = res->samples[j].m;
		}
		rc = store_add_result(st, run_id, &sr, s, res->n_samples);
		free(s);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/*
 * A run of the JSON export as it was: its identity, times, provenance,
 * host and environment exactly as exported, ended as it was ended.
 */
static int64_t
store_copy(struct store *st, const struct import_report *r, const char *tag)
{
	const struct import_identity *id = r->identity;
	struct store_kv *env = xcalloc(r->n_env + 1, sizeof(*env));
	struct store_run run = {
		.tag = tag,
		.suite = id->suite,
		.options = id->options,
		.source = id->source,
		.source_file = id->source_file,
		.aim_version = id->aim_version,
		.host = r->host,
		.uuid = id->uuid,
		.started_utc = id->started_utc,
		.ended_utc = id->ended_utc,
		.status = id->status,
	};
	int64_t run_id;

	for (size_t i = 0; i < r->n_env; i++)
		env[i] = (struct store_kv){ r->env[i].key, r->env[i].value };
	run_id = store_begin_run(st, &run, env, r->n_env);
	free(env);
	return run_id;
}

static int
store_report(struct store *st, const struct import_file *f,
	     const struct import_report *r, const char *tag,
	     const char *source_file)
{
	struct store_kv *env;
	char run_text[32];
	struct store_run run = {
		.tag = tag,
		.suite = "aim9",
		.options = "",
		.source_file = source_file,
		.aim_version = PACKAGE_VERSION,
		.host = report_host(r),
		/* A CSV export gives a run's uuid alone: kept, the rest new. */
		.uuid = r->identity != NULL ? r->identity->uuid : NULL,
	};
	size_t n_env;
	int64_t id;
	char source[64];

	snprintf(source, sizeof(source), "import-%s",
		 import_format_name(f->format));
	run.source = source;
	if (r->identity != NULL && r->identity->started_utc != NULL) {
		id = store_copy(st, r, tag);
		return id < 0 || store_results(st, id, r) < 0 ? -1 : 0;
	}
	snprintf(run_text, sizeof(run_text), "%" PRId64, r->source_run);
	env = report_env(r, run_text, &n_env);
	id = store_begin_run(st, &run, env, n_env);
	free(env);
	if (id < 0 || store_results(st, id, r) < 0 ||
	    store_end_run(st, id, "complete") < 0)
		return -1;
	return 0;
}

int
import_store(struct store *st, const char *db_name,
	     const struct import_file *f, char *const *tags,
	     const char *source_file)
{
	int own = !store_in_transaction(st);

	if (own && store_begin(st) < 0) {
		aim_warn("%s: %s", db_name, store_errmsg(st));
		return -1;
	}
	for (size_t i = 0; i < f->n_reports; i++) {
		if (store_report(st, f, &f->reports[i], tags[i],
				 source_file) < 0) {
			aim_warn("%s: %s", db_name, store_errmsg(st));
			store_rollback(st);
			return -1;
		}
	}
	if (own && store_commit(st) < 0) {
		aim_warn("%s: %s", db_name, store_errmsg(st));
		return -1;
	}
	return 0;
}
