#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --cmd end to end: the perf stat -r style summary, what is stored
# (one lower-is-better result, a sample per run with its rusage metrics),
# --table, CSV and JSON, --prepare and --warmup, a failed, crashed or hung
# run costing only itself (the hung one's process group killed), no shell
# ever, hostile names refused; then aimcmp and aimplot reading a longer
# time as a regression in every format.
NAME=cmd-t
S=${AIM_SRCDIR:-.}
. "$S/t/robust-lib.sh"
DB="$W/c.db"
export AIM_DB="$DB"
# has FILE TEXT: FILE holds TEXT (a fixed string).
has() { grep -qF -- "$2" "$1"; }
# csvfield FILE COLUMN: that column of the second line of aimcmp's CSV.
csvfield() {
	awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i }
		NR == 2 { print $k }' "$1"
}

"$AIMRUN" --tag c --runs 5 --cmd sleep10ms -- sleep 0.01 >"$W/out" 2>"$W/err"
t "--cmd: exit 0" [ $? -eq 0 ]
t "the perf stat header, 5 runs" has "$W/out" \
	"Performance counter stats for 'sleep 0.01' (5 runs):"
t "where the runs went, last" \
	sh -c "tail -n 1 '$W/out' | grep -q '^Stored as run 1, tag c, test sleep10ms, in '"
t "the elapsed line, with +- and the relative error" \
	sh -c "tail -n 3 '$W/out' | head -n 1 | grep -Eq '^ +0\.0[0-9]+ \+- 0\.[0-9]+ seconds time elapsed  \( \+- +[0-9.]+% \)$'"
t "user time with CPUs utilized" \
	sh -c "grep -E 'msec user +# +[0-9.]+ CPUs utilized' '$W/out'"
t "minor faults with a per-second rate" \
	sh -c "grep -E '^ +[0-9]+ +minor-faults +# +[0-9.]+ [KMG]?/sec' '$W/out'"
t "max RSS in KiB" sh -c "grep -E '^ +[0-9]+ KiB +max-rss' '$W/out'"
"$AIMCMP" --format csv c c >"$W/self.csv" 2>/dev/null
t "stored: 5 samples, one per run" [ "$(csvfield "$W/self.csv" base_samples)" = 5 ]
t "stored in milliseconds" [ "$(csvfield "$W/self.csv" units)" = milliseconds ]
"$AIMDB" export -f json c >"$W/exp.json" 2>/dev/null
t "every sample has its rusage metrics" \
	[ "$(grep -c '"user_ns"' "$W/exp.json")" -ge 5 ] && \
	[ "$(grep -c '"maxrss_kib"' "$W/exp.json")" -ge 5 ]

"$AIMRUN" --tag c --runs 3 --table --cmd t3 -- sleep 0.01 >"$W/out" 2>&1
t "--table: the individual measurements" has "$W/out" \
	"# Table of individual measurements:"
t "--table: three runs, each with its deviation and bars" \
	[ "$(grep -Ec '^ +0\.[0-9]+ \([+-]0\.[0-9]+\) #+$' "$W/out")" -eq 3 ]
"$AIMRUN" --tag c --runs 2 --format csv --cmd t4 -- true >"$W/out" 2>&1
t "--format csv: a header and the elapsed row" \
	sh -c "head -n 2 '$W/out' | tr '\n' ' ' | grep -q '^metric,unit,mean,stderr,rse_pct,runs elapsed,ns,'"
"$AIMRUN" --tag c --runs 2 --format json --cmd t5 -- true >"$W/out" 2>&1
t "--format json: direction, runs and per-run values" \
	sh -c "grep -q '\"better\":\"lower\"' '$W/out' && grep -q '\"runs\":2' '$W/out' && grep -q '\"per_run\"' '$W/out'"

# The prepare command, several words up to --, before every run, untimed.
"$AIMRUN" --tag c --runs 2 --warmup 1 --cmd p1 --prepare mkdir -p "$W/a/b" -- true \
	>/dev/null 2>&1
t "--prepare WORD... --: a multi-word argument vector" [ -d "$W/a/b" ]
"$AIMRUN" --tag c --runs 2 --cmd p2 --prepare mkdir "$W/once" -- true \
	>"$W/out" 2>"$W/err"
