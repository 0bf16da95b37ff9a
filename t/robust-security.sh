#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Security properties of the whole tool.  In the sources: no system() or
# popen(), SQL only in the store and query modules and never built with a
# format, network tests bound to loopback.  At run time: the network
# tests' sockets are on 127.0.0.1, scratch directories are private (0700
# whatever the umask), helpers start by absolute path (a hostile PATH runs
# nothing), and a run of every test followed by every report command
# writes nothing outside --dir, the database and the requested output.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-security
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"	# when built
q() { sqlite3 "$W/a.db" "$1"; }

# The C sources of the product and its tests, then their code without
# comments, as "file:line: text".
find "$S/lib" "$S/harness" "$S/report" "$S/tests-aim" "$S/bench" "$S/fuzz" \
	"$S/t" -name '*.[ch]' >"$W/files"
while read -r f; do
	awk -v f="$f" '{
		line = $0
		while (1) {
			if (incomment) {
				e = index(line, "*/")
				if (e == 0) { line = ""; break }
				line = substr(line, e + 2); incomment = 0
			}
			s = index(line, "/*")
			if (s == 0) break
			out = out substr(line, 1, s - 1); line = substr(line, s + 2)
			incomment = 1
		}
		print f ":" NR ": " out line; out = ""
	}' "$f"
done <"$W/files" >"$W/code"
# none ERE [FILE-FILTER]: no code line matches ERE (in files matching the
# filter, an ERE on the path); the offending lines go to the log.
none() {
	grep -E -- "${2:-.}" "$W/code" | grep -E -- ": .*$1" >"$W/hits"
	sed 's/^/# /' "$W/hits"
	test ! -s "$W/hits"
}

echo "1..21"
t "the sources are found ($(wc -l <"$W/files") files)" test "$(wc -l <"$W/files")" -ge 50
t "no system() in any source" none '(^|[^_[:alnum:]])system[[:space:]]*\('
t "no popen() in any source" none '(^|[^_[:alnum:]])popen[[:space:]]*\('
t "no SQL text formatted with sqlite3_*printf" none 'sqlite3_v?(m|sn)printf'
# Statements outside the modules allowed to hold SQL (tests may), through
# lib/store/db.h or SQLite itself; lib/store/db*.c are db.h and its engines.
sql_elsewhere() {
	grep -E ': .*(sqlite3_(prepare|exec)|db_(prepare|exec)\()' "$W/code" |
		grep -vE '/(lib/store/store(_read|_rows|_put|_summary)?\.c|lib/store/plan/store_plan(_read)?\.c|lib/store/schema(_pg|_open|_steps)?(_desc)?\.c|lib/store/plan/schema_plan\.c|lib/store/db(_[a-z]+)*\.[ch]|lib/store/pg/db_pg(_[a-z]+)*\.c|report/query/query[^/]*\.c|t/[^/]*|fuzz/[^/]*):' |
		sed 's/^/# /'
}
t "SQL only in lib/store/: store*.c, schema*.c, schema*_desc.c, the engines db*.c; report/query/query*.c" \
	test -z "$(sql_elsewhere)"
t "network tests name no wildcard address" \
	none 'INADDR_ANY|in6addr_any|IN6ADDR_ANY|"0\.0\.0\.0"|"::"' '/tests-aim/'
t "every network test file binds to INADDR_LOOPBACK" sh -c "
	for f in \$(grep -rl --include='*.c' 'bind(' '$S'/tests-aim); do
		grep -q INADDR_LOOPBACK \"\$f\" || exit 1
	done"

# The network tests' sockets, watched from outside while they run: every
# one, listening or connected, has 127.0.0.1 as its local address.  The
# sockets are the test process's descriptors; ss asks the kernel for them
# by inode, TIME_WAIT left out in the kernel (a run leaves thousands,
# which /proc/net/tcp, the fallback, can then miss entries among; and
# ss -p is blind where the /proc of other processes cannot be read).
local_addrs() {	# PID: the local address of each of its inet sockets
	ls -l "/proc/$1/fd" 2>/dev/null |
		sed -n 's/.*socket:\[\([0-9]*\)\].*/\1/p' >"$W/inodes"
	[ -s "$W/inodes" ] || return
	if command -v ss >/dev/null 2>&1; then
		ss -tuanHe exclude time-wait 2>/dev/null |
			awk 'NR == FNR { want["ino:" $1] = 1; next }
			     { for (i = 7; i <= NF; i++) if ($i in want) print $5 }' \
				"$W/inodes" - | sed 's/:[0-9]*$//'
		return
	fi
	cat /proc/net/tcp /proc/net/udp /proc/net/tcp6 /proc/net/udp6 2>/dev/null |
		awk 'NR == FNR { want[$1] = 1; next }
		     ($10 in want) { split($2, a, ":"); print a[1] }' "$W/inodes" - |
		sed 's/^0100007F$/127.0.0.1/'
}
"$AIMRUN" --tag net --tests tcp_test,udp_test --duration 1 --runs 1 \
	--db "$W/a.db" --dir "$W/scratch" -q 2>/dev/null &
pid=$!
: >"$W/sockets"
# A test opens sockets faster than its descriptors and the kernel's list
# can be read one after the other: each look stops the test process
# (SIGSTOP, then SIGCONT), so both show the same sockets.
while kill -0 "$pid" 2>/dev/null; do
	for kid in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null); do
		hold "$kid" || continue
		local_addrs "$kid" >>"$W/sockets"
		release "$kid"
	done
	sleep 0.05
