/*
 * The header facts of a comparison: which runs each side pools and where
 * their environments differ in ways that spoil the comparison.  Part of
 * the compare module, kept apart so that compare.c stays about numbers.
 */
#ifndef AIM_COMPARE_ENV_H
#define AIM_COMPARE_ENV_H

#include <stddef.h>

#include "compare.h"
#include "query.h"

/* Fill T->sides and T->warnings from the N loaded SIDES. */
void compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t);

#endif
