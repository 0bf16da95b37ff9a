#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Zero-page memcmp with --zerosize: the size is the run's (its factor and
# options), one above half of MemAvailable is a skip with the reason, and
# the THP state and what the mapping was read through are stored as run
# facts; on made-up /sys and /proc trees ($AIM_CHECK_ROOT), the variant
# that asks for huge pages skips under "never", and each variant's facts
# say the zero page that the made-up smaps and THP settings give.
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
zero_facts_of() {
	q "SELECT group_concat(e.key || '=' || e.value, ' ') FROM run_env e
		JOIN run r ON r.id = e.run_id WHERE r.tag = '$1'
		AND e.key IN ('$2.1.zero_page', '$2.1.zero_page_by')
		ORDER BY e.key"
}
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
		"sqlite3 '$DB' \"SELECT value FROM run_env WHERE key = '$p.zero_page'\" | grep -qx '4k\|2m\|anon\|unknown'"
	t "$c: and what said so" sh -c \
		"sqlite3 '$DB' \"SELECT value FROM run_env WHERE key = '$p.zero_page_by'\" | grep -qx 'pagemap\|smaps\|none'"
done

# fake NAME ENABLED USE_ZERO_PAGE ELIGIBLE ANON_KB: a made-up tree whose
# smaps has one mapping over all of the address space, and no pagemap.
fake() {
	d="$W/$1/sys/kernel/mm/transparent_hugepage"
	mkdir -p "$d" "$W/$1/proc/self"
	echo "$2" >"$d/enabled"
	echo "$3" >"$d/use_zero_page"
	printf '0-ffffffffffffffff r--p 00000000 00:00 0\nKernelPageSize: 4 kB\nAnonHugePages: %s kB\nTHPeligible: %s\n' \
		"$5" "$4" >"$W/$1/proc/self/smaps"
}
# zero TAG ROOT: both functions, both states, on the made-up ROOT.
zero() {
	AIM_CHECK_ROOT="$W/$2" "$AIMRUN" --tag "$1" --db "$DB" --dir "$W" \
		--counters none --zerosize 8M --tests 'mem_zerocmp*' \
		--duration 0.01 --runs 1 >/dev/null 2>"$W/$1.err"
}
fake never 'always madvise [never]' 1 0 0
zero never never
for c in hot cold; do
	t "THP never: zerocmpthp $c skips" test "$(q "SELECT r.status FROM
		result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'never'
		AND r.test = 'mem_zerocmpthp_libc_2g_$c'")" = skip
	t "THP never: zerocmp $c reads the 4 KiB zero page (smaps)" test \
		"$(zero_facts_of never "mem_zerocmp_libc_2g_$c")" = \
		"mem_zerocmp_libc_2g_$c.1.zero_page=4k mem_zerocmp_libc_2g_$c.1.zero_page_by=smaps"
done
t "THP never: the skip says why" grep -q \
	'mem_zerocmpthp_libc_2g_hot: skip: transparent huge pages are "never"' \
	"$W/never.err"
fake madvise 'always [madvise] never' 1 1 0
zero madvise madvise
t "THP madvise: all four variants ok" test "$(q "SELECT count(*) FROM
	result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'madvise'
	AND r.status = 'ok'")" -eq 4
t "THP madvise, eligible: zerocmpthp reads the huge zero page" test \
	"$(zero_facts_of madvise mem_zerocmpthp_libc_2g_cold)" = \
	"mem_zerocmpthp_libc_2g_cold.1.zero_page=2m mem_zerocmpthp_libc_2g_cold.1.zero_page_by=smaps"
fake anon '[always] madvise never' 0 1 8192
zero anon anon
t "huge pages of zeros (use_zero_page 0) are no zero page" test \
	"$(zero_facts_of anon mem_zerocmpthp_libc_2g_hot)" = \
	"mem_zerocmpthp_libc_2g_hot.1.zero_page=anon mem_zerocmpthp_libc_2g_hot.1.zero_page_by=smaps"
fake nozero '[always] madvise never' 0 1 0
zero nozero nozero
t "eligible, use_zero_page 0, no frames: unknown" test \
	"$(zero_facts_of nozero mem_zerocmp_libc_2g_hot)" = \
	"mem_zerocmp_libc_2g_hot.1.zero_page=unknown mem_zerocmp_libc_2g_hot.1.zero_page_by=none"
t "no THP in the kernel: zerocmpthp skips saying so" sh -c \
	"AIM_CHECK_ROOT='$W/none' '$AIMRUN' -q --db '$W/none.db' --dir '$W' \
		--counters none --zerosize 8M --tests mem_zerocmpthp_libc_2g_hot \
		--duration 0.01 --runs 1 2>&1 | grep -q 'skip: no transparent huge pages in this kernel'"
t "a test that ends ok stores no reason" test \
	"$(q "SELECT count(*) FROM result WHERE status = 'ok'
	AND reason IS NOT NULL AND reason != ''")" -eq 0

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
