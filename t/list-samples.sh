#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb list counts each run's samples (from each result's last seq,
# which the store numbers 1..n): the count equals the sample rows, for a
# measured run and for an imported one.
set -u
S=${AIM_SRCDIR:-.}
NAME=list-samples
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
q() { db_val "$1" "$2"; }
DB=$(db_first l.db)
"$AIMRUN" -q --tag m --tests add_long,page_test --duration 0.03 --runs 2 \
	--db "$DB" --dir "$W/scratch" >/dev/null 2>&1 ||
	echo "Bail out! aimrun failed"
"$AIMDB" --db "$DB" import -t b "$S/t/data/report/bare.txt" >/dev/null ||
	echo "Bail out! import failed"
listed() { "$AIMDB" --db "$DB" list | awk -v t="$1" '$1 == t { print $9 }'; }
stored() { q "$DB" "SELECT count(*) FROM sample s JOIN result r ON
	r.id = s.result_id JOIN run u ON u.id = r.run_id WHERE u.tag = '$1'"; }
t "the measured run's samples are counted" test "$(listed m)" -eq "$(stored m)"
t "... and there are some" test "$(stored m)" -gt 2
t "the imported run's samples are counted" test "$(listed b)" -eq "$(stored b)"
echo "1..$n"
exit $((fails > 0))
