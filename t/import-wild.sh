#!/bin/sh
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
t "... the tables of other benchmarks passed over with a note" sh -c \
	"grep -c 'note: passed over a compare-mmtests.pl table of another benchmark' '$W/mmtests-quoted.txt.err' | grep -qx 2"
t "suite9.ss: singleuser's int overflow is a failure, the rest stored" \
	dry suite9-overflow.ss
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

echo "1..$n"
exit $((fails > 0))
