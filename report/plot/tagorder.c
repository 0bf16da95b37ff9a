// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Orders tags for a trend.  Kernel developers tag runs with the release
 * they booted, so a plot across releases must put 2.6.21-rc4 before 2.6.21
 * and 6.9 before 6.10, which neither text nor date order does.
 */
#include "config.h"

#include "tagorder.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* More numbers than this (2.6.16.1.2.3...) are ignored. */
#define VNUM_MAX 8

struct vkey {
	uint64_t num[VNUM_MAX];
	size_t n;
	int64_t rc;		/* -1: a release, not a release candidate */
	const char *rest;	/* the suffix after numbers and rc */
};

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Decimal digits at S into *OUT (saturating); returns the end. */
static const char *
number(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	for (; is_digit(*s); s++) {
		unsigned d = (unsigned)(*s - '0');

		v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
	}
	*out = v;
	return s;
}

/* "-rc4", "rc4", "~rc4", ".rc4", "_rc4" at S: the rc number, else -1. */
static const char *
release_candidate(const char *s, int64_t *rc)
{
	const char *q = s;
	uint64_t v;

	*rc = -1;
	if (*q == '-' || *q == '~' || *q == '.' || *q == '_')
		q++;
	if ((q[0] != 'r' && q[0] != 'R') || (q[1] != 'c' && q[1] != 'C') ||
	    !is_digit(q[2]))
		return s;
	q = number(q + 2, &v);
	*rc = v > INT64_MAX ? INT64_MAX : (int64_t)v;
	return q;
}

static int
vkey_parse(const char *s, struct vkey *k)
{
	const char *p = s;

	if (*p == 'v' || *p == 'V')
		p++;
	if (!is_digit(*p))
		return -1;
	k->n = 0;
	p = number(p, &k->num[k->n++]);
	while (*p == '.' && is_digit(p[1])) {
		uint64_t v;

		p = number(p + 1, &v);
		if (k->n < VNUM_MAX)
			k->num[k->n++] = v;
	}
	if (k->n < 2)
		return -1;
	k->rest = release_candidate(p, &k->rc);
	return 0;
}

int
tagorder_is_version(const char *tag)
{
	struct vkey k;

	return vkey_parse(tag, &k) == 0;
}

/* Digit runs at A and B as numbers; advances both past them. */
static int
digits_cmp(const char **pa, const char **pb)
{
	const char *a = *pa, *b = *pb;
	size_t la, lb;
	int c;

	while (*a == '0' && is_digit(a[1]))
		a++;
	while (*b == '0' && is_digit(b[1]))
		b++;
	for (la = 0; is_digit(a[la]); la++)
		continue;
	for (lb = 0; is_digit(b[lb]); lb++)
		continue;
	*pa = a + la;
	*pb = b + lb;
	if (la != lb)
		return la < lb ? -1 : 1;
	c = memcmp(a, b, la);
	return c < 0 ? -1 : c > 0;
}

/* Text order with runs of digits compared as numbers. */
static int
natural_cmp(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		if (is_digit(*a) && is_digit(*b)) {
			int c = digits_cmp(&a, &b);

			if (c != 0)
				return c;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != '\0') - (*b != '\0');
}

static int
vkey_cmp(const struct vkey *x, const struct vkey *y)
{
	size_t n = x->n > y->n ? x->n : y->n;

	for (size_t i = 0; i < n; i++) {
		uint64_t a = i < x->n ? x->num[i] : 0;
		uint64_t b = i < y->n ? y->num[i] : 0;

		if (a != b)
			return a < b ? -1 : 1;
	}
	if (x->rc != y->rc) {
		/* A release candidate comes before the release (rc -1). */
		if (x->rc < 0 || y->rc < 0)
			return x->rc < 0 ? 1 : -1;
		return x->rc < y->rc ? -1 : 1;
	}
	return natural_cmp(x->rest, y->rest);
}

int
tagorder_version_cmp(const char *a, const char *b)
{
	struct vkey x, y;
	int va = vkey_parse(a, &x) == 0, vb = vkey_parse(b, &y) == 0;

	if (!va || !vb)
		return vb - va;
	return vkey_cmp(&x, &y);
}

int
tagorder_mode_parse(const char *s, enum tagorder_mode *out)
{
	if (strcmp(s, "version") == 0)
		*out = TAGORDER_VERSION;
	else if (strcmp(s, "date") == 0)
		*out = TAGORDER_DATE;
	else if (strcmp(s, "given") == 0)
		*out = TAGORDER_GIVEN;
	else
		return -1;
	return 0;
}

const char *
tagorder_mode_name(enum tagorder_mode mode)
{
	switch (mode) {
	case TAGORDER_DATE:
		return "date";
	case TAGORDER_GIVEN:
		return "given";
	case TAGORDER_VERSION:
		break;
	}
	return "version";
}

struct entry {
	struct tagorder_item item;
	size_t given;		/* position before sorting */
	int is_version;
	struct vkey key;
	enum tagorder_mode mode;
};

static int
date_cmp(const struct entry *x, const struct entry *y)
{
	const char *a = x->item.first_utc ? x->item.first_utc : "";
	const char *b = y->item.first_utc ? y->item.first_utc : "";
	int c = strcmp(a, b);

	if (c != 0)
		return c < 0 ? -1 : 1;
	if (x->item.first_id != y->item.first_id)
		return x->item.first_id < y->item.first_id ? -1 : 1;
	return 0;
}

static int
entry_cmp(const void *pa, const void *pb)
{
	const struct entry *x = pa, *y = pb;
	int c = 0;

	if (x->mode == TAGORDER_VERSION) {
		if (x->is_version != y->is_version)
			return x->is_version ? -1 : 1;
		if (x->is_version)
			c = vkey_cmp(&x->key, &y->key);
	}
	if (c == 0)
		c = date_cmp(x, y);
	if (c == 0 && x->given != y->given)
		c = x->given < y->given ? -1 : 1;
	return c;
}

void
tagorder_sort(struct tagorder_item *items, size_t n, enum tagorder_mode mode)
{
	struct entry *e;

	if (mode == TAGORDER_GIVEN || n < 2)
		return;
	e = xcalloc(n, sizeof(*e));
	for (size_t i = 0; i < n; i++) {
		e[i].item = items[i];
		e[i].given = i;
		e[i].mode = mode;
		e[i].is_version = vkey_parse(items[i].tag, &e[i].key) == 0;
	}
	qsort(e, n, sizeof(*e), entry_cmp);
	for (size_t i = 0; i < n; i++)
		items[i] = e[i].item;
	free(e);
}