done
wait "$pid"
t "the network tests ran" test "$(q "SELECT count(*) FROM result WHERE status = 'ok' AND test IN ('tcp_test', 'udp_test')")" -eq 2
t "their sockets were seen ($(wc -l <"$W/sockets") times)" test -s "$W/sockets"
t "every one bound to 127.0.0.1" sh -c "! grep -vxE '127\.0\.0\.1|\[::ffff:127\.0\.0\.1\]|\[::1\]|0000000000000000FFFF00000100007F|00000000000000000000000001000000' '$W/sockets'"

# Scratch directories are 0700 even when the umask would allow more.
(umask 000; exec "$AIMRUN" --tag umask --tests disk_wrt --duration 0.5 \
	--runs 1 --filesize 64K --db "$W/a.db" --dir "$W/scratch" -q) &
pid=$!
: >"$W/modes"
while kill -0 "$pid" 2>/dev/null; do
	stat -c '%a %U' "$W/scratch"/aimrun.* 2>/dev/null >>"$W/modes"
	sleep 0.02
done
wait "$pid"
t "scratch directories were seen" test -s "$W/modes"
t "and each was mode 0700, ours" sh -c "! grep -vx '700 $(id -un)' '$W/modes'"

# A hostile PATH: every helper a test might look up there leaves a mark.
mkdir "$W/fake"
for p in sh bash true ls cat cp rm gnuplot awk; do
	printf '#!/bin/sh\ntouch "%s/marked-by-$0"\n' "$W" >"$W/fake/$p"
	chmod 755 "$W/fake/$p"
done
PATH="$W/fake:$PATH" "$AIMRUN" --tag path --tests exec_test,shell_rtns_1,shell_rtns_2,shell_rtns_3 \
	--duration 0.05 --runs 1 --db "$W/a.db" --dir "$W/scratch" -q; rc=$?
t "helper tests run with a hostile PATH" test "$rc" -eq 0
t "they passed" test "$(q "SELECT count(*) FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'path' AND r.status = 'ok'")" -eq 4
t "and ran nothing found through PATH" sh -c "! ls '$W'/marked-by-* 2>/dev/null"

# Everything, with empty HOME, TMPDIR, XDG directories and working
# directory: afterwards they are still empty, and so is --dir.  aimplot
# runs too when it is built, with the hostile PATH above.
for d in home tmp xdg-data xdg-config xdg-cache cwd dir out; do mkdir "$W/$d"; done
(
	cd "$W/cwd" || exit 1
	export HOME="$W/home" TMPDIR="$W/tmp" XDG_DATA_HOME="$W/xdg-data" \
		XDG_CONFIG_HOME="$W/xdg-config" XDG_CACHE_HOME="$W/xdg-cache"
	"$AIMRUN" --tag all --duration 0.01 --runs 1 --filesize 16K \
		--db "$W/out/a.db" --dir "$W/dir" -q 2>/dev/null || exit 1
	"$AIMCMP" --db "$W/out/a.db" all all >/dev/null || exit 1
	"$AIMDB" --db "$W/out/a.db" list >/dev/null || exit 1
	"$AIMDB" --db "$W/out/a.db" show all >/dev/null || exit 1
	"$AIMDB" --db "$W/out/a.db" check >/dev/null || exit 1
	"$AIMDB" --db "$W/out/a.db" export -o "$W/out/all.csv" || exit 1
	"$AIMDB" --db "$W/out/a.db" rename all every >/dev/null || exit 1
	"$AIMDB" --db "$W/out/a.db" import --again "$W/out/all.csv" >/dev/null ||
		exit 1
	"$AIMDB" --db "$W/out/a.db" rm all >/dev/null || exit 1
	if [ -x "$AIMPLOT" ]; then
		PATH="$W/fake:$PATH" "$AIMPLOT" --db "$W/out/a.db" \
			--output "$W/out/all.png" every || exit 1
	fi
)
rc=$?
t "every test and every report command ran" test "$rc" -eq 0
t "nothing written to HOME, TMPDIR, XDG directories or cwd" \
	test -z "$(ls -A "$W/home" "$W/tmp" "$W/xdg-data" "$W/xdg-config" "$W/xdg-cache" "$W/cwd" | grep -v '^/\|^$')"
t "nothing left in --dir" test -z "$(ls -A "$W/dir")"
want="a.db all.csv "
[ -x "$AIMPLOT" ] && want="a.db all.csv all.png "
# A read-only SQLite connection, the last to close, keeps -wal and -shm.
t "beside the database (and its -wal, -shm) only the export and plot" \
	test "$(ls -A "$W/out" | grep -v '^a\.db-\(wal\|shm\)$' | tr '\n' ' ')" = "$want"
t "gnuplot, if aimplot ran it, was not looked up in PATH" \
	sh -c "! ls '$W'/marked-by-* 2>/dev/null"
# aimplot starts gnuplot: no descriptor of ours may leak into it.
t "every fopen() of the product is close-on-exec" \
	none 'fopen\([^;]*"[rwa][+x]?"' '/(lib|harness|report|tests-aim)/'
exit $((fails > 0))
