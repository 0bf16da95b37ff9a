/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "Did you mean": the names nearest a word the user gave that names
 * nothing (a test, a suite), so a near miss ("fork", "mme") gets its
 * correction in the same one-line error.
 */
#ifndef AIM_SUGGEST_H
#define AIM_SUGGEST_H

#include <stddef.h>

/* How many names a suggestion offers at most. */
#define SUGGEST_MAX 3

struct suggest {
	const char *word;
	const char *best[SUGGEST_MAX];	/* borrowed from the caller */
	size_t n;
	size_t more;	/* as near as the best, beyond SUGGEST_MAX */
	int score;	/* of the best so far; lower is nearer */
};

void suggest_init(struct suggest *s, const char *word);

/*
 * Offer NAME, which must outlive S.  It is near when it holds the word
 * (or the word holds it), else when the edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours) is at most a
 * third of the word's length, rounded up; the nearest names are kept,
 * in the order offered.
 */
void suggest_offer(struct suggest *s, const char *name);

/*
 * " (did you mean A?)", " (did you mean A, B or C?)", with ", ..." when
 * more were as near, made printable and cut to LEN; "" when nothing was
 * near.  Writes into BUF and returns it.
 */
const char *suggest_text(const struct suggest *s, char *buf, size_t len);

#endif
