// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Runs written to a server by several connections at once (aimdb push
 * --jobs N).  A server stores a run on one processor per connection
 * (about 11 ms of its CPU a run of 60 tests, doc/fleet.md); with N
 * connections N runs are stored at once.  The reading stays in the
 * caller's thread (one snapshot of the source); it hands each record,
 * vetted, to a queue of N places, and N writers take them in turn, each
 * storing a run in a transaction of its own on its own connection, as
 * the one writer does (aimdb_copy_send).  Memory holds at most 2N + 1
 * runs.  A writer that fails stops every writer at its next run.
 * The locks and conditions are the default kind, whose calls fail only
 * when misused (an uninitialised or unowned mutex), so they go unchecked.
 */
#include "config.h"

#include "aimdb.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "log.h"
#include "query_admin.h"
#include "record.h"
#include "store.h"
#include "xalloc.h"

struct aimdb_writer {
	struct aimdb_jobs *q;
	struct aimdb_copy_conn own;	/* for the second writer on */
	struct aimdb_copy_conn *c;	/* M->conn for the first */
	pthread_t thread;
	int started;
};

struct aimdb_jobs {
	struct aimdb_copy *m;
	pthread_mutex_t mu;
	pthread_cond_t changed;		/* a run queued or taken, or the end */
	struct record_run *ring;	/* N places */
	size_t head, queued, n;
	int ending;			/* no more runs will be queued */
	int failed;			/* a writer stopped: CLI_ENV */
	struct aimdb_writer *w;		/* N */
};

/* The next run queued into *RUN: 1, or 0 when none will come. */
static int
take(struct aimdb_jobs *q, struct record_run *run)
{
	int got = 0;

	(void)pthread_mutex_lock(&q->mu);
	while (q->queued == 0 && !q->ending && !q->failed)
		(void)pthread_cond_wait(&q->changed, &q->mu);
	if (q->queued > 0 && !q->failed) {
		*run = q->ring[q->head];
		q->head = (q->head + 1) % q->n;
		q->queued--;
		got = 1;
		(void)pthread_cond_broadcast(&q->changed);
	}
	(void)pthread_mutex_unlock(&q->mu);
	return got;
}

static void *
writer(void *arg)
{
	struct aimdb_writer *w = arg;
	struct aimdb_jobs *q = w->q;
	struct record_run run;

	while (take(q, &run)) {
		int rc = aimdb_copy_send(q->m, w->c, &run);

		record_free(&run);
		if (rc != CLI_OK) {
			(void)pthread_mutex_lock(&q->mu);
			q->failed = 1;
			(void)pthread_cond_broadcast(&q->changed);
			(void)pthread_mutex_unlock(&q->mu);
		}
	}
	return NULL;
}

/* Writer I's connection: the first shares M's, the others open theirs. */
static int
connect_writer(struct aimdb_jobs *q, size_t i)
{
	struct aimdb_writer *w = &q->w[i];
	int rc = CLI_OK;

	w->q = q;
	w->c = i == 0 ? &q->m->conn : &w->own;
	if (i == 0)
		return CLI_OK;
	w->own.to = cli_open(q->m->to_name, STORE_RW, &rc);
	if (w->own.to == NULL)
		return rc;
	/* query_prepare has said why */
	w->own.probe = query_probe_open(store_db(w->own.to));
	return w->own.probe != NULL ? CLI_OK : CLI_ENV;
}

int
aimdb_jobs_start(struct aimdb_copy *m)
{
	struct aimdb_jobs *q = xcalloc(1, sizeof(*q));
	int rc = CLI_OK, err;
	size_t i;

	q->m = m;
	q->n = m->jobs;
	q->ring = xcalloc(q->n, sizeof(*q->ring));
	q->w = xcalloc(q->n, sizeof(*q->w));
	(void)pthread_mutex_init(&q->mu, NULL);	/* always 0 on Linux */
	(void)pthread_cond_init(&q->changed, NULL);
	m->q = q;
	for (i = 0; i < q->n && rc == CLI_OK; i++)
		rc = connect_writer(q, i);
	for (i = 0; i < q->n && rc == CLI_OK; i++) {
		err = pthread_create(&q->w[i].thread, NULL, writer, &q->w[i]);
		if (err != 0) {
			errno = err;
			aim_warn_errno("%s: cannot start a writer",
				       m->verb_cmd);
			rc = CLI_ENV;
		}
		q->w[i].started = err == 0;
	}
	if (rc != CLI_OK)
		(void)aimdb_jobs_end(m);
	return rc;
}

int
aimdb_copy_sendq(struct aimdb_copy *m, struct record_run *run)
{
	struct aimdb_jobs *q = m->q;
	int failed;

	(void)pthread_mutex_lock(&q->mu);
	while (q->queued == q->n && !q->failed)
		(void)pthread_cond_wait(&q->changed, &q->mu);
	failed = q->failed;
	if (!failed) {
		q->ring[(q->head + q->queued) % q->n] = *run;
		q->queued++;
		(void)pthread_cond_broadcast(&q->changed);
	}
	(void)pthread_mutex_unlock(&q->mu);
	if (failed)
		record_free(run);
	return failed ? CLI_ENV : CLI_OK;
}

int
aimdb_jobs_end(struct aimdb_copy *m)
{
	struct aimdb_jobs *q = m->q;
	int rc;

	(void)pthread_mutex_lock(&q->mu);
	q->ending = 1;
	(void)pthread_cond_broadcast(&q->changed);
	(void)pthread_mutex_unlock(&q->mu);
	for (size_t i = 0; i < q->n; i++) {
		if (q->w[i].started)
			(void)pthread_join(q->w[i].thread, NULL);
		query_probe_close(q->w[i].own.probe);
		store_close(q->w[i].own.to);
	}
	/* What a writer that failed left queued. */
	for (; q->queued > 0; q->queued--) {
		record_free(&q->ring[q->head]);
		q->head = (q->head + 1) % q->n;
	}
	rc = q->failed ? CLI_ENV : CLI_OK;
	(void)pthread_cond_destroy(&q->changed);
	(void)pthread_mutex_destroy(&q->mu);
	free(q->ring);
	free(q->w);
	free(q);
	m->q = NULL;
	return rc;
}
