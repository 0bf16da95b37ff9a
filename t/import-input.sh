#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb import against input that is not a report: devices, FIFOs,
# directories, huge files and lines, and numbers out of range in every
# format.  Each is refused at once with exit 1 and one line naming the
# file (and line and field), the database byte for byte as it was.  Also
# the environment through a CSV round trip, and the comparability gate
# for runs imported without one.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-input
. "$S/t/robust-lib.sh"
. "$S/t/csv-lib.sh"
D="$S/t/data/report"
DB=${AIM_TEST_DB:-$W/a.db}
imp() { "$AIMDB" --db "$DB" import "$@"; }
# bounded COMMAND...: at most 10 s and 400 MiB, so an unbounded read
# fails the check instead of the machine; standard input from $IN when
# set.  A sanitizer build reserves more address space than that: it
# gets a limit of resident memory instead.
IN=
if (ulimit -v 409600 && "$AIMDB" --version; exit $?) >/dev/null 2>&1; then
	limit="ulimit -v 409600"
else
	limit=:
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=400"
	export ASAN_OPTIONS
fi
bounded() {
	($limit
	 if [ -n "$IN" ]; then exec <"$IN"; fi
	 exec timeout 10 "$@")
}

imp -t base "$D/bare.txt" >/dev/null || echo "Bail out! no database to work on"

# Input that is not a regular file: refused without reading or blocking.
refused "a character device" 1 "/dev/zero: not a regular file" \
	bounded "$AIMDB" --db "$DB" import -t x /dev/zero
mkfifo "$W/fifo" || echo "Bail out! mkfifo failed"
refused "a FIFO nobody writes" 1 "fifo: not a regular file" \
	bounded "$AIMDB" --db "$DB" import -t x "$W/fifo"
refused "a directory" 1 "scratch: not a regular file" \
	bounded "$AIMDB" --db "$DB" import -t x "$W/scratch"
IN=/dev/zero
refused "standard input from /dev/zero" 1 "(stdin): not a regular file" \
	bounded "$AIMDB" --db "$DB" import -t x -
truncate -s 300M "$W/sparse" || echo "Bail out! truncate failed"
refused "a file over 256 MiB" 1 "sparse: larger than 256 MiB" \
	bounded "$AIMDB" --db "$DB" import -t x "$W/sparse"
head -c 2000000 /dev/zero | tr '\0' a >"$W/long.txt"
refused "a line over 1 MiB" 1 "long.txt:1: line longer than 1 MiB" \
	bounded "$AIMDB" --db "$DB" import -t x "$W/long.txt"
mkfifo "$W/pipe"
(cat "$W/long.txt" >"$W/pipe" 2>/dev/null &)
IN="$W/pipe"
refused "a piped line over 1 MiB" 1 "(stdin):1: line longer than 1 MiB" \
	bounded "$AIMDB" --db "$DB" import -t x -
IN=
t "a report through a pipe still imports" sh -c \
	"cat '$D/bare.txt' | '$AIMDB' --db '$DB' import --again -t piped -"
# The hash is of the bytes read, so a pipe is known again too.
refused "the same report through a pipe, without --again" 1 \
	"-: already imported as run 1" sh -c \
	"cat '$D/bare.txt' | '$AIMDB' --db '$DB' import -t again -"

# Numbers out of range, in every format.
H="tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops"
U="Thousand Long Integer Additions/second"
csv() {	# csv NAME FIELD VALUE: one sample record with FIELD set to VALUE
	awk -F, -v OFS=, -v f="$2" -v v="$3" -v u="$U" 'NR == 1 {
		for (i = 1; i <= NF; i++) col[$i] = i; print; next }
		{ $col[f] = v; $12 = u; print }' >"$W/$1.csv" <<EOF
$H
v1,4,3,add_long,1,1,ok,,20,400000000,60000,x,
EOF
}
for c in "rep 4294967297" "rep 2147483648" "rep 0" "run_id 99999999999999999999" \
	"seq 4294967297" "calls 1000000000000000001" "elapsed_ns 9000000000000000000" \
	"factor 18446744073709551617" "printed_ops 1e308" "printed_ops 1e16"; do
	set -- $c
	csv "$1-$2" "$1" "$2"
	refused "CSV $1 $2" 1 "$1-$2.csv:2: $1: " imp "$W/$1-$2.csv"
