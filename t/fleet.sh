#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A fleet of three machines (host names h1 h2 h3, each its own CPU model)
# pushing into one store: every run stored once, however often pushed;
# aimdb list, aimcmp and aimplot --host keep one machine's runs; a
# comparison of two machines is refused in one line naming both unless
# --force.  Into an SQLite file, then into a PostgreSQL server when one
# can be had (skipped with the reason otherwise).
NAME=fleet
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/pg-lib.sh"
AIMPLOT="$B/report/aimplot"
# What another machine would have stored: its name and CPU model.
machine() {	# machine HOST TAG...
	h=$1; shift
	for tag in "$@"; do
		"$AIMRUN" -q --db "$W/$h.db" -t "$tag" -T add_long -d 0.01 \
			-r 1 >/dev/null 2>&1 || echo "Bail out! aimrun failed"
	done
	sqlite3 "$W/$h.db" "UPDATE run SET host = '$h';
		UPDATE run_env SET value = '$h' WHERE key = 'hostname';
		UPDATE run_env SET value = 'CPU of $h' WHERE key = 'cpu.model'" ||
		echo "Bail out! sqlite3 failed"
}
machine h1 v1 v2
machine h2 v1 v2
machine h3 v1 h3only
uuids() {	# the run uuids of store $1, one a line, as exported
	"$AIMDB" --db "$1" export -f json |
		sed -n 's/^ *"uuid": "\([^"]*\)",*$/\1/p'
}
run_of() {	# the id of the run of host $2 and tag $3 in store $1
	"$AIMDB" --db "$1" list --host "$2" |
		awk -v t="$3" '$1 == t { print $2; exit }'
}
fleet() {	# fleet STORE WHERE: the whole story against one store
	F=$1 at=$2
	for h in h1 h2 h3; do
		"$AIMDB" --db "$W/$h.db" push --to "$F" >"$W/push.$h" 2>&1 ||
			echo "# push of $h failed: $(head -n 1 "$W/push.$h")"
	done
	t "$at: three machines pushed their runs" grep -qx \
		"2 copied, 0 already present, 0 refused" "$W/push.h3"
	"$AIMDB" --db "$W/h2.db" push --to "$F" >"$W/again" 2>&1
	t "$at: pushing again stores nothing" grep -qx \
		"0 copied, 2 already present, 0 refused" "$W/again"
	uuids "$F" >"$W/u"
	t "$at: six runs, each once by uuid" test \
		"$(wc -l <"$W/u") $(sort -u "$W/u" | wc -l)" = "6 6"
	"$AIMDB" --db "$F" list --host h2 >"$W/list"
	t "$at: aimdb list --host shows that machine's runs only" test \
		"$(awk 'NR > 1 { print $1 "@" $6 }' "$W/list" | tr '\n' ' ')" = \
		"v1@h2 v2@h2 "
	"$AIMCMP" --db "$F" --host h1 v1 v2 >"$W/cmp" 2>&1; rc=$?
	t "$at: aimcmp --host compares one machine's runs" test "$rc" -eq 0
	t "$at: ... the header naming its host on each side" test \
		"$(grep -c '^# [a-z]*: v[12] (run [0-9]*, .*, host h1)$' "$W/cmp")" -eq 2
	r1=$(run_of "$F" h1 v1) r2=$(run_of "$F" h2 v2)
	DB=
	refused "$at: two machines are not compared" 1 \
		"not comparable: machine (host name h1 (v1) vs h2 (v2))" \
		"$AIMCMP" --db "$F" -r "$r1" -r "$r2" v1 v2
	"$AIMCMP" --db "$F" -f lines --force -r "$r1" -r "$r2" v1 v2 >"$W/cmp" 2>&1
	t "$at: ... unless --force, the header naming both hosts" sh -c \
		'grep -q "^# base: v1 (.*host h1)$" "$1" &&
		 grep -q "^# new: v2 (.*host h2)$" "$1"' sh "$W/cmp"
	refused "$at: a tag without runs of the host" 1 \
		"h3only: no runs of host h1" \
		"$AIMCMP" --db "$F" --host h1 v1 h3only
	AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$F" --host h1 \
		-s "$W/h1.gp" -o "$W/h1.png" >/dev/null 2>&1
	t "$at: aimplot --host draws that machine's tags only" grep -qx \
		"set xtics ('v1' 0, 'v2' 1) rotate by 45 right font \",7\"" \
		"$W/h1.gp"
	t "$at: ... titled with its host" grep -q \
		"^set multiplot .*by tag: host h1, suite" "$W/h1.gp"
	t "$at: ... and its runs' rates only" test \
		"$(grep -c "^[0-9]" "$W/h1.gp")" -eq \
		"$(AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$W/h1.db" \
			-s "$W/own.gp" -o "$W/own.png" >/dev/null 2>&1;
		   grep -c "^[0-9]" "$W/own.gp")"
	"$AIMCMP" --db "$F" --series --host h3 >"$W/series" 2>&1
	t "$at: aimcmp --series --host: that machine's tags" grep -qx \
		"# 2 tags in version order: v1 h3only" "$W/series"
}
fleet "$W/fleet.db" sqlite
# pg_need replaces the trap that removes the work directory.
if pg_need >"$W/pg.skip" && trap 'pg_stop; rm -rf "$W"' EXIT &&
   pg_schema fleet; then
	fleet "$PG_DB" postgresql
else
	skip "$(sed 's/^1\.\.0 # SKIP //' "$W/pg.skip")"
fi
echo "1..$n"
exit $((fails > 0))
