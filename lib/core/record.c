// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Building and releasing a run's record.  Its text and histograms live in
 * chunks the run owns, freed together, so a reader or an importer that
 * makes thousands of strings per run frees them in one pass; its arrays
 * grow by doubling.
 */
#include "config.h"

#include "record.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* A chunk of a run's memory; the data follows the header. */
struct record_mem {
	struct record_mem *next;
	size_t used, size;
	max_align_t data[];
};

#define CHUNK_MIN 4096

void *
record_alloc(struct record_run *run, size_t n)
{
	struct record_mem *m = run->mem;
	size_t need = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	char *p;

	if (m == NULL || m->size - m->used < need) {
		size_t size = need > CHUNK_MIN ? need : CHUNK_MIN;

		m = xmalloc(sizeof(*m) + size);
		m->size = size;
		m->used = 0;
		/* A large block gets a chunk of its own, behind the current. */
		if (run->mem != NULL && size > CHUNK_MIN) {
			m->next = run->mem->next;
			run->mem->next = m;
		} else {
			m->next = run->mem;
			run->mem = m;
		}
	}
	p = (char *)m->data + m->used;
	m->used += need;
	memset(p, 0, n);
	return p;
}

const char *
record_strdup(struct record_run *run, const char *s)
{
	size_t n;

	if (s == NULL)
		return NULL;
	n = strlen(s) + 1;
	return memcpy(record_alloc(run, n), s, n);
}

void *
record_grow(void *array, size_t n, size_t size)
{
	if ((n & (n - 1)) == 0)
		array = xrealloc(array, (n ? 2 * n : 1) * size);
	return array;
}

void
record_add_env(struct record_run *run, const char *key, const char *value)
{
	run->env = record_grow(run->env, run->n_env, sizeof(*run->env));
	run->env[run->n_env].key = record_strdup(run, key);
	run->env[run->n_env].value = record_strdup(run, value);
	run->n_env++;
}

const char *
record_env(const struct record_run *run, const char *key)
{
	for (size_t i = 0; i < run->n_env; i++)
		if (strcmp(run->env[i].key, key) == 0)
			return run->env[i].value;
	return NULL;
}

struct record_result *
record_add_result(struct record_run *run)
{
	struct record_result *r;

	run->results = record_grow(run->results, run->n_results,
				   sizeof(*run->results));
	r = &run->results[run->n_results++];
	memset(r, 0, sizeof(*r));
	r->rep = 1;
	r->copies = 1;
	r->warmup_calls = r->warmup_ns = -1;
	return r;
}

struct measure_sample *
record_add_sample(struct record_result *res)
{
	struct measure_sample *s;

	res->samples = record_grow(res->samples, res->n_samples,
				   sizeof(*res->samples));
	s = &res->samples[res->n_samples++];
	measure_init(s, (int)res->n_samples);
	return s;
}

struct monitor_val *
record_add_monitor(struct record_result *res)
{
	struct monitor_val *v;

	res->monitors = record_grow(res->monitors, res->n_monitors,
				    sizeof(*res->monitors));
	v = &res->monitors[res->n_monitors++];
	memset(v, 0, sizeof(*v));
	return v;
}

struct klog_line *
record_add_klog(struct record_result *res)
{
	struct klog_line *l;

	res->klog = record_grow(res->klog, res->n_klog, sizeof(*res->klog));
	l = &res->klog[res->n_klog++];
	memset(l, 0, sizeof(*l));
	return l;
}

struct measure_hist *
record_add_hist(struct record_run *run, struct measure_sample *s)
{
	s->hist = record_alloc(run, sizeof(*s->hist));
	return s->hist;
}

int
record_result_key_cmp(const void *a, const void *b)
{
	const struct record_result *x = *(const struct record_result *const *)a;
	const struct record_result *y = *(const struct record_result *const *)b;
	int c = strcmp(x->test, y->test);

	return c != 0 ? c : (x->rep > y->rep) - (x->rep < y->rep);
}

void
record_results_free(struct record_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(r[i].samples);
		free(r[i].monitors);
		free(r[i].klog);
		r[i].samples = NULL;
		r[i].n_samples = 0;
		r[i].monitors = NULL;
		r[i].n_monitors = 0;
		r[i].klog = NULL;
		r[i].n_klog = 0;
	}
}

void
record_free(struct record_run *run)
{
	struct record_mem *m = run->mem;

	record_results_free(run->results, run->n_results);
	free(run->results);
	free(run->env);
	while (m != NULL) {
		struct record_mem *next = m->next;

		free(m);
		m = next;
	}
	memset(run, 0, sizeof(*run));
}
