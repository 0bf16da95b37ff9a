#!/bin/sh
# Zero-page memcmp with --zerosize: the size is the run's (its factor and
# options), one above half of MemAvailable is a skip with the reason, and
# the THP state and what the mapping was read through are stored as run
# facts.
set -u
S=${AIM_SRCDIR:-.}
NAME=memfam-zero
. "$S/t/robust-lib.sh"
q() { sqlite3 "$DB" "$1"; }
DB="$W/z.db"

case $(uname -m) in
x86_64) ;;
*)	echo "1..0 # SKIP the mem family runs on x86-64 only"; exit 0 ;;
esac

"$AIMRUN" -q --tag z --db "$DB" --dir "$W" --counters none --zerosize 8M \
	--tests 'mem_zerocmp_libc_2g_*' --duration 0.01 --runs 1 2>"$W/err"
t "a run of 8 MiB zero-page memcmp exits 0" test $? -eq 0
t "both variants are ok" test \
	"$(q "SELECT count(*) FROM result WHERE status = 'ok'")" -eq 2
t "each reads 8 MiB per call" test "$(q "SELECT group_concat(DISTINCT factor)
	FROM result")" = 8388608
t "the run's options record --zerosize" sh -c \
	"sqlite3 '$DB' 'SELECT options FROM run' | grep -q ' zerosize=8388608 '"
for k in thp.enabled thp.defrag thp.use_zero_page; do
	t "the run records $k" test "$(q "SELECT count(*) FROM run_env
		WHERE key = '$k' AND value != ''")" -eq 1
done
for c in hot cold; do
	p="mem_zerocmp_libc_2g_$c.1"
	t "$c: the bytes read are a fact of the run" test \
		"$(q "SELECT value FROM run_env WHERE key = '$p.bytes'")" = 8388608
	t "$c: the page size the mapping was read through" sh -c \
		"sqlite3 '$DB' \"SELECT value FROM run_env WHERE key = '$p.kernel_page_kb'\" | grep -qx '[0-9][0-9]*'"
	t "$c: whether THP could back it, and how much did" sh -c \
		"test \"\$(sqlite3 '$DB' \"SELECT count(*) FROM run_env WHERE key IN ('$p.thp_eligible', '$p.anon_huge_kb')\")\" -eq 2"
	t "$c: which zero page it was" sh -c \
		"sqlite3 '$DB' \"SELECT value FROM run_env WHERE key = '$p.zero_page'\" | grep -qx '4k\|2m\|unknown'"
done
t "a test that ends ok stores no reason" test \
	"$(q "SELECT count(*) FROM result WHERE reason IS NOT NULL AND reason != ''")" -eq 0

avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
if [ "${avail:-0}" -gt 0 ] && [ "$avail" -lt 1887436800 ]; then
	"$AIMRUN" --tag big --db "$DB" --dir "$W" --counters none \
		--zerosize 921600M --tests mem_zerocmp_libc_2g_hot \
		--duration 0.01 --runs 1 >/dev/null 2>"$W/err2"
	t "900 GiB, above half of MemAvailable: a skip with the reason" grep -q \
		'skip: zero-page memcmp maps 921600 MiB, more than half the [0-9]* MiB available' "$W/err2"
	t "stored as a skip" test "$(q "SELECT r.status FROM result r JOIN run u
		ON u.id = r.run_id WHERE u.tag = 'big'")" = skip
fi
"$AIMRUN" --tag x --db "$DB" --zerosize 4K --tests add_long >/dev/null 2>"$W/err3"
t "--zerosize below 8K is refused" grep -q "^aimrun: --zerosize: '4K' is not" "$W/err3"
echo "1..$n"
exit $((fails > 0))
