#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The done-when runs of "sampling until decided", in one go, on a fresh
# temporary database; prints figures and asserts nothing.
#  1. precision: aimrun --suite cpu --precision 1 --budget M: how many
#     arithmetic and function-call tests reached +/-1 %, and the others.
#  2. A/A on the quick suite: two plain default runs compared by aimcmp,
#     then the first made precise (--precision 0.6, M/2) and a third tag
#     run --against it --until-decided --budget M: decided, flagged.
#  3. calibrate: work W made precise (--precision 0.5, M/4), then 1.03 W
#     --against it --until-decided (M/2): the verdict and whether the
#     interval covers the true change, -2.91 %.
#  4. a CPU hog pinned to the CPU of --cpu 0 (t/hog): the noisy samples
#     and aimcmp's warning.
#  5. (only when asked) the default suite twice, plain: aimcmp's
#     verdicts and the function-call tests' detectable change.
# $PREC_ARGS is added to step 1's aimrun (e.g. "--duration 0.2": shorter
# processes, more of them in the budget, where the spread is between
# processes).
# Usage: bench/decided.sh [MINUTES] [STEPS]  (default 10 and 1234; 5 adds
# about 8 minutes).
# About 2.5 x MINUTES in all; run it on a quiet machine.
set -u
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
M=${1:-10}
STEPS=${2:-1234}
case $M in '' | *[!0-9]* | 0)
	echo "decided.sh: MINUTES must be a whole number above 0" >&2; exit 1 ;;
esac
A="$B/harness/aimrun"
C="$B/report/aimcmp"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aimdecided.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
DB="$tmp/d.db"
mkdir "$tmp/scratch" || exit 2
export AIM_COUNTERS=none AIM_CHECK=quiet
run() { "$A" --db "$DB" --dir "$tmp/scratch" "$@"; }
secs() { echo "$(( $1 * 60 / $2 ))s"; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); budget $M min"

case $STEPS in *1*)
	echo "== 1. --suite cpu --precision 1 --budget ${M}m ${PREC_ARGS:-}"
	# shellcheck disable=SC2086
	run --tag prec --suite cpu --precision 1 --budget "${M}m" ${PREC_ARGS:-} \
		>"$tmp/prec" 2>&1
	grep -E '^Precision' "$tmp/prec"
	awk '/^(add_|mul_|div_|fun_cal)/ { n++; if ($2 == "reached") r++ }
	     END { printf "arithmetic and function-call tests within +/-1 %%: %d of %d\n", r, n }' "$tmp/prec"
	grep -E '^[a-z_0-9-]+ +(reached|not reached|failed|unusable)' "$tmp/prec"
	grep -E '^Noisy samples' "$tmp/prec" ;;
esac

case $STEPS in *2*)
	echo "== 2. quick suite A/A"
	run -q --tag qa --suite quick && run -q --tag qb --suite quick
	"$C" --db "$DB" qa qb | grep -E '^# verdicts'
	# The precision the warning of a thin base asks for, 12 tests, margin 2 %.
	run -q --tag qa --suite quick --precision 0.6 --budget "$(secs "$M" 2)"
	run --tag qc --suite quick --against qa --until-decided \
		--budget "${M}m" >"$tmp/qc" 2>&1
	grep -E '^aimrun: --against' "$tmp/qc"
	sed -n '/^Against/,/^Noisy/p' "$tmp/qc" | grep -v '^Noisy'
	echo "plain aimcmp of the precise base and the until-decided tag:"
	"$C" --db "$DB" qa qc | grep -E '^# (verdicts|warning: machine speed)' ;;
esac

case $STEPS in *3*)
	W=2000000 W2=2060000
	echo "== 3. calibrate at $W against $W2 (true change -2.91 %)"
	AIM_CALIBRATE_WORK=$W run -q --tag cb --tests calibrate --precision 0.5 \
		--budget "$(secs "$M" 4)"
	AIM_CALIBRATE_WORK=$W2 run --tag cn --tests calibrate --against cb \
		--until-decided --budget "$(secs "$M" 2)" >"$tmp/cn" 2>&1
	grep -E '^calibrate ' "$tmp/cn" | tail -n 1 | awk '
	{ print }
	match($0, /\[[-+0-9.]*%,[-+0-9.]*%\]/) {
		split(substr($0, RSTART + 1, RLENGTH - 2), iv, ",")
		lo = iv[1] + 0; hi = iv[2] + 0
		printf "covers -2.91 %%: %s\n", (lo <= -2.91 && -2.91 <= hi) ? "yes" : "no"
	}'
	"$C" --db "$DB" cb cn | grep -E '^# warning: machine speed' ;;
esac

case $STEPS in *4*)
	echo "== 4. a CPU hog on the test's CPU"
	run -q --tag quiet --tests add_long,fork_test --cpu 1
	"$B/t/hog" 0 30 & hog=$!
	run --tag hog --tests add_long,fork_test --cpu 0 >"$tmp/hog" 2>&1
	kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null
	grep -E '^Noisy samples' "$tmp/hog"
	"$C" --db "$DB" quiet hog | grep -E '^# warning: noisy|^ *[0-9]+ +(add_long|fork_test)' ;;
esac

case $STEPS in *5*)
	echo "== 5. default suite A/A, plain"
	run -q --tag da && run -q --tag db
	"$C" --db "$DB" da db | grep -E '^# verdicts'
	"$C" --db "$DB" --format csv da db 2>/dev/null | awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$col["test"] ~ /^fun_cal/ { printf "%s mdc %.2f %%\n", $col["test"], $col["mdc_pct"] }' ;;
esac
