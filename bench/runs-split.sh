#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The same suite time cut two ways: few long runs (A, default 6 x 0.6 s,
# aimrun's default) and many short ones (B, default 24 x 0.15 s).  Two A/A
# pairs on a fresh temporary database, run A B A B so that both meet the
# same stretch of the machine, then for each pair: verdicts, the median
# detectable change over the tests, and in how many tests B's interval is
# the narrower.  Prints figures and asserts nothing (doc/statistics.md,
# "Defaults").  About 4 x 4.5 minutes with the defaults.
# Usage: bench/runs-split.sh [RUNS_A DUR_A RUNS_B DUR_B]; SUITE=NAME runs
# another suite (default: aimrun's).
set -u
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
RA=${1:-6} DA=${2:-0.6} RB=${3:-24} DB_=${4:-0.15}
A="$B/harness/aimrun"
C="$B/report/aimcmp"
for p in "$A" "$C"; do
	if [ ! -x "$p" ]; then
		echo "runs-split.sh: $p: not built (make first)" >&2
		exit 2
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aimsplit.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
DB="$tmp/s.db"
mkdir "$tmp/scratch" || exit 2
export AIM_CHECK=quiet
run() {
	tag=$1
	shift
	start=$(date +%s)
	"$A" -q --db "$DB" --dir "$tmp/scratch" ${SUITE:+--suite "$SUITE"} \
		--tag "$tag" "$@" >/dev/null 2>"$tmp/$tag.err" || {
		echo "runs-split.sh: aimrun --tag $tag failed:" >&2
		tail -n 3 "$tmp/$tag.err" >&2
		exit 2
	}
	echo "$tag ($*): $(( $(date +%s) - start )) s"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
run a1 --runs "$RA" --duration "$DA"
run b1 --runs "$RB" --duration "$DB_"
run a2 --runs "$RA" --duration "$DA"
run b2 --runs "$RB" --duration "$DB_"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for pair in a b; do
	"$C" --db "$DB" --format csv "${pair}1" "${pair}2" >"$tmp/$pair.csv" \
		2>"$tmp/$pair.warn" || exit 2
	grep -c 'unsteady machine' "$tmp/$pair.warn" |
		sed "s/^/$pair: sides warned unsteady: /"
done
python3 - "$tmp/a.csv" "$tmp/b.csv" "$RA x $DA s" "$RB x $DB_ s" <<'EOF'
import csv, statistics, sys
rows = []
for f in sys.argv[1:3]:
    with open(f, newline='') as fh:
        rows.append({r['test']: r for r in csv.DictReader(fh)})
for name, r in zip(sys.argv[3:5], rows):
    v = [x['verdict'] for x in r.values()]
    mdc = [float(x['mdc_pct']) for x in r.values() if x['mdc_pct']]
    print('%s: %d regressed, %d improved, %d equivalent, %d inconclusive; '
          'median detectable change %.1f %%' % (
              name, v.count('regressed'), v.count('improved'),
              v.count('equivalent'), v.count('inconclusive'),
              statistics.median(mdc) if mdc else float('nan')))
def width(x):
    return float(x['pct_hi']) - float(x['pct_lo'])
both = [t for t in rows[0] if t in rows[1] and rows[0][t]['pct_lo']
        and rows[1][t]['pct_lo']]
print('interval narrower with %s: %d of %d tests' % (
    sys.argv[4], sum(1 for t in both if width(rows[1][t]) < width(rows[0][t])),
    len(both)))
EOF
