// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CSV imports of many records: a file of 200,000 repetitions and one of
 * 100,000 runs whose records interleave parse whole, within a bound of
 * 60 s (300 s sanitized, some 5 times slower; SIGALRM ends the test
 * otherwise) that a linear parse, about 0.5 s, never nears and a search
 * per record exceeds; runs and results
 * keep the order of their first record.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "import.h"
#include "sanitizer.h"
#include "tap.h"

#define HEAD "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value\n"
#define ROW "3,add_long,%d,%d,ok,,20,400000000,60000,Thousand Long Integer Additions/second,,,\n"
#define REPS 200000
#define RUNS 100000

static FILE *
start(void)
{
	FILE *in = tmpfile();

	if (in == NULL || fputs(HEAD, in) == EOF)
		bail("cannot write a temporary file");
	return in;
}

static void
parse(FILE *in, struct import_file *f, const char *what)
{
	const struct importer *csv;

	if (import_format("csv", &csv) < 0)
		bail("no csv importer");
	if (fflush(in) != 0 || fseek(in, 0, SEEK_SET) != 0)
		bail("cannot rewind the temporary file");
	ok(import_parse(in, "big.csv", csv, f) == 0, "%s parse", what);
	fclose(in);
}

/* One run, REPS repetitions of one test: results in file order. */
static void
test_reps(void)
{
	struct import_file f;
	FILE *in = start();
	size_t bad = 0;

	for (int i = 1; i <= REPS; i++)
		fprintf(in, "v1,4," ROW, i, 1);
	parse(in, &f, "200000 repetitions");
	is_int((int64_t)f.n_reports, 1, "one run");
	if (f.n_reports != 1)
		bail("no run to look at");
	is_int((int64_t)f.reports[0].run.n_results, REPS, "every repetition");
	for (size_t i = 0; i < f.reports[0].run.n_results; i++)
		bad += f.reports[0].run.results[i].rep != (int)i + 1 ||
		       f.reports[0].run.results[i].n_samples != 1;
	is_int((int64_t)bad, 0, "in file order, one sample each");
	import_free(&f);
}

/*
 * RUNS runs under seven tags, every run's first sample, then every
 * run's second: each record finds the run and result it belongs to.
 */
static void
test_runs(void)
{
	struct import_file f;
	FILE *in = start();
	size_t bad = 0;

	for (int seq = 1; seq <= 2; seq++)
		for (int i = 1; i <= RUNS; i++)
			fprintf(in, "t%d,%d," ROW, i % 7, i, 1, seq);
	parse(in, &f, "100000 interleaved runs");
	is_int((int64_t)f.n_reports, RUNS, "every run");
	for (size_t i = 0; i < f.n_reports; i++) {
		const struct import_report *r = &f.reports[i];

		bad += r->source_run != (int64_t)i + 1 ||
		       r->line != (int)i + 2 || r->run.n_results != 1 ||
		       r->run.results[0].n_samples != 2;
	}
	is_int((int64_t)bad, 0, "in order of first sight, two samples each");
	import_free(&f);
}

int
main(void)
{
	plan_lazy();
	alarm(SANITIZED ? 300 : 60);
	test_reps();
	test_runs();
	return done_testing();
}
