/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's monitors: what the machine as a whole counted while a
 * test ran, as lkp and mmtests record beside a benchmark.  The sources
 * are one table (monitor_parse.c): /proc/vmstat, /proc/interrupts and
 * /proc/softirqs (each source summed over the CPUs), /proc/schedstat
 * (its per-CPU fields summed) and /proc/slabinfo (each cache's active
 * objects; root only), read below sysroot().  A reading before a test's
 * warm-up and one after its last timed sample give the changes over the
 * calls of both, kept as named values ("vmstat.pgfault"); a timed
 * command sums them over its runs.  A source that cannot be read is
 * left out.
 */
#ifndef AIM_MONITOR_H
#define AIM_MONITOR_H

#include <stddef.h>
#include <stdint.h>

/* "source.name" and its NUL; a longer name is cut. */
#define MONITOR_NAME_MAX 64
/* Values of one reading, and of one result, at most. */
#define MONITOR_VALUES_MAX 4096

struct monitor_val {
	char name[MONITOR_NAME_MAX];
	int64_t value;
};

/* A growing array of values; sorted by name once read whole. */
struct monitor_vals {
	struct monitor_val *v;
	size_t n, cap;
	int lost;		/* a value found no room: memory, or too many */
};

/* A row of the table: one file of the kernel. */
struct monitor_source {
	const char *name;	/* the names' prefix before the dot */
	const char *path;	/* below sysroot() */
	const char *unit;	/* what its values count */
	/* Its text (NUL-terminated, changed in place) into OUT. */
	void (*parse)(char *text, const char *src, struct monitor_vals *out);
};

/* The rows, NULL-terminated. */
extern const struct monitor_source *const monitor_sources[];

/* The state of a set of readings. */
struct monitor {
	unsigned sources;	/* bit i: monitor_sources[i] is read */
	int failed;		/* a reading failed: no changes to give */
	int ended;		/* a begin and an end were made */
	char *buf;		/* a file's text */
	size_t cap;
	struct monitor_vals before, after, span, sum;
};

/*
 * Find the sources that read here, allocating what the readings need
 * (so that monitor_begin() and monitor_end() rarely allocate).  1 when
 * some source reads, 0 when none does (M then holds nothing).
 */
int monitor_open(struct monitor *m);
/*
 * The reading before; the one after, its changes the span's; and the
 * span's changes added to the sum (a timed command keeps only its runs
 * that passed).
 */
void monitor_begin(struct monitor *m);
void monitor_end(struct monitor *m);
void monitor_keep(struct monitor *m);
/*
 * The changes summed over every span kept, the non-zero ones sorted by
 * name, into *N; NULL when a reading failed or none was kept.
 */
struct monitor_val *monitor_changes(struct monitor *m, size_t *n);
void monitor_close(struct monitor *m);

/*
 * Whether NAME (any bytes, LEN of them) is a monitor's name as a
 * reading makes them: a source of the table, a dot, then 1 or more of
 * [A-Za-z0-9_.:+-], under MONITOR_NAME_MAX bytes.  What a test process
 * sends and an import brings is held to it.
 */
int monitor_name_valid(const char *name, size_t len);
/*
 * Sort the N values V by name and keep each name once (one of a name
 * that came twice: a record from outside).  The count kept.
 */
size_t monitor_unique(struct monitor_val *v, size_t n);

/* The source of a valid NAME, or NULL. */
const struct monitor_source *monitor_source_of(const char *name);

/*
 * The sources that read here, as the run's fact "monitors":
 * "vmstat,interrupts,softirqs", or "none".  LEN of 64 is enough.
 */
void monitor_probe(char *buf, size_t len);

/* Parse TEXT of SRC into OUT and sort it (tests and fuzzing). */
void monitor_parse(const struct monitor_source *src, char *text,
		   struct monitor_vals *out);
void monitor_vals_free(struct monitor_vals *v);
/* Room for one more value in OUT: 0, or -1 with OUT->lost set. */
int monitor_vals_room(struct monitor_vals *out);

#endif