rc=$?
t "a failing prepare fails that run only, with its reason" \
	sh -c "[ $rc -eq 0 ] && grep -q 'p2: fail: run 2: prepare: exited with status 1' '$W/err'"
"$AIMCMP" --format csv c c >"$W/all.csv" 2>/dev/null
t "the run before it is stored" grep -q '^0,p2,.*,ok,ok,' "$W/all.csv"

# A crash in run 2 of 3: that run is lost, not the invocation.
"$AIMRUN" --tag c --runs 3 --cmd crash1 -- sh -c \
	"if [ -e '$W/crashed' ]; then kill -SEGV \$\$; fi; : >'$W/crashed'" \
	>"$W/out" 2>"$W/err"
rc=$?
t "a crashing run: exit 0 with the others summarised" \
	sh -c "[ $rc -eq 0 ] && grep -q '(1 run, 2 failed)' '$W/out'"
t "the crash is reported with its signal" grep -q 'crash: run 2: killed by signal 11' "$W/err"

# A hang: the deadline ends the run and kills its whole process group.
"$AIMRUN" --tag c --runs 1 --timeout 0.3 --cmd hang -- sh -c \
	"sleep 30 & echo \$! >'$W/bg'; wait" >/dev/null 2>"$W/err"
rc=$?
t "a hung run: timeout, exit 2 (no run succeeded)" \
	sh -c "[ $rc -eq 2 ] && grep -q 'hang: timeout: run 1: no end within 0.3 s' '$W/err'"
t "its process group is killed" sh -c "! kill -0 \$(cat '$W/bg') 2>/dev/null"

# Stopped by a signal: the running program's group dies, the run is
# marked incomplete, the status is 128 + the signal.
"$AIMRUN" --tag c --runs 1 --cmd stopped -- sh -c \
	"echo \$\$ >'$W/sh'; sleep 30" >/dev/null 2>"$W/err" &
