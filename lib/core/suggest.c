// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Did you mean": a name is near a word when one holds the other or
 * when few edits turn one into the other (optimal string alignment:
 * insert, delete, substitute, swap two neighbours), letters of either
 * case alike.  Names are short (catalog names, suite file names), and
 * words longer than SUGGEST_WORD_MAX get no suggestion.
 */
#include "config.h"

#include "suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tag.h"

#define SUGGEST_WORD_MAX 64
/* A word this short is held by too many names to say anything. */
#define SUGGEST_HOLD_MIN 3
#define FAR (SUGGEST_WORD_MAX + 1)

void
suggest_init(struct suggest *s, const char *word)
{
	*s = (struct suggest){ .word = word, .score = FAR };
}

static int
lower(char c)
{
	return tolower((unsigned char)c);
}

static int
min3(int a, int b, int c)
{
	int m = a < b ? a : b;

	return m < c ? m : c;
}

/* The edit distance of A and B (lengths at most SUGGEST_WORD_MAX). */
static int
distance(const char *a, size_t la, const char *b, size_t lb)
{
	int row[3][SUGGEST_WORD_MAX + 1];
	int *prev2 = row[0], *prev = row[1], *cur = row[2];

	for (size_t j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int *t;

		cur[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int same = lower(a[i - 1]) == lower(b[j - 1]);

			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
				      prev[j - 1] + !same);
			if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
			    lower(a[i - 2]) == lower(b[j - 1]) &&
			    prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

/* 1 when HAY holds NEEDLE, letters of either case alike. */
static int
holds(const char *hay, size_t lh, const char *needle, size_t ln)
{
	for (size_t i = 0; ln <= lh && i <= lh - ln; i++)
		if (strncasecmp(hay + i, needle, ln) == 0)
			return 1;
	return 0;
}

/* How near NAME is: 0 when one holds the other, else the distance; FAR. */
static int
score(const char *word, const char *name)
{
	size_t lw = strlen(word), ln = strlen(name);
	int d;

	if (lw == 0 || lw > SUGGEST_WORD_MAX || ln > SUGGEST_WORD_MAX)
		return FAR;
	if ((lw >= SUGGEST_HOLD_MIN && holds(name, ln, word, lw)) ||
	    (ln >= SUGGEST_HOLD_MIN && holds(word, lw, name, ln)))
		return 0;
	d = distance(word, lw, name, ln);
	return d <= (int)((lw + 2) / 3) ? d : FAR;
}

void
suggest_offer(struct suggest *s, const char *name)
{
	int sc = score(s->word, name);

	if (sc == FAR || sc > s->score)
		return;
	if (sc < s->score) {
		s->score = sc;
		s->n = 0;
		s->more = 0;
	}
	if (s->n < SUGGEST_MAX)
		s->best[s->n++] = name;
	else
		s->more++;
}

const char *
suggest_text(const struct suggest *s, char *buf, size_t len)
{
	size_t used;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (s->n == 0)
		return buf;
	used = (size_t)snprintf(buf, len, " (did you mean %s", s->best[0]);
	for (size_t i = 1; i < s->n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i + 1 < s->n || s->more > 0 ? ", " :
					 " or ", s->best[i]);
	if (used < len)
		(void)snprintf(buf + used, len - used, "%s?)",
			       s->more > 0 ? ", ..." : "");
	tag_printable(buf);
	return buf;
}
