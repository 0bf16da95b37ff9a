#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One comparability gate everywhere (lib/core/gate.h): a series over a store of
# several machines is judged and drawn per machine, never across them
# (aimcmp --series, aimplot --steps and its panels); a step between two
# tags of one machine that another CPU model separates is not judged
# unless --force, which says so; aimcmp --force says so too; aimrun
# --until-decided and --precision refuse another machine's runs before
# measuring, unless --force.
NAME=gate
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
AIM_CHECK=quiet AIM_COUNTERS=none
export AIM_CHECK AIM_COUNTERS
need sqlite3 sqlite3 || { echo "1..$n"; exit 1; }
# machine HOST SPEED TAG...: what HOST stored, its rates times SPEED.
machine() {
	h=$1 speed=$2; shift 2
	for tag in "$@"; do
		"$AIMRUN" -q --db "$W/$h.db" -t "$tag" -T add_long -d 0.1 \
			-r 4 >/dev/null 2>&1 || echo "Bail out! aimrun failed"
	done
	sqlite3 "$W/$h.db" "UPDATE run SET host = '$h';
		UPDATE run_env SET value = '$h' WHERE key = 'hostname';
		UPDATE run_env SET value = 'CPU of $h' WHERE key = 'cpu.model';
		UPDATE sample SET elapsed_ns = CAST(elapsed_ns / $speed AS INTEGER)" ||
		echo "Bail out! sqlite3 failed"
	"$AIMDB" --db "$W/$h.db" push --to "$W/s.db" >/dev/null 2>&1 ||
		echo "Bail out! push of $h failed"
}
# A fleet's store: v1 measured on h1, v2 on h2, a machine half as fast.
machine h1 1 v1
machine h2 0.5 v2
"$AIMCMP" --db "$W/s.db" --series >"$W/steps" 2>"$W/steps.err"; rc=$?
t "--series over two machines: exit 0" test "$rc" -eq 0
t "... says each machine is its own series" grep -qx \
	'# 2 machines, each its own series (--host picks one): h1 h2' "$W/steps"
t "... and no step crosses them" grep -qx '# no significant step' "$W/steps"
"$AIMCMP" --db "$W/s.db" --series -f csv >"$W/steps.csv"
t "... CSV: no step at all, each tag alone on its machine" test \
	"$(wc -l <"$W/steps.csv")" -eq 1
"$AIMPLOT" --db "$W/s.db" --steps >"$W/plot-steps" 2>&1
t "aimplot --steps: the same listing" cmp "$W/steps" "$W/plot-steps"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$W/s.db" -s "$W/s.gp" \
	-o "$W/s.png" >/dev/null 2>&1
t "aimplot: a panel per test and machine" sh -c \
	"grep -q \"^set title \\\"3 \\\" . 'add_long' . \\\" on \\\" . 'h1'\" '$W/s.gp' &&
	 grep -q \"^set title \\\"3 \\\" . 'add_long' . \\\" on \\\" . 'h2'\" '$W/s.gp'"
"$AIMCMP" --db "$W/s.db" --series --host h1 >"$W/h1" 2>&1
t "--host still picks one machine, unsplit" sh -c \
	"! grep -q 'machines' '$W/h1' && grep -qx '# 1 tags in version order: v1' '$W/h1'"

# One machine whose CPU model changed between two tags.
machine h3 1 c1
machine h3 1 c2
sqlite3 "$W/s.db" "UPDATE run_env SET value = 'another CPU'
	WHERE key = 'cpu.model' AND run_id = (SELECT id FROM run
	WHERE tag = 'c2')" || echo "Bail out! sqlite3 failed"
sqlite3 "$W/s.db" "UPDATE sample SET elapsed_ns = elapsed_ns * 10 WHERE result_id IN
	(SELECT r.id FROM result r JOIN run u ON r.run_id = u.id
	 WHERE u.tag = 'c2')" || echo "Bail out! sqlite3 failed"
"$AIMCMP" --db "$W/s.db" --series --host h3 >"$W/cpu" 2>&1; rc=$?
t "another CPU model within a machine: the step is not judged" sh -c \
	"test $rc -eq 0 && ! grep -q '^3 add_long' '$W/cpu' &&
	 grep -qx '# 1 step not judged: the tags are not comparable (--force judges them)' '$W/cpu'"
t "... the header says which tags and why" grep -qx \
	'# warning: c1 vs c2: not comparable: CPU model differs (--force compares anyway)' \
	"$W/cpu"
"$AIMCMP" --db "$W/s.db" --series --host h3 --force >"$W/forced" 2>&1
t "--series --force: judged, and said" sh -c \
	"grep -q '^3 add_long c1 c2 peak -[0-9.]*% regressed ' '$W/forced' &&
	 grep -qx '# warning: c1 vs c2: compared with --force although not comparable: CPU model differs' '$W/forced'"
"$AIMPLOT" --db "$W/s.db" --steps --host h3 --force >"$W/pforced" 2>&1
t "aimplot --steps --force: the same" cmp "$W/forced" "$W/pforced"
"$AIMCMP" --db "$W/s.db" -f lines --force c1 c2 >"$W/pair" 2>&1; rc=$?
t "aimcmp --force: compared, with a warning line" sh -c \
	"test $rc -eq 0 && grep -qx '# warning: c1 vs c2: compared with --force although not comparable: CPU model differs' '$W/pair'"
refused "aimcmp: refused without --force" 1 \
	"c1 vs c2: not comparable: CPU model differs" \
	"$AIMCMP" --db "$W/s.db" c1 c2

# aimrun against another machine's base, and pooling into its tag.
DB=$W/s.db
refused "--until-decided against another machine: refused before measuring" 1 \
	"--against: v1 vs this run: not comparable: machine (host name h1 (v1) vs" \
	"$AIMRUN" -q --db "$W/s.db" -t mine -T add_long -d 0.01 -r 2 \
	--against v1 --until-decided --budget 2s
refused "--precision into another machine's tag: refused" 1 \
	"--precision: v1 vs this run: not comparable: machine" \
	"$AIMRUN" -q --db "$W/s.db" -t v1 -T add_long -d 0.01 -r 2 \
	--precision 50 --budget 2s
"$AIMRUN" -q --db "$W/s.db" -t mine -T add_long -d 0.01 -r 2 \
	--against v1 --until-decided --budget 2s --force >/dev/null \
	2>"$W/force.err"; rc=$?
t "--until-decided --force: runs, with a warning line" sh -c \
	"test $rc -eq 0 && grep -q '^aimrun: --against: warning: v1 vs this run: compared with --force although not comparable: machine' '$W/force.err'"
t "--force alone is refused" sh -c \
	"! '$AIMRUN' -q --db '$W/x.db' -T add_long --force 2>/dev/null"
echo "1..$n"
exit $((fails > 0))
