/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared fixture of the comparison tests (compare-t, verdict-t): data
 * built in memory in the shape query.c loads, and a table rendered to a
 * string.  Helpers bail out of the test program when memory streams fail.
 */
#ifndef AIM_CMPFX_H
#define AIM_CMPFX_H

#include <stddef.h>
#include <stdint.h>

#include "compare.h"
#include "fmt.h"
#include "query.h"

extern const char cmpfx_add_units[];

/* Add KEY = VALUE to the environment of R. */
void cmpfx_env(struct record_run *r, const char *key, const char *value);
/* A complete run ID of T; with CPU, also cpu.model and a kernel release. */
struct record_run *cmpfx_run(struct query_tag *t, int64_t id,
			    const char *host, const char *cpu);
/*
 * A result of T in its last run (run 1 when it has none), with the units
 * of classic test NUMBER (add_long, brk_test, exec_test, else fork_test).
 */
struct record_result *cmpfx_result(struct query_tag *t, int number,
				  const char *test, const char *status,
				  unsigned long factor);
/* A sample of R; PRINTED >= 0 makes it an imported printed rate. */
void cmpfx_sample(struct record_result *r, int64_t calls, int64_t elapsed_ns,
		  double printed);
/* A tag with no runs yet (RUN 0) or with one plain run. */
void cmpfx_tag(struct query_tag *t, const char *tag, int64_t run);
/* An imported classic report of add_long only: one printed sample. */
void cmpfx_printed_tag(struct query_tag *t, const char *tag, int64_t run,
		       double ops);
/* T in the format named FORMAT (one TAP assertion that it wrote); malloc'd. */
char *cmpfx_render(const char *format, const struct cmp_table *t);
/* The lines of TEXT that are not comments; malloc'd. */
char *cmpfx_data_lines(const char *text);
/* Free T and the N tags S. */
void cmpfx_release(struct cmp_table *t, struct query_tag *s, size_t n);

#endif