apid=$!
i=0
while [ ! -s "$W/sh" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $apid
wait $apid
rc=$?
t "SIGTERM: exit 143, said once" \
	sh -c "[ $rc -eq 143 ] && grep -q 'stopped by signal 15' '$W/err'"
t "SIGTERM: the program is gone" sh -c "! kill -0 \$(cat '$W/sh') 2>/dev/null"

# Never a shell: a script without #! is not run by /bin/sh.
printf 'touch "%s/ran"\n' "$W" >"$W/noshebang"
chmod +x "$W/noshebang"
"$AIMRUN" --tag c --runs 1 --cmd noshell -- "$W/noshebang" >/dev/null 2>"$W/err"
t "a file without #!: cannot execute, never run by a shell" \
	sh -c "[ ! -e '$W/ran' ] && grep -q 'cannot execute: Exec format error' '$W/err'"

refused "a catalog test name is refused" 1 "name of a test of the catalog" \
	"$AIMRUN" --tag c --cmd add_long -- true
refused "a name with a newline is refused" 1 "--cmd" \
	"$AIMRUN" --tag c --cmd "$(printf 'a\nb')" -- true
refused "--cmd needs the program after --" 1 "give the program after --" \
	"$AIMRUN" --tag c --cmd x
refused "a program after -- needs --cmd" 1 "needs --cmd NAME" \
	"$AIMRUN" --tag c -- true
refused "--prepare needs the -- that ends it" 1 "--prepare" \
	"$AIMRUN" --tag c --cmd x --prepare true
refused "an unknown program" 1 "not found in \$PATH" \
	"$AIMRUN" --tag c --cmd x -- no-such-program-here
refused "--runs out of range" 1 "--runs" \
	"$AIMRUN" --tag c --runs 0 --cmd x -- true

# A longer time is a regression, a shorter one an improvement.
"$AIMRUN" --tag fast -q --runs 5 --cmd nap -- sleep 0.01 2>/dev/null
"$AIMRUN" --tag slow -q --runs 5 --cmd nap -- sleep 0.06 2>/dev/null
"$AIMCMP" fast slow >"$W/cmp.txt" 2>/dev/null
t "text: slower is R" sh -c "grep -E '^ +0 +nap .*% R ' '$W/cmp.txt'"
"$AIMCMP" --format csv fast slow >"$W/cmp.csv" 2>/dev/null
t "CSV: regressed" [ "$(csvfield "$W/cmp.csv" verdict)" = regressed ]
t "CSV: a positive percentage" [ "$(csvfield "$W/cmp.csv" pct | cut -c1)" != - ]
"$AIMCMP" --format json fast slow >"$W/cmp.json" 2>/dev/null
t "JSON: regressed, better lower" sh -c \
	"grep -q '\"verdict\": \"regressed\"' '$W/cmp.json' && grep -q '\"better\": \"lower\"' '$W/cmp.json'"
"$AIMCMP" --format md fast slow >"$W/cmp.md" 2>/dev/null
t "Markdown: regressed" grep -q '| regressed |' "$W/cmp.md"
"$AIMCMP" --format html fast slow >"$W/cmp.html" 2>/dev/null
t "HTML: coloured as a regression" grep -q 'class="l regressed"' "$W/cmp.html"
t "HTML: times, not rates: title and samples in ms per run" sh -c "
	grep -q '<h1>Command times: fast vs slow</h1>' '$W/cmp.html' &&
	grep -q '<th class=\"l\">samples (ms per run)</th>' '$W/cmp.html' &&
	! grep -qi 'operation rates\|ops/s' '$W/cmp.html'"
"$AIMCMP" --fail-on-regression fast slow >/dev/null 2>&1
t "--fail-on-regression: exit 3" [ $? -eq 3 ]
"$AIMCMP" --format csv slow fast >"$W/rev.csv" 2>/dev/null
t "the other way round: improved" [ "$(csvfield "$W/rev.csv" verdict)" = improved ]
"$AIMCMP" --fail-on-regression slow fast >/dev/null 2>&1
t "--fail-on-regression: a faster command passes" [ $? -eq 0 ]
B=${AIM_BUILDDIR:-.}
"$B/report/aimplot" -S fast slow >"$W/steps" 2>&1
AIM_GNUPLOT=/nonexistent "$B/report/aimplot" -o "$W/t.png" -s "$W/t.gp" \
	fast slow >/dev/null 2>&1
t "aimplot: the title says times, not rates" \
	grep -q "^set multiplot layout 1,1 title 'Command times by tag: " "$W/t.gp"
t "aimplot: the step up in time is regressed" \
	sh -c "grep -E '^0 nap fast slow mean [0-9.]+% regressed' '$W/steps'"

# A command slower by 20 ms (10 ms against 30 ms, +200 %, less the cost of
# starting a process) is regressed, its interval above 0 and below the
# +200 % of the sleeps alone: a time that left the sleep out or counted
# it twice would fail.  The difference is many times what a loaded
# machine adds to a run (a late wake-up, a slow fork, each on both sides
# alike), so the verdict says what is measured, not how busy the machine
# is.  Not with a sanitizer: exec then tears down the forked copy of a
# sanitized aimrun, which costs several ms, varying from run to run.
if grep -q __asan_init "$AIMRUN" 2>/dev/null; then
	skip "sanitized aimrun: its fork and exec cost ms that vary"
	skip "sanitized aimrun: no interval to check"
	skip "sanitized aimrun: no rounds run"
else
	# Rounds of both, so that a load that comes and goes falls on each alike.
	round=0
	while [ $round -lt 3 ]; do
		round=$((round + 1))
		"$AIMRUN" --tag s10 -q --runs 10 --warmup 1 --cmd snooze -- sleep 0.01 2>/dev/null
		"$AIMRUN" --tag s30 -q --runs 10 --warmup 1 --cmd snooze -- sleep 0.03 2>/dev/null
	done
	"$AIMCMP" --format csv s10 s30 >"$W/s.csv" 2>/dev/null
	"$AIMCMP" --format lines s10 s30 2>/dev/null | grep '^0 ' | sed 's/^/# /'
	t "sleep 0.03 against 0.01: regressed" [ "$(csvfield "$W/s.csv" verdict)" = regressed ]
	t "its interval is above 0, below +200% and reaches past +50%" \
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
			NR == 2 { exit !($c["pct_lo"] > 0 && $c["pct_lo"] < 200 &&
					 $c["pct_hi"] > 50) }' "$W/s.csv"
	t "10 processes a side per round" \
		[ "$(csvfield "$W/s.csv" base_processes)" = $((10 * round)) ]
fi

echo "1..$n"
exit $((fails > 0))
