/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What two recorded values of one environment fact differ in, said in
 * words: the changed words of a kernel command line, the changed items
 * of the mitigations, a memory size only when it is another machine's.
 * Pure string work for the comparability gate (lib/core/gate.c).
 */
#ifndef AIM_ENVDIFF_H
#define AIM_ENVDIFF_H

/* Memory sizes further apart than this are different machines. */
#define ENVDIFF_MEM_PCT 5.0

enum envdiff_kind {
	ENVDIFF_PLAIN,	/* any difference counts */
	ENVDIFF_WORDS,	/* blank-separated words; boot image names ignored */
	ENVDIFF_ITEMS,	/* "name: text; name: text", as mitigations are kept */
	ENVDIFF_MEMORY,	/* bytes; only a difference of machine counts */
	ENVDIFF_PINNED,	/* "none" or a CPU: pinned against not refuses */
};

/*
 * NULL when A (of the side named TA) and B (of TB) agree as KIND
 * compares, else what differs, malloc'd: "a (ta) vs b (tb)", "-quiet
 * +mitigations=off (ta -> tb)", "spectre_v2 (ta vs tb)", "8.0 GiB (ta)
 * vs 16.0 GiB (tb)".
 */
char *envdiff(enum envdiff_kind kind, const char *a, const char *ta,
	      const char *b, const char *tb);

/* LIST (malloc'd or NULL, taken) with ITEM appended after SEP. */
char *envdiff_append(char *list, const char *sep, const char *item);

#endif
