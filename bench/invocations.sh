#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Does one aimrun invocation carry an effect into all its runs?  Runs
# INVOCATIONS separate aimrun invocations of RUNS runs each of the given
# tests, then splits the spread of each test's per-run peak rates (log)
# into a part between invocations and a part within them (one-way
# analysis of variance).  A between-invocation part well above zero is a
# difference between two tags that the spread inside a tag cannot show;
# aimrun's per-run layout randomisation is meant to keep it at zero
# (doc/statistics.md, "Layout").  Prints figures; asserts nothing.
# Usage: bench/invocations.sh [TESTS] [INVOCATIONS] [RUNS] [DURATION]
# (defaults trig_rtns,series_1,jmp_test,sieve,ram_copy 8 3 0.3).
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
T=${1:-trig_rtns,series_1,jmp_test,sieve,ram_copy}
N=${2:-8}
R=${3:-3}
D=${4:-0.3}
for n in "$N" "$R"; do
	case $n in '' | *[!0-9]*)
		echo "invocations.sh: INVOCATIONS and RUNS must be whole numbers" >&2
		exit 1 ;;
	esac
done
if [ "$N" -lt 2 ] || [ "$R" -lt 2 ]; then
	echo "invocations.sh: need 2 invocations and 2 runs or more" >&2
	exit 1
fi
db=$(mktemp -d "${TMPDIR:-/tmp}/aiminv.XXXXXX")
trap 'rm -rf "$db"' EXIT
i=0
while [ "$i" -lt "$N" ]; do
	"$B/harness/aimrun" --db "$db/i.db" --quiet --tag inv --tests "$T" \
		--runs "$R" --duration "$D"
	i=$((i + 1))
done
echo "$N invocations x $R runs of $D s; sd of log peak rates, in %"
printf '%-14s %10s %10s %8s\n' test within between F
sqlite3 -separator ' ' "$db/i.db" "
SELECT r.test, r.run_id, max(s.calls * 1.0 / s.elapsed_ns)
FROM result r JOIN sample s ON s.result_id = r.id
WHERE r.status = 'ok' GROUP BY r.id ORDER BY r.number, r.run_id" |
awk '
function flush(   k, g, m, msb, msw, vb) {
	if (cur == "") return
	m = tot / cnt
	msb = 0; msw = 0
	for (g in gn) {
		msb += gn[g] * (gs[g] / gn[g] - m) ^ 2
		msw += gq[g] - gs[g] ^ 2 / gn[g]
	}
	k = ngroups
	msb /= (k - 1); msw /= (cnt - k)
	vb = (msb - msw) / (cnt / k); if (vb < 0) vb = 0
	printf "%-14s %9.2f%% %9.2f%% %8.2f\n", cur, 100 * sqrt(msw),
		100 * sqrt(vb), (msw > 0 ? msb / msw : 0)
	delete gn; delete gs; delete gq
	tot = 0; cnt = 0; ngroups = 0
}
{
	if ($1 != cur) { flush(); cur = $1 }
	x = log($3)
	if (!($2 in gn)) ngroups++
	gn[$2]++; gs[$2] += x; gq[$2] += x * x
	tot += x; cnt++
}
END { flush() }'
