/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Units as people read them in a narrow table: the classic units in a
 * few letters ("Thousand Long Integer Additions/second" is "k adds/s";
 * the test's name says which additions), and any other unit with its
 * "Thousand" and "/second" shortened.  The stored units stay whole:
 * aimcmp --wide and --format lines print them.
 */
#ifndef AIM_UNITS_H
#define AIM_UNITS_H

#include <stddef.h>

/* The short form of UNITS (NULL: ""), into BUF; returns BUF. */
const char *units_brief(const char *units, char *buf, size_t len);

#endif
