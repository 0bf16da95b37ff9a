#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# AIM9 results as people and tools posted them (t/data/report/wild/, made by
# its make.py): every shape imports with each value, status, fact and tag
# exactly as the fixture's .dry file says, or is refused with file:line;
# another benchmark's table is passed over with a note; compressed input is
# read, within the bounds of any input; a posted comparison compares again
# as posted.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-wild
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
WD="$S/t/data/report/wild"
D="$S/t/data/report"
DB=$(db_first wild.db)

# dry FIXTURE OPTIONS...: the dry run of the fixture is its .dry file, and
# its notes go to $W/FIXTURE.err.
dry() {
	f=$1; shift
	(cd "$WD" && "$AIMDB" --db "$DB" import --dry-run "$@" "$f") \
		>"$W/$f.out" 2>"$W/$f.err" && cmp -s "$W/$f.out" "$WD/$f.dry"
}
note() { grep -qF "$2" "$W/$1.err"; }

t "2002 report, every long line broken at 76 columns" dry console-2002.eml
t "... tagged by the kernel of its configuration, which a note shows" \
	note console-2002.eml "console-2002.eml:25: note: tagged 2.5.44, from the kernel of the machine's configuration (line 15)"
t "2003 report: units on their own lines, blank lines between rows" \
	dry console-2003.txt -t oldbox-2.4
t "the units line above each row" dry console-units-first.txt
t "CPU utilisation columns, wrapped rows, the variant's test names" \
	dry console-cpu.eml
t "... its configuration on the next line, the kernel from the Subject" \
	note console-cpu.eml "note: tagged 2.5.47, from the kernel of the mail's Subject (line 3)"
t "rows tagged by kernel: one run per kernel" dry console-tagged.txt
t "per-test blocks without brackets, rates wrapped" dry blocks-plain.txt
t "per-test blocks in quoted-printable" dry blocks-qp.eml
t "comparison lines numbered by position" dry lines-positional.txt \
	-t base -t new
t "mmtests tables quoted twice, seven kernels, a skipped test" \
	dry mmtests-quoted.txt
t "mmtests table of seven kernels wrapped at 76 columns, headers too" \
	dry mmtests-wrapped.txt
t "... the tables of other benchmarks passed over with a note" sh -c \
	"grep -c 'note: passed over a compare-mmtests.pl table of another benchmark' '$W/mmtests-quoted.txt.err' | grep -qx 2"
t "suite9.ss: singleuser's int overflow is a failure, the rest stored" \
	dry suite9-overflow.ss
t "logfile.suite9 lines posted a group a test, a line a kernel" \
	dry logfile-posted.eml
t "the kernel test robot's mail, Latin-1, two groups" dry robot.eml
t "a reply quoting it, wrapped, three commits" dry robot-reply.txt
t "mmtests log of piped prompts: no facts made of prompts" \
	dry mmtests-pipe-aim9-1 -t piped
t "multipart mail: tagged by its Subject" dry multipart.eml
t "multipart mail: --split takes no MIME header" sh -c \
	"cd '$WD' && '$AIMDB' --db '$DB' import -n --split multipart.eml | head -n 1 |
		grep -qx 'would import multipart.eml:23 as Hi, the run of last night (6 results)'"

# Refused: nothing names the run, or the damage is ambiguous.
refused "a log that names nothing needs --tag" 1 \
	"mmtests-pipe-aim9-1:16: nothing in the file names this report's run" \
	sh -c "cd '$WD' && '$AIMDB' --db '$DB' import mmtests-pipe-aim9-1"
refused "lines without --tag: no word of --split" 1 \
	"lines-positional.txt:8: nothing in the file names this report's run (no kernel in a machine's configuration or a mail's Subject, no title): give --tag" \
	sh -c "cd '$WD' && '$AIMDB' --db '$DB' import lines-positional.txt"

# A posted comparison, imported, compares again as posted: aimcmp's
# deltas and percentages are the ones in the mail, to the last digit.
CDB=$DB
(cd "$WD" && "$AIMDB" --db "$CDB" import -t base -t new lines-positional.txt \
	&& "$AIMDB" --db "$CDB" import mmtests-quoted.txt) >/dev/null 2>&1
"$AIMCMP" --db "$CDB" --format lines base new 2>/dev/null |
	awk '!/^#/ { print $2, $3, $4, $5, $6 }' >"$W/lines.got"
awk '$1 ~ /^[0-9]+$/ && $6 ~ /%$/ { print $2, $3, $4, $5, $6 }' \
	"$WD/lines-positional.txt" >"$W/lines.want"
t "positional lines: aimcmp gives the posted deltas and percentages" \
	sh -c "test -s '$W/lines.want' && cmp -s '$W/lines.got' '$W/lines.want'"
"$AIMCMP" --db "$CDB" --format lines 6.8-vanilla 6.9-rc1-vanilla 2>/dev/null |
	awk '!/^#/ { print $2, $6 }' | sort >"$W/mm.got"
