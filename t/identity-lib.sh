# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by t/json-identity.sh and t/merge.sh after t/robust-lib.sh: the
# database $A (given, else $W/a.db) with two measured tags (k1, k2), a classic import (bare,
# whose environment is unknown) and the runs of a CSV export (v6.8,
# v6.9); and same DESC AIMCMP-ARGS..., one assertion that aimcmp says
# the same, with the same exit status, of $A and of the copy $COPY.
D="$S/t/data/report"
A=${A:-$W/a.db}
"$AIMRUN" -q --db "$A" -t k1 -T add_long,fun_cal,brk_test -d 0.01 -r 2 \
	>/dev/null 2>&1 || exit 1
"$AIMRUN" -q --db "$A" -t k2 -T add_long,fun_cal,brk_test -d 0.01 -r 1 \
	>/dev/null 2>&1 || exit 1
"$AIMDB" --db "$A" import -t bare "$D/bare.txt" >/dev/null || exit 1
"$AIMDB" --db "$A" import "$D/samples.csv" >/dev/null || exit 1
same() {
	d=$1; shift
	"$AIMCMP" --db "$A" "$@" >"$W/a.out" 2>&1; echo "exit $?" >>"$W/a.out"
	"$AIMCMP" --db "$COPY" "$@" >"$W/copy.out" 2>&1
	echo "exit $?" >>"$W/copy.out"
	t "$d" cmp "$W/a.out" "$W/copy.out"
}
