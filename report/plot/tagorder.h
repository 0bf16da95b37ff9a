/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The order of tags along a trend: kernel releases as versions
 * (2.6.21-rc4 < 2.6.21 < 2.6.21-quicklist < 2.6.22), other tags by the
 * date of their first run.  Pure: the caller supplies the dates.
 */
#ifndef AIM_TAGORDER_H
#define AIM_TAGORDER_H

#include <stddef.h>
#include <stdint.h>

enum tagorder_mode {
	TAGORDER_VERSION,	/* versions first, in version order; others by date */
	TAGORDER_DATE,		/* by first run date */
	TAGORDER_GIVEN,		/* as given */
};

/* "version", "date" or "given" into *OUT.  0, or -1 when unknown. */
int tagorder_mode_parse(const char *s, enum tagorder_mode *out);
const char *tagorder_mode_name(enum tagorder_mode mode);

struct tagorder_item {
	const char *tag;
	const char *first_utc;	/* start of its first run, ISO 8601 UTC text */
	int64_t first_id;	/* id of its first run */
};

/*
 * 1 when TAG looks like a kernel version: an optional "v", then at least
 * two dot-separated decimal numbers ("6.1", "v6.1", "2.6.21-rc4",
 * "5.10.0-21-amd64"); else 0.
 */
int tagorder_is_version(const char *tag);

/*
 * Compare two tags that look like versions (<0, 0, >0).  Numbers compare
 * numerically, a missing number counts as 0 (v6.1 = 6.1.0); a release
 * candidate ("-rcN", also "rcN", "~rcN", ".rcN", "_rcN") comes before its
 * release; anything else after the numbers (and the rc) is a suffix that
 * comes after its base, suffixes comparing with their digit runs as
 * numbers (-20-amd64 < -21-amd64).  Equal versions compare 0 even when
 * spelled differently.
 */
int tagorder_version_cmp(const char *a, const char *b);

/*
 * Sort the N items in place.  VERSION: tags that look like versions in
 * version order, then the others by date; DATE: by first_utc; ties in
 * either are broken by first_id, then by the given order.  GIVEN leaves
 * the items as they are.
 */
void tagorder_sort(struct tagorder_item *items, size_t n,
		   enum tagorder_mode mode);

#endif