sed -n 's/^> > Hmean *\([a-z_]*\) *[0-9.]* ( *0.00%) *[0-9.]* [(*] *\(-*[0-9.]*%\).*/\1 \2/p' \
	"$WD/mmtests-quoted.txt" | sort >"$W/mm.want"
t "mmtests table: aimcmp gives the posted Hmean changes" \
	sh -c "test -s '$W/mm.want' && cmp -s '$W/mm.got' '$W/mm.want'"

# aimdb show: a report's own row numbers, and no time or count where the
# file gave none.
SDB=$(db_new show.db)
(cd "$WD" && "$AIMDB" --db "$SDB" import -t piped mmtests-pipe-aim9-1 &&
	"$AIMDB" --db "$SDB" import -t base -t new lines-positional.txt) >/dev/null 2>&1
"$AIMDB" --db "$SDB" show piped >"$W/show-piped" 2>&1
grep '/second$' "$WD/mmtests-pipe-aim9-1" >"$W/rows-piped"
t "show: the rows of a part of the suite as the log numbered them" sh -c \
	"grep '/second\$' '$W/show-piped' | cmp -s - '$W/rows-piped'"
"$AIMDB" --db "$SDB" show new >"$W/show-new" 2>&1
t "show: a rate without time or count prints neither" grep -qx \
	'     9 disk_src                -          - [ 0-9.]*       453462.48 Directory Searches/second' \
	"$W/show-new"

# Compressed: the same content as the plain file, refused as imported
# before, within the bounds of any input once decompressed.
# same_dry FILE COPY OPTIONS...: COPY's dry run is FILE's but for its name.
same_dry() {
	f=$1 c=$2; shift 2
	"$AIMDB" --db "$DB" import -n "$@" "$f" 2>/dev/null | sed 1d >"$W/plain.dry" &&
		"$AIMDB" --db "$DB" import -n "$@" "$c" 2>/dev/null | sed 1d |
		cmp -s - "$W/plain.dry"
}
gzip -c "$D/lkp-matrix.json" >"$W/matrix.json.gz"
t "gzip: lkp's matrix.json.gz reads as matrix.json" \
	same_dry "$D/lkp-matrix.json" "$W/matrix.json.gz" -t x
if need xz build-essential; then
	xz -c "$WD/console-2002.eml" >"$W/console.xz"
	t "xz: a console report" same_dry "$WD/console-2002.eml" "$W/console.xz"
	mkdir "$W/logs"
	cp "$D/mmtests-logs/aim9-1" "$W/logs/"
	gzip -c "$D/mmtests-logs/aim9-2" >"$W/logs/aim9-2.gz"
	xz -c "$D/mmtests-logs/aim9-3" >"$W/logs/aim9-3.xz"
	LDB=$(db_new logs.db)
	t "mmtests logs aim9-N.gz and .xz in a result directory" sh -c \
		"'$AIMDB' --db '$LDB' import -t x '$W/logs' >/dev/null &&
		. '$S/t/csv-lib.sh' && '$AIMDB' --db '$LDB' export | csv20 | cut -d, -f1,3- |
		sed 's/\(,[^,]*\)\{4\}\$//' | cmp -s - '$D/peers-mmtests-logs.csv'"
fi
LKP="$D/lkp-result/aim9/page_test-300s/testbox/debian-12-x86_64/x86_64-rhel-9.4/gcc-12/6.9.0-vanilla"
mkdir -p "$W/root/aim9/page_test-300s/testbox/debian-12-x86_64/x86_64-rhel-9.4/gcc-12/6.9.0-vanilla/1"
gzip -c "$LKP/1/stats.json" \
	>"$W/root/aim9/page_test-300s/testbox/debian-12-x86_64/x86_64-rhel-9.4/gcc-12/6.9.0-vanilla/1/stats.json.gz"
RDB=$(db_new run.db)
t "an lkp run directory with stats.json.gz" sh -c \
	"'$AIMDB' --db '$RDB' import -t x '$W/root/aim9/page_test-300s/testbox/debian-12-x86_64/x86_64-rhel-9.4/gcc-12/6.9.0-vanilla/1' >/dev/null &&
	. '$S/t/csv-lib.sh' && '$AIMDB' --db '$RDB' export | csv20 | cut -d, -f1,3- |
	sed 's/\(,[^,]*\)\{4\}\$//' | cmp -s - '$D/peers-lkp-run-1.csv'"
ZDB=$(db_new z.db)
"$AIMDB" --db "$ZDB" import -t x "$D/lkp-matrix.json" >/dev/null
DB=$ZDB
refused "content imported before, gzip'd now" 1 "already imported" \
	"$AIMDB" --db "$ZDB" import -t y "$W/matrix.json.gz"
head -c 200 "$W/matrix.json.gz" >"$W/cut.json.gz"
refused "gzip data cut short" 1 "cut.json.gz: gzip: compressed data cut short" \
	"$AIMDB" --db "$ZDB" import -t y "$W/cut.json.gz"
refused "a bomb: 39 KB of xz past 256 MiB" 1 "bomb.xz: larger than 256 MiB" \
	"$AIMDB" --db "$ZDB" import -t y "$WD/bomb.xz"

echo "1..$n"
exit $((fails > 0))
