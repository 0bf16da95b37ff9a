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

#include "log.h"
#include "store.h"
#include "xalloc.h"

#define ENV_MAX 3

static size_t
report_env(const struct import_report *r, struct store_kv *env,
	   char *run_text)
{
	size_t n = 0;

	if (r->configuration != NULL)
		env[n++] = (struct store_kv){ "import.configuration",
					      r->configuration };
	if (r->date != NULL)
		env[n++] = (struct store_kv){ "import.date", r->date };
	if (r->source_run > 0)
		env[n++] = (struct store_kv){ "import.run_id", run_text };
	return n;
}

static int
store_results(struct store *st, int64_t run_id, const struct import_report *r)
{
	for (size_t i = 0; i < r->n_results; i++) {
		const struct import_result *res = &r->results[i];
		struct store_sample *s = xcalloc(res->n_samples + 1, sizeof(*s));
		struct store_result sr = {
			.number = res->number,
			.test = res->test,
			.rep = res->rep,
			.status = res->status,
			.reason = res->reason,
			.factor = res->factor,
			.units = res->units,
			.warmup_calls = -1,
			.warmup_ns = -1,
			.source_line = res->line,
		};
		int rc;

		for (size_t j = 0; j < res->n_samples; j++) {
			s[j].calls = res->samples[j].calls;
			s[j].elapsed_ns = res->samples[j].elapsed_ns;
			s[j].printed_ops = res->samples[j].has_printed ?
						   res->samples[j].printed_ops :
						   -1.0;
			s[j].vol_cs = -1;
			s[j].invol_cs = -1;
		}
		rc = store_add_result(st, run_id, &sr, s, res->n_samples);
		free(s);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int
store_report(struct store *st, const struct import_file *f,
	     const struct import_report *r, const char *tag,
	     const char *source_file)
{
	struct store_kv env[ENV_MAX];
	char run_text[32];
	struct store_run run = {
		.tag = tag,
		.suite = "aim9",
		.options = "",
		.source = import_source(f->kind),
		.source_file = source_file,
		.aim_version = PACKAGE_VERSION,
		.host = r->host,
	};
	size_t n_env;
	int64_t id;

	snprintf(run_text, sizeof(run_text), "%" PRId64, r->source_run);
	n_env = report_env(r, env, run_text);
	id = store_begin_run(st, &run, env, n_env);
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
