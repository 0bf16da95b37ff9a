#!/bin/sh
# Other tools' AIM9 results: an mmtests aim9 log and compare-mmtests.pl
# table, lkp-tests' aim9.json, stats.json and matrix.json import (format
# detected) with every value and recorded fact exact; malformed files are
# refused with file:line and nothing stored.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-peers
. "$S/t/robust-lib.sh"
D="$S/t/data/report"
# exact FILE IMPORT-OPTIONS...: the export is t/data/report/peers-FILE.csv
exact() {
	f=$1; shift
	"$AIMDB" --db "$W/$f.db" import "$@" "$D/$f" >/dev/null &&
		"$AIMDB" --db "$W/$f.db" export | cut -d, -f1,3- |
		cmp -s - "$D/peers-$f.csv"
}
t "mmtests aim9 log: values, machine, kernel, test time" exact mmtests-aim9-1 -t x
t "mmtests compare table: each kernel's Hmean, tags from the header" \
	exact mmtests-compare.txt --split
t "lkp aim9.json: every value a sample" exact lkp-aim9.json -t x
t "lkp stats.json: aim9.time and other programs passed over" \
	exact lkp-stats.json -t x
t "lkp matrix.json: padded 0 dropped, skip kept, result root facts" \
	exact lkp-matrix.json -t x
t "--format names the kind" sh -c "'$AIMDB' --db '$W/f.db' import -f lkp -t x \
	'$D/lkp-aim9.json' && '$AIMDB' --db '$W/f.db' import -f mmtests -t y \
	'$D/mmtests-aim9-1'"
t "the wrong --format is refused" sh -c "! '$AIMDB' --db '$W/g.db' import \
	-f lkp -t x '$D/mmtests-aim9-1' 2>/dev/null"

DB="$W/lkp-aim9.json.db"
refused "lkp: unknown test" 1 "lkp-bad-test.json:3: aim9.nosuch_test.ops_per_sec" \
	"$AIMDB" --db "$DB" import -t bad "$D/lkp-bad-test.json"
refused "lkp: not JSON" 1 "lkp-bad-json.json:4: not JSON" \
	"$AIMDB" --db "$DB" import -t bad "$D/lkp-bad-json.json"
refused "lkp: value out of range" 1 "lkp-bad-range.json:2: page_test: ops/s" \
	"$AIMDB" --db "$DB" import -t bad "$D/lkp-bad-range.json"
refused "mmtests: a value without its change" 1 \
	"mmtests-bad-compare.txt:6: malformed row" \
	"$AIMDB" --db "$DB" import -t a -t b "$D/mmtests-bad-compare.txt"
printf '{\n "aim9.page_test.ops_per_sec": [1, 2],\n "stats_source": ["/a/stats.json"]\n}\n' >"$W/short.json"
refused "lkp: a matrix row of the wrong length" 1 "short.json:2: aim9.page_test.ops_per_sec: 2 values, expected 1" \
	"$AIMDB" --db "$DB" import -t bad "$W/short.json"
sed 's/benchbox/bench\x01box/' "$D/mmtests-aim9-1" >"$W/ctl-log"
refused "mmtests: a control character in a fact" 1 "ctl-log:7: hostname" \
	"$AIMDB" --db "$DB" import -t bad "$W/ctl-log"
echo "1..$n"
exit $((fails > 0))
