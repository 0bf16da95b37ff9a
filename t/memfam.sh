#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The mem family end to end: variants picked by pattern, each timed call
# by call with its distribution printed and stored as bucket rows that
# hold every call, the size above the LLC taken from --memsize, zero-page
# memcmp reading 2 GiB, routines the CPU lacks skipped with the reason,
# and --latency for any test.
set -u
S=${AIM_SRCDIR:-.}
NAME=memfam
. "$S/t/robust-lib.sh"
q() { sqlite3 "$DB" "$1"; }
DB="$W/m.db"

case $(uname -m) in
x86_64) ;;
*)	"$AIMRUN" -q --tag m --db "$DB" --tests 'mem_copy_movsb_4k_hot' \
		--duration 0.01 --runs 1 2>"$W/err"
	t "off x86-64 the family skips with the reason" \
		grep -q 'x86-64 only' "$W/err"
	echo "1..$n"
	exit 0 ;;
esac

"$AIMRUN" --tag m --db "$DB" --dir "$W" --memsize 64K --counters none \
	--tests 'mem_copy_*_4k_cold,mem_clear_stosb_llc_hot,mem_copyuse_movnti_4k_hot,mem_clear_avx*_4k_hot,mem_zerocmp_libc_2g_hot' \
	--duration 0.01 --runs 1 >"$W/out" 2>"$W/err"
rc=$?
t "a run of the family exits 0" test "$rc" -eq 0
t "stderr only names skips for what the CPU or memory lacks" sh -c \
	"! grep -v ': skip: \(AVX\(2\|-512F\) not reported by CPUID\|zero-page memcmp maps\)' '$W/err'"
ok=$(q "SELECT count(*) FROM result WHERE status = 'ok'")
# The family's own table: GB/s and ns per call, one aligned row a variant.
t "the family's table: its heading" grep -Eq \
	'^ +No  Test +GB/s +avg-cut +p50 +p99 +max +calls +cut$' "$W/out"
t "every ok variant a row: GB/s, then whole ns and counts" test \
	"$(grep -Ec '^ +[2-4][0-9][0-9]  mem_[a-z0-9_]+ +[0-9]{1,5}\.[0-9]{2}( +[0-9]+){6}$' "$W/out")" -eq "$ok"
t "... each skipped variant the classic words" test \
	"$(grep -Ec '^ +[0-9]+  mem_[a-z0-9_]+  Skipping to next test\.$' "$W/out")" -eq \
	"$(q "SELECT count(*) FROM result WHERE status != 'ok'")"
t "... the rows aligned: all of one length, the heading's" sh -c "
	grep -E '^ +(No|[0-9]+)  (Test|mem_[a-z0-9_]+) +[0-9G]' '$W/out' |
	awk '{ print length(\$0) }' | sort -u | wc -l | grep -qx 1"
t "no rate in bytes per second, no distribution line" sh -c \
	"! grep -q 'Bytes/second\|: avg=' '$W/out'"
t "the table closes with its rule and what the columns hold" sh -c \
	"grep -A1 '^---*\$' '$W/out' | grep -q '^GB/s: 10^9 bytes per second'"
t "pattern and names: 14 variants" test "$(q "SELECT count(*) FROM result")" -eq 14
t "zero-page memcmp reads 2 GiB per call" test \
	"$(q "SELECT factor FROM result WHERE test = 'mem_zerocmp_libc_2g_hot'")" = 2147483648
t "every sample of an ok variant holds bucket rows" test "$(q "
	SELECT count(*) FROM sample s JOIN result r ON r.id = s.result_id
	WHERE r.status = 'ok' AND NOT EXISTS (SELECT 1 FROM sample_metric m
	WHERE m.result_id = s.result_id AND m.seq = s.seq
	AND m.metric = 'lat_ns' AND m.bound > 0)")" -eq 0
t "the buckets of a sample hold every call" test "$(q "
	SELECT count(*) FROM sample s WHERE s.calls != (SELECT sum(value)
	FROM sample_metric m WHERE m.result_id = s.result_id AND m.seq = s.seq
	AND m.metric = 'lat_ns')")" -eq 0
t "min, max and the clock's cost are metrics of each sample" test "$(q "
	SELECT count(DISTINCT metric) FROM sample_metric
	WHERE metric IN ('lat_min_ns', 'lat_max_ns', 'lat_clock_ns')")" -eq 3
t "the size above the LLC is --memsize: 65536 bytes per call" test \
	"$(q "SELECT factor FROM result WHERE test = 'mem_clear_stosb_llc_hot'")" = 65536
t "a 4 KiB copy counts 4096 bytes per call, in Bytes/second" test \
	"$(q "SELECT factor || ' ' || units FROM result WHERE test = 'mem_copy_movsb_4k_cold'")" = "4096 Bytes/second"
t "the run records the memory size and --latency" sh -c \
	"sqlite3 '$DB' 'SELECT options FROM run' | grep -q 'memsize=65536 latency=0'"

"$AIMRUN" --tag l --db "$DB" --dir "$W" --latency --counters none \
	--tests add_long,mem_copy_libc_4k_hot --duration 0.01 --runs 1 \
	>"$W/out2" 2>&1
t "--latency gives a classic test its distribution line" \
	grep -q '^add_long: avg=.* samples=' "$W/out2"
t "a classic test and a variant: the classic table first, as AIM9's" awk '
	/^     3 add_long +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+ Thousand Long Integer Additions\/second$/ { row = NR }
	row && !rule && /^-+$/ { rule = NR }
	rule && NR == rule + 1 && $0 == "" { blank = 1 }
	rule && NR == rule + 3 && /^ +No  Test +GB\/s / { mem = 1 }
	END { exit !(row == 5 && blank && mem) }' "$W/out2"
t "... then the family's" grep -Eq '^  201  mem_copy_libc_4k_hot +[0-9]+\.[0-9]{2} ' \
	"$W/out2"
"$AIMRUN" --tag x --db "$DB" --tests 'mem_nothing_*' >/dev/null 2>"$W/err2"
t "a pattern that matches nothing is refused" sh -c \
	"test $? -eq 1 && grep -q \"no test matches 'mem_nothing_\\*'\" '$W/err2'"
"$AIMRUN" --tag x --db "$DB" --memsize 1 --tests add_long >/dev/null 2>"$W/err3"
t "--memsize below 4K is refused" grep -q "^aimrun: --memsize: '1' is not" "$W/err3"
echo "1..$n"
exit $((fails > 0))
