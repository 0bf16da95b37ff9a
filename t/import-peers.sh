#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Other tools' AIM9 results: an mmtests aim9 log and compare-mmtests.pl
# table, lkp-tests' aim9.json, stats.json and matrix.json import (format
# detected) with every value and recorded fact exact; malformed files are
# refused with file:line and nothing stored.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-peers
. "$S/t/robust-lib.sh"
. "$S/t/csv-lib.sh"
. "$S/t/db-sql.sh"
D="$S/t/data/report"
# exact FILE IMPORT-OPTIONS...: the export is t/data/report/peers-FILE.csv
# (its sixteen older columns: the uuid after them is new at every import)
# (a database of its own each; lkp-aim9.json's the first, kept for the
# refusals below)
exact() {
	f=$1; shift
	if [ "$f" = lkp-aim9.json ]; then
		edb=$(db_first "$f.db")
	else
		edb=$(db_new "$f.db")
	fi
	"$AIMDB" --db "$edb" import "$@" "$D/$f" >/dev/null &&
		"$AIMDB" --db "$edb" export | csv20 | cut -d, -f1,3- | sed 's/\(,[^,]*\)\{4\}$//' |
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
FDB=$(db_new f.db) GDB=$(db_new g.db)
t "--format names the kind" sh -c "'$AIMDB' --db '$FDB' import -f lkp -t x \
	'$D/lkp-aim9.json' && '$AIMDB' --db '$FDB' import -f mmtests -t y \
	'$D/mmtests-aim9-1'"
t "the wrong --format is refused" sh -c "! '$AIMDB' --db '$GDB' import \
	-f lkp -t x '$D/mmtests-aim9-1' 2>/dev/null"

DB=$(db_first lkp-aim9.json.db)
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
refused "mmtests: a control character in a fact" 1 "ctl-log:7: Machine's name" \
	"$AIMDB" --db "$DB" import -t bad "$W/ctl-log"

# Result directories: mmtests logs aim9-1..N as one run, an lkp run
# directory (aim9.json before stats.json, facts from the result root).
# exact_dir DIR CSV IMPORT-OPTIONS...: the export is t/data/report/CSV,
# of a database made afresh, $DIRDB
exact_dir() {
	dir=$1 csv=$2; shift 2
	rm -f "$W/dir.db"
	DIRDB=$(db_new dir.db)
	"$AIMDB" --db "$DIRDB" import "$@" "$dir" >/dev/null &&
		"$AIMDB" --db "$DIRDB" export | csv20 | cut -d, -f1,3- | sed 's/\(,[^,]*\)\{4\}$//' |
		cmp -s - "$D/$csv"
}
LKP="$D/lkp-result/aim9/page_test-300s/testbox/debian-12-x86_64/x86_64-rhel-9.4/gcc-12/6.9.0-vanilla"
t "mmtests logs directory: three iterations, samples 1 to 3 of one run" \
	exact_dir "$D/mmtests-logs" peers-mmtests-logs.csv -t x
t "lkp run directory: aim9.json, result root facts" \
	exact_dir "$LKP/0" peers-lkp-run-0.csv -t x
t "lkp run directory with stats.json alone" \
	exact_dir "$LKP/1" peers-lkp-run-1.csv -t x
t "lkp run directory: -f lkp, tag from --split (the commit)" sh -c \
	"'$AIMDB' --db '$(db_new split.db)' import -s -f lkp '$LKP/1' | grep -q ' as 6.9.0-vanilla '"
ln -s "$(cd "$D/mmtests-logs" && pwd)" "$W/logs-link"
t "a directory named through a link is read" \
	exact_dir "$W/logs-link" peers-mmtests-logs.csv -t x
DB=$DIRDB
refused "the same directory twice" 1 "already imported" \
	"$AIMDB" --db "$DB" import -t x "$D/mmtests-logs"
refused "a directory as a classic report" 1 "a directory: only an lkp run" \
	"$AIMDB" --db "$DB" import -t x -f console "$D/mmtests-logs"
mkdir "$W/planted" "$W/fifo" "$W/gap" "$W/other" "$W/lkpfifo" "$W/empty"
cp "$D/mmtests-logs/aim9-1" "$D/mmtests-logs/aim9-3" "$W/planted/"
ln -s "$(cd "$D/mmtests-logs" && pwd)/aim9-2" "$W/planted/aim9-2"
refused "a symbolic link inside the directory is not followed" 1 \
	"planted/aim9-2: a symbolic link, not followed" \
	"$AIMDB" --db "$DB" import -t y "$W/planted"
cp "$D/mmtests-logs/aim9-1" "$W/fifo/"
cp "$D/mmtests-logs/aim9-1" "$D/mmtests-logs/aim9-3" "$W/gap/"
refused "a missing iteration" 1 "gap/aim9-2: No such file" \
	"$AIMDB" --db "$DB" import -t y "$W/gap"
cp "$D/mmtests-logs/aim9-1" "$W/other/"
sed 's/benchbox/otherbox/' "$D/mmtests-logs/aim9-2" >"$W/other/aim9-2"
refused "an iteration of another machine" 1 "other/aim9-2: hostname differs" \
	"$AIMDB" --db "$DB" import -t y "$W/other"
refused "a directory without logs or lkp results" 1 \
	"empty: not a regular file, nor an lkp run (aim9.json, stats.json) or mmtests logs" \
	"$AIMDB" --db "$DB" import -t y "$W/empty"
refused "-f mmtests: a directory without logs" 1 "empty: no aim9-1 log" \
	"$AIMDB" --db "$DB" import -t y -f mmtests "$W/empty"
if mkfifo "$W/fifo/aim9-2" "$W/lkpfifo/stats.json" 2>/dev/null; then
	refused "a FIFO in a logs directory, without blocking" 1 \
		"fifo/aim9-2: not a regular file" \
		timeout 10 "$AIMDB" --db "$DB" import -t y "$W/fifo"
	refused "a FIFO as stats.json, without blocking" 1 \
		"lkpfifo/stats.json: not a regular file" \
		timeout 10 "$AIMDB" --db "$DB" import -t y "$W/lkpfifo"
else
	skip "mkfifo unavailable"
	skip "mkfifo unavailable"
fi
echo "1..$n"
exit $((fails > 0))
