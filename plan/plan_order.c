// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The order of a plan's boots: trial by trial, every kernel once in a
 * fresh random order (randomized multiple interleaved trials, Abedi and
 * Brecht, ICPE 2017), so a drift of the machine over the hours of a
 * plan falls on every kernel alike instead of on whichever came last.
 */
#include "config.h"

#include "plan.h"

#include <string.h>

#include "xalloc.h"

/* A uniform integer in [0, N), without the modulo's bias. */
static size_t
uniform(const struct plan_random *r, size_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n, v;

	do
		v = r->next(r->data);
	while (v >= limit);
	return (size_t)(v % n);
}

void
plan_order_add_trial(struct plan *p, int trial, const struct plan_random *r)
{
	size_t k = p->n_kernels, first = p->n_boots;
	int seq = first > 0 ? p->boots[first - 1].seq : 0;

	p->boots = xrealloc(p->boots, (first + k) * sizeof(*p->boots));
	memset(&p->boots[first], 0, k * sizeof(*p->boots));
	for (size_t i = 0; i < k; i++)
		p->boots[first + i].kernel = (int)i;
	for (size_t i = k; i > 1; i--) {
		size_t j = uniform(r, i);
		int t = p->boots[first + i - 1].kernel;

		p->boots[first + i - 1].kernel = p->boots[first + j].kernel;
		p->boots[first + j].kernel = t;
	}
	for (size_t i = 0; i < k; i++) {
		struct plan_boot *b = &p->boots[first + i];

		b->seq = ++seq;
		b->trial = trial;
		b->state = PLAN_BOOT_PLANNED;
		b->boot_s = b->block_s = 0.0 / 0.0;
	}
	p->n_boots = first + k;
}
