#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A database that is not there: aimdb merge names it as the source to
# merge from, which the user gave on the command line, while a reader's
# missing --db database keeps its hint of --db and aimrun.
set -u
S=${AIM_SRCDIR:-.}
NAME=merge-missing
. "$S/t/robust-lib.sh"
DB=${AIM_TEST_DB:-$W/to.db}
"$AIMRUN" -q --db "$DB" -t k1 -T add_long -d 0.01 -r 1 >/dev/null 2>&1 ||
	exit 1
refused "merge: a missing source is named as the database to merge from" 1 \
	"$W/none.db: no database to merge from" \
	"$AIMDB" --db "$DB" merge "$W/none.db"
t "... with no word of --db or aimrun, which do not name it" \
	sh -c "! grep -qiE -- '--db|aimrun' '$W/err'"
refused "a reader's missing --db database: the hint of --db and aimrun" 1 \
	"$W/none.db: no such database (give --db PATH, or run aimrun first)" \
	"$AIMDB" --db "$W/none.db" list
echo "1..$n"
exit $((fails > 0))
