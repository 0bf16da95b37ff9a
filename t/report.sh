#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp and aimdb end to end: imports of every supported format, golden
# outputs of every comparison format (two-way, N-way, repeated samples),
# the verdict options and exit statuses, the comparability gate, the
# export -> import round trip, bad files refused with file:line and the
# database left byte for byte as it was, and the housekeeping verbs.
set -u
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-.}
D="$S/t/data/report"
AIMCMP="$B/report/aimcmp"
AIMDB="$B/report/aimdb"
W=$(mktemp -d "${TMPDIR:-/tmp}/report-t.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
. "$S/t/db-sql.sh"
AIM_DB=$(db_first a.db)
export AIM_DB
n=0
t() {	# t DESCRIPTION COMMAND...: one TAP assertion
	d=$1; shift
	n=$((n + 1))
	if "$@" >"$W/t.out" 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		sed 's/^/# /' "$W/t.out" | head -n 20
	fi
}
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
# golden NAME COMMAND...: the command's stdout equals $D/NAME exactly.
golden() {
	g=$1; shift
	"$@" >"$W/$g" 2>"$W/$g.err"
	t "golden $g" diff -u "$D/$g" "$W/$g"
}
# refused FILE EXPECTED [IMPORT ARGS...]: exit 1, message, file unchanged
# (a database on a server: its export).
same_db() {	# same_db COPY: $AIM_DB is as COPY, which keep_db made
	if db_is_pg "$AIM_DB"; then
		db_snap "$AIM_DB" | cmp - "$1"
	else
		cmp "$AIM_DB" "$1"
	fi
}
keep_db() {	# keep_db COPY: $AIM_DB as it is now, for same_db
	if db_is_pg "$AIM_DB"; then
		db_snap "$AIM_DB" >"$1"
	else
		cp "$AIM_DB" "$1"
	fi
}
refused() {
	f=$1; want=$2; shift 2
	keep_db "$W/before.db"
	"$AIMDB" import "$@" "$D/$f" >"$W/r.out" 2>"$W/r.err"; rc=$?
	t "$f: refused with exit 1" test "$rc" -eq 1
	t "$f: one line naming file and line" sh -c \
		"test \$(wc -l <'$W/r.err') -eq 1 && grep -qF -- '$D/$want' '$W/r.err'"
	t "$f: database file unchanged" same_db "$W/before.db"
}
data() { grep -v '^#' "$1"; }
. "$S/t/need.sh"

# Imports, in an order the golden headers (run ids) depend on.
t "import a console report" "$AIMDB" import --tag bare "$D/bare.txt"
t "import a second report" "$AIMDB" import -t quicklist "$D/quicklist.txt"
t "import two reports with --split" "$AIMDB" import --split "$D/two-reports.txt"
t "import logfile.suite9 with --split" "$AIMDB" import --split "$D/logfile.suite9"
t "import suite9.ss with a tag per report" \
	"$AIMDB" import -t ss19 -t ss20 "$D/suite9.ss"
t "import a CSV export from stdin" sh -c "'$AIMDB' import - <'$D/samples.csv'"

# Comparisons: every format, two-way and N-way, against golden files.
golden cmp.txt "$AIMCMP" --format lines bare quicklist
t "published form of a line" grep -qx \
	'3 add_long 2794117.65 2686567.16 -107550.49 -3.85% Thousand Long Integer Additions/second' \
	"$W/cmp.txt"
golden cmp.csv "$AIMCMP" --format csv bare quicklist
golden cmp.json "$AIMCMP" -f json bare quicklist
golden cmp.md "$AIMCMP" --format markdown bare quicklist
golden nway.txt "$AIMCMP" --format lines bare quicklist alpha beta
golden nway.csv "$AIMCMP" -f csv bare quicklist alpha
golden nway.json "$AIMCMP" -f json bare quicklist alpha
golden nway.md "$AIMCMP" -f markdown bare quicklist alpha
t "N-way Markdown: each column group names its tag" grep -q \
	'^| number | test | bare | quicklist | quicklist delta | quicklist % | alpha | alpha delta | alpha % | units |$' \
	"$W/nway.md"
golden logfile.txt "$AIMCMP" --format lines 2.6.19 2.6.20-rc4
golden ss.txt "$AIMCMP" --format lines ss19 ss20
golden repeated.txt "$AIMCMP" --format lines v6.8 v6.9
golden repeated.md "$AIMCMP" -f md v6.8 v6.9
"$AIMCMP" -f json v6.8 v6.9 >"$W/repeated.json"
golden tests-sort.txt "$AIMCMP" --format lines --tests fork_test,add_long,exec_test,tcp_test \
	--sort pct v6.8 v6.9
golden run.txt "$AIMCMP" --format lines --run 10 v6.8 v6.9
golden runs-same-tag.txt "$AIMCMP" --format lines -r 9 -r 10 v6.8 v6.8
golden show-bare.txt "$AIMDB" show bare

# Verdict options and exit statuses.
"$AIMCMP" --format lines --fail-on-regression v6.8 v6.9 >"$W/fail.txt" 2>&1; rc=$?
t "--fail-on-regression: exit 3 when a test regressed" test "$rc" -eq 3
t "... and the table is printed all the same" cmp "$W/fail.txt" "$D/repeated.txt"
"$AIMCMP" --fail-on-regression bare quicklist >/dev/null 2>"$W/inc.err"; rc=$?
t "--fail-on-regression: a test failed on NEW: exit 4, said in one line" sh -c \
	"test $rc -eq 4 && test \$(wc -l <'$W/inc.err') -eq 1"
t "--fail-on-regression: exit 0 without a regression" \
	"$AIMCMP" --fail-on-regression --tests add_long,fork_test bare quicklist
t "--equivalence 0: no equivalent verdict" sh -c \
	"'$AIMCMP' -f lines --equivalence 0 v6.8 v6.9 | grep -q '^16 disk_rd .* inconclusive \\[-1.45%,+0.72%\\] '"
t "--equivalence 1.5: a narrower margin in the legend" sh -c \
	"'$AIMCMP' -f lines --equivalence 1.5 v6.8 v6.9 | grep -q 'within +/-1.50% (--equivalence)'"
t "--alpha 0.01: 99% intervals" sh -c \
	"'$AIMCMP' -f lines --alpha 0.01 v6.8 v6.9 | grep -q '^# statistics: .* 99% intervals'"
t "--exclude-flagged: the header says what was left out" sh -c \
	"'$AIMCMP' -f lines --exclude-flagged v6.8 v6.9 | grep -q '^# base: v6.8 (.* 34 flagged and left out,'"
for bad in "--alpha 0" "--alpha 0.5" "--alpha x" "--equivalence -1" \
	"--equivalence 100" "--equivalence 2%"; do
	# shellcheck disable=SC2086
	t "$bad: exit 1" sh -c "'$AIMCMP' $bad v6.8 v6.9 >/dev/null 2>&1; test \$? -eq 1"
done
# The imported table comes back row for row; only the failure's messages go.
awk '/^-+$/ { c++ } c >= 1 { print } c == 3 { exit }' "$D/bare.txt" |
	grep -v 'new_raph\|Skipping\|Failed to execute' >"$W/table"
t "show reproduces the imported table" sh -c \
	"awk '/^-+\$/ { c++ } c >= 1 { print } c == 3 { exit }' '$W/show-bare.txt' |
	 grep -v new_raph | cmp - '$W/table'"
t "show: after the table, which rate it is and how aimcmp's differs" sh -c \
	"sed -n '/^Rates: /,\$p' '$W/show-bare.txt' | tr '\n' ' ' | grep -q \
	 '^Rates: every sample of 1 run pooled (operations / time), as AIM9 prints them; aimcmp prints each test.s judged rate instead'"

if need python3 python3; then
	for f in cmp.json nway.json; do
		t "$f parses with python3 -m json.tool" \
			sh -c "python3 -m json.tool <'$W/$f' >/dev/null"
	done
	t "CSV parses: 60 records of 43 fields" python3 -c "
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert len(rows) == 61 and all(len(r) == 43 for r in rows), rows[:2]
assert rows[3][7:11] == ['2794117.65', '2686567.16', '-107550.49', '-3.85']
" "$W/cmp.csv"
	t "JSON carries every number of a verdict" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['statistics']['family'] == 5 and d['statistics']['alpha'] == 0.05
fork = [t for t in d['tests'] if t['test'] == 'fork_test'][0]
s = fork['new'][0]['statistics']
assert s['verdict'] == 'regressed' and s['unit'] == 'run', s
assert s['p'] <= s['q'] <= 0.05 and s['pct_lo'] < -7.01 < s['pct_hi'] < 0, s
assert fork['base']['processes'] == 6 and fork['base']['boots'] == 1
for k in ('ratio', 'ratio_lo', 'ratio_hi', 'df', 'se', 'mdc_pct', 'reason'):
    assert k in s, k
" "$W/repeated.json"
fi

# Round trip: export, import into a fresh database, same comparisons.
t "export CSV of every tag" sh -c "'$AIMDB' export >'$W/all.csv'"
RT=$(db_new rt.db)
t "import the export into a new database" \
	"$AIMDB" --db "$RT" import "$W/all.csv"
for pair in "bare quicklist" "v6.8 v6.9" "2.6.19 2.6.20-rc4 ss19"; do
	for f in text csv; do
		# shellcheck disable=SC2086
		"$AIMCMP" -f $f $pair >"$W/a.out" 2>"$W/a.err"
		# shellcheck disable=SC2086
		"$AIMCMP" --db "$RT" -f $f $pair >"$W/b.out" 2>"$W/b.err"
		data "$W/a.out" >"$W/a.data"
		data "$W/b.out" >"$W/b.data"
		t "round trip: $f comparison of $pair unchanged" \
			cmp "$W/a.data" "$W/b.data"
	done
done
t "exported CSV exports again the same" sh -c \
	"'$AIMDB' --db '$RT' export | cut -d, -f1,3- >'$W/x1' &&
	 cut -d, -f1,3- '$W/all.csv' >'$W/x2' && cmp '$W/x1' '$W/x2'"
"$AIMDB" export --format json v6.9 bare >"$W/export.json"
if need python3 python3; then
	t "JSON export: runs, env, results, samples" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
runs = {r['tag']: r for r in d['runs']}
assert set(runs) == {'v6.9', 'bare'}
v = runs['v6.9']['results']
assert sum(len(r['samples']) for r in v) == 70, len(v)
assert runs['bare']['results'][2]['samples'][0]['printed_ops'] == 2794117.65
assert isinstance(runs['bare']['env'], dict)
" "$W/export.json"
fi

# Bad files: refused whole, with file:line, the database untouched.
refused truncated.txt "truncated.txt:42: malformed row" -t x
refused wrong-columns.txt "wrong-columns.txt:30: malformed row" -t x
refused unknown-test.txt 'unknown-test.txt:49: unknown test "mul_quad"' -t x
refused junk.bin "junk.bin:1: binary data (NUL byte)" -t x
refused bad-columns.csv "bad-columns.csv:20: expected 13 fields, found 12"
refused unknown-test.csv 'unknown-test.csv:30: unknown test "creat-close"'
refused bad-line.suite9 "bad-line.suite9:20: malformed line" --split
refused two-reports.txt "two-reports.txt holds 2 reports but 1 --tag given" -t x

# Housekeeping.
"$AIMDB" list >"$W/list" 2>&1
t "list names every tag once per run" sh -c \
	"test \$(grep -c '^v6.8 ' '$W/list') -eq 2 && grep -q '^2.6.19 .* testbox ' '$W/list'"
t "rename a tag" "$AIMDB" rename quicklist ql
"$AIMCMP" -f lines bare ql >"$W/ql.txt"
data "$W/ql.txt" >"$W/ql.data"
data "$D/cmp.txt" >"$W/cmp.data"
t "compare under the new name" cmp "$W/ql.data" "$W/cmp.data"
t "rename onto an existing tag is refused" sh -c \
	"'$AIMDB' rename ql bare 2>/dev/null; test \$? -eq 1"
t "rm a tag" "$AIMDB" rm ql
t "a removed tag is unknown to aimcmp (exit 1)" sh -c \
	"'$AIMCMP' bare ql 2>'$W/e'; test \$? -eq 1 && grep -q 'ql: no such tag' '$W/e'"
keep_db "$W/b2.db"
"$AIMDB" rm bare nosuch 2>/dev/null; rc=$?
t "rm with an unknown tag: exit 1" test "$rc" -eq 1
t "... and removes nothing" same_db "$W/b2.db"
"$AIMDB" check >"$W/check" 2>&1; rc=$?
t "check: exit 0 on a sound database" test "$rc" -eq 0
t "check: schema, integrity, no incomplete runs" sh -c \
	"grep -q '^schema version: ' '$W/check' && grep -qx 'integrity: ok' '$W/check' && grep -qx 'incomplete runs: none' '$W/check'"
if db_tool "$AIM_DB"; then
	db_sql "$AIM_DB" "UPDATE run SET status = 'incomplete' WHERE tag = 'alpha'"
	t "check lists incomplete runs" sh -c \
		"'$AIMDB' check | grep -q '^  run 3 (alpha, started '"
fi

# Command-line contract.
t "--version" sh -c "'$AIMCMP' --version | grep -q '^aimcmp (aimkit) '"
t "aimdb --version" sh -c "'$AIMDB' --version | grep -q '^aimdb (aimkit) '"
t "unknown format: exit 1" sh -c "'$AIMCMP' -f xml bare alpha 2>/dev/null; test \$? -eq 1"
t "unknown test in --tests: exit 1" sh -c \
	"'$AIMCMP' --tests add_quad bare alpha 2>'$W/e'; test \$? -eq 1 && grep -q \"'add_quad': no result of that name in bare, alpha\" '$W/e'"
t "a near name of a result suggested" sh -c \
	"'$AIMCMP' --tests add_lnog bare alpha 2>'$W/e'; test \$? -eq 1 && grep -q \"'add_lnog': no result of that name in bare, alpha (did you mean add_long?)\" '$W/e'"
t "one tag only: exit 1" sh -c "'$AIMCMP' bare 2>/dev/null; test \$? -eq 1"
t "run of another tag: exit 1" sh -c "'$AIMCMP' -r 1 alpha beta 2>/dev/null; test \$? -eq 1"
# A missing file, a file that is no database: files on either engine.
t "missing database: exit 1" sh -c \
	"'$AIMCMP' --db '$W/none.db' bare alpha 2>'$W/e'; test \$? -eq 1 && grep -q 'no such database' '$W/e'"
echo "not a database" >"$W/text.db"
t "a file that is not a database: exit 2" sh -c \
	"'$AIMCMP' --db '$W/text.db' bare alpha 2>/dev/null; test \$? -eq 2"
t "unknown aimdb command: exit 1" sh -c "'$AIMDB' frobnicate 2>/dev/null; test \$? -eq 1"
t "errors are one line: 'aimcmp: what: why'" sh -c \
	"'$AIMCMP' nosuch bare 2>'$W/e'; test \$(wc -l <'$W/e') -eq 1 && grep -q '^aimcmp: nosuch: no such tag in ' '$W/e'"

# The default database: $AIM_DB, else ./results/aim.db, else XDG, else HOME
# (files, whichever engine the rest ran on: a file of the export).
mkdir -p "$W/proj/results" "$W/home"
"$AIMDB" --db "$W/proj/results/aim.db" import "$W/all.csv" >/dev/null
t "default: results/aim.db under the current directory" sh -c \
	"cd '$W/proj' && env -u AIM_DB '$AIMCMP' bare alpha >/dev/null"
t "default: \$XDG_DATA_HOME/aimkit/aim.db" sh -c \
	"cd '$W' && env -u AIM_DB XDG_DATA_HOME='$W/xdg' '$AIMCMP' bare alpha 2>&1 | grep -qF '$W/xdg/aimkit/aim.db: no such database'"
t "default: ~/.local/share/aimkit/aim.db" sh -c \
	"cd '$W' && env -u AIM_DB -u XDG_DATA_HOME HOME='$W/home' '$AIMCMP' bare alpha 2>&1 | grep -qF '$W/home/.local/share/aimkit/aim.db: no such database'"
t "--db wins over \$AIM_DB" sh -c \
	"AIM_DB='$W/none.db' '$AIMCMP' --db '$AIM_DB' bare alpha >/dev/null"

# A database written by aimrun, when aimrun is built.
AIMRUN="$B/harness/aimrun"
if [ -x "$AIMRUN" ]; then
	mkdir -p "$W/scratch"
	RUN=$(db_new run.db) CAL=$(db_new cal.db)
	t "aimrun writes a database" "$AIMRUN" --db "$RUN" --tag r1 \
		--tests add_long,fork_test --duration 0.1 --runs 2 --dir "$W/scratch"
	t "aimdb list on it" sh -c "'$AIMDB' --db '$RUN' list | grep -q '^r1 '"
	t "aimdb show on it: classic rows" sh -c \
		"'$AIMDB' --db '$RUN' show r1 | grep -Eq '^     3 add_long +[0-9]+\.[0-9]{2} +[0-9]+ +[0-9]+\.[0-9]{5} +[0-9]+\.[0-9]{2} Thousand Long Integer Additions/second$'"
	t "aimcmp on it: noise and verdict columns with repeated samples" sh -c \
		"'$AIMCMP' --db '$RUN' -f lines r1 r1 | grep -Eq '^3 add_long [0-9.]+ [0-9.]+ 0.00 0.00% peak cv [0-9.]+%/[0-9.]+% [a-z]+ \\[-[0-9.]+%,\\+[0-9.]+%\\] mdc [0-9.]+% Thousand'"
	t "aimdb check on it" "$AIMDB" --db "$RUN" check
	t "calibrate, an extra test, runs when named" env AIM_CALIBRATE_WORK=1000 \
		"$AIMRUN" --db "$CAL" --tag cal --tests calibrate --duration 0.02 \
		--runs 2 --quiet --dir "$W/scratch"
	t "... and is compared like the others" sh -c \
		"'$AIMCMP' --db '$CAL' -f lines cal cal | grep -q '^101 calibrate .* Calibration Loops/second$'"
	AIM_CALIBRATE_WORK=many "$AIMRUN" --db "$CAL" --tag bad --tests calibrate \
		--duration 0.02 --runs 1 --quiet --dir "$W/scratch" 2>"$W/e"
	t "a bad AIM_CALIBRATE_WORK fails the test with its reason" grep -q \
		"calibrate: fail: AIM_CALIBRATE_WORK: 'many' is not a whole number" "$W/e"
	t "a second tag on the same machine" "$AIMRUN" --db "$RUN" \
		--tag r2 --tests add_long --duration 0.05 --runs 2 --dir "$W/scratch"
	t "same machine and build: compared" sh -c \
		"'$AIMCMP' --db '$RUN' -f lines r1 r2 >'$W/r12' && grep -q '^3 add_long ' '$W/r12'"
	if db_tool "$RUN"; then
		db_sql "$RUN" "UPDATE run_env SET value = 'Other CPU' WHERE key = 'cpu.model' AND run_id = (SELECT id FROM run WHERE tag = 'r2')"
		"$AIMCMP" --db "$RUN" r1 r2 >"$W/r12" 2>"$W/e"; rc=$?
		t "another CPU model: refused with exit 1" test "$rc" -eq 1
		t "... one line naming it and --force" sh -c \
			"test \$(wc -l <'$W/e') -eq 1 && grep -q '^aimcmp: r1 vs r2: not comparable: CPU model differs (--force compares anyway)$' '$W/e'"
		t "... nothing on stdout" test ! -s "$W/r12"
		t "--force compares, with the difference in the header" sh -c \
			"'$AIMCMP' --db '$RUN' -f lines --force r1 r2 | grep -q '^# warning: CPU model differs: .* (r1) vs Other CPU (r2); compare runs of one CPU model$'"
	fi
else
	skip "aimrun not built"
fi

echo "1..$n"