done
csv rate calls 1000000000000000
sed -i 's/,400000000,/,1,/' "$W/rate.csv"
refused "CSV sample with an absurd rate" 1 "rate.csv:2: add_long rep 1: calls, factor and elapsed_ns give" \
	imp "$W/rate.csv"
sed -n '1,22p' "$D/bare.txt" >"$W/c-head"
for c in "ops 16 disk_rd 2.04 44 1e299 5.12e302" \
	"count 3 add_long 2.01 999999999999999999 68.15920 4089552.24" \
	"elapsed 3 add_long 999999999 137 68.15920 4089552.24"; do
	set -- $c
	u=$U; [ "$2" = 16 ] && u="Sequential Disk Reads (K)/second"
	{ cat "$W/c-head"; printf '%6s %-16s %8s %10s %s %s %s\n' "$2" "$3" "$4" "$5" "$6" "$7" "$u"
	  sed -n '86p' "$D/bare.txt"; } >"$W/c-$1.txt"
	refused "console $1 out of range" 1 "c-$1.txt:23: $3: " imp -t x -f console "$W/c-$1.txt"
done
printf 'box\nconf\nadd_long 1 1e+20 6e+24 %s\n' "$U" >"$W/l-big.suite9"
refused "logfile loops/s 1e20" 1 "l-big.suite9:3: add_long: loops/s" \
	imp -t x -f logfile "$W/l-big.suite9"
printf 'box\nc\nadd_long\t1e308\tThousand Long Integer Additions per second\n' >"$W/s-big.ss"
refused "suite9.ss ops/s 1e308" 1 "s-big.ss:3: add_long: ops/s" \
	imp -t x -f ss "$W/s-big.ss"

# The environment through export and import.
run() { "$AIMRUN" --duration 0.01 --runs 1 --filesize 64K --db "$DB" \
	--dir "$W/scratch" -q "$@"; }
run --tag m1 --tests add_long || echo "Bail out! aimrun failed"
"$AIMDB" --db "$DB" export -o "$W/m1.csv" m1 || echo "Bail out! export failed"
t "the export holds the environment" grep -q ',cpu.model,' "$W/m1.csv"
# Its runs are stored here: --again copies them under uuids of their own.
t "import of the export" imp --again -t m1copy "$W/m1.csv"
# The facts of tag $1 in the sixteen older columns (no uuid, its own).
facts() { "$AIMDB" --db "$DB" export "$1" | csv20 | grep "^$1,[0-9]*,,,," |
	sed 's/\(,[^,]*\)\{4\}$//' | cut -d, -f3-; }
t "the environment came back, fact for fact" sh -c \
	"test -n \"\$1\" && test \"\$1\" = \"\$2\"" sh "$(facts m1)" "$(facts m1copy)"
t "measured and its round trip compare" "$AIMCMP" --db "$DB" m1 m1copy
sed 's/,cpu\.model,.*\(\(,[^,]*\)\{26\}\)$/,cpu.model,Other CPU\1/' "$W/m1.csv" \
	>"$W/other.csv"
imp --again -t other "$W/other.csv" >/dev/null
refused "the gate still sees another CPU after a round trip" 1 \
	"not comparable: CPU model differs" "$AIMCMP" --db "$DB" m1 other
refused "a classic report against a measured run" 1 \
	"not comparable: environment (unknown for base) differs" "$AIMCMP" --db "$DB" base m1
t "... unless --force" "$AIMCMP" --db "$DB" --force base m1
# Neither the run's own record, its facts and buckets, nor its monitors.
grep -v '^m1,[0-9]*,,,,,,,,,,,,' "$W/m1.csv" | grep -E '^tag,|,,,,,,$' |
	cut -d, -f1-13 |
	sed '1s/.*/'"$H"'/' >"$W/old.csv"
# m1 again in fewer columns: the same content, so --again.
t "a CSV without environment columns imports" imp --again -t old "$W/old.csv"
t "... marked environment unknown" sh -c \
	"printf '%s\n' \"\$1\" | grep -qx ',,,,,,,,,,,environment,unknown,'" sh "$(facts old)"
refused "... and refused against a measured run" 1 \
	"environment (unknown for old)" "$AIMCMP" --db "$DB" m1 old
t "two runs without environment still compare" "$AIMCMP" --db "$DB" base old
echo "1..$n"
exit $((fails > 0))
