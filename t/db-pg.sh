#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t/db-pg-t with a PostgreSQL server (t/pg-lib.sh), or its skip.
. "${AIM_SRCDIR:-.}/t/pg-lib.sh"
pg_run "${AIM_BUILDDIR:-.}/t/db-pg-t"
