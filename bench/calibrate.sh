#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A real difference found end to end: the calibrate test (an extra test
# whose work per call is AIM_CALIBRATE_WORK) run at work W as tag
# "calib-base" and at 1.05 W as tag "calib-new", then aimcmp.  The rate
# of the second is 1/1.05 of the first, a true change of -4.76 %.
# Prints aimcmp's row, the verdict, the interval and whether it covers
# the true change.  Usage: bench/calibrate.sh [W] [ROUNDS] [DURATION]
# (defaults 2000000 iterations, 40 rounds, 0.2 s).
# Each round runs one process of each tag, alternating, so that a machine
# that drifts (load, temperature) drifts for both tags alike.  Writes to a
# temporary database; prints figures and asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
W=${1:-2000000}
R=${2:-40}
D=${3:-0.2}
for n in "$W" "$R"; do
	case $n in '' | *[!0-9]*)
		echo "calibrate.sh: W and ROUNDS must be whole numbers" >&2; exit 1 ;;
	esac
done
W2=$(awk -v w="$W" 'BEGIN { printf "%d", w * 1.05 + 0.5 }')
db=$(mktemp -d "${TMPDIR:-/tmp}/aimcalib.XXXXXX")
trap 'rm -rf "$db"' EXIT
i=0
while [ "$i" -lt "$R" ]; do
	AIM_CALIBRATE_WORK=$W "$B/harness/aimrun" --db "$db/c.db" --quiet \
		--tag calib-base --tests calibrate --runs 1 --duration "$D"
	AIM_CALIBRATE_WORK=$W2 "$B/harness/aimrun" --db "$db/c.db" --quiet \
		--tag calib-new --tests calibrate --runs 1 --duration "$D"
	i=$((i + 1))
done
echo "work $W vs $W2 iterations per call, $R processes of $D s a tag"
"$B/report/aimcmp" --db "$db/c.db" calib-base calib-new | grep -v '^#'
"$B/report/aimcmp" --db "$db/c.db" --format csv calib-base calib-new 2>/dev/null |
	awk -F, -v w="$W" -v w2="$W2" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
NR == 2 {
	true_pct = (w / w2 - 1) * 100
	lo = $col["pct_lo"]; hi = $col["pct_hi"]; mdc = $col["mdc_pct"]
	printf "true change:  %+.2f %% (rate ratio W / 1.05 W)\n", true_pct
	printf "measured:     %+.2f %% on the %s rate (classic mean %+.2f %%)\n",
		($col["ratio"] - 1) * 100, $col["basis"], $col["pct"]
	printf "verdict:      %s (p %s, q %s)\n", $col["verdict"], $col["p"], $col["q"]
	printf "interval:     [%+.2f %%, %+.2f %%]\n", lo, hi
	printf "covers true:  %s\n", (lo <= true_pct && true_pct <= hi) ? "yes" : "no"
	printf "covers -5 %%:  %s\n", (lo <= -5 && -5 <= hi) ? "yes" : "no"
	printf "mdc:          %.2f %%\n", mdc
	if (mdc > -true_pct)
		printf "the noise hides changes below the mdc: run more rounds\n"
}'
