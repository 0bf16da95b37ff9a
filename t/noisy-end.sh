#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun ends a run with its noisy samples: one "Noisy samples:" line
# (none, unknown, or a count followed by the samples), after the table
# and before the line saying where the run is stored; -q prints neither.
# Which form it takes depends on the machine, so only the form is
# asserted (t/noisy-t holds the contents to made-up samples).
set -u
S=${AIM_SRCDIR:-.}
NAME=noisy-end
. "$S/t/robust-lib.sh"
DB="$W/n.db"
AIM_CHECK=quiet "$AIMRUN" --db "$DB" --dir "$W" --counters none \
	--duration 0.01 --runs 2 --tag t --tests add_long,page_test >"$W/out" 2>&1
t "the run succeeds" test $? -eq 0
t "one line says the noisy samples" test "$(grep -Ec \
	'^Noisy samples: (none of [0-9]+ \(|unknown, |[0-9]+ of [0-9]+ \()' "$W/out")" -eq 1
t "... after the table, before where it is stored" sh -c "
	awk '/^Noisy samples: /{ n = NR } /^Stored as run /{ s = NR }
	     /^ *3 +add_long /{ a = NR }
	     END { exit !(a && n > a && s > n) }' '$W/out'"
t "... a listed sample names a test and its rep" sh -c "
	awk '/^Noisy samples: [0-9]+ of/{ on = 1; next } /^Stored as run /{ on = 0 }
	     on && /^  (add_long|page_test) / && \$2 !~ /^[12]\$/ { bad = 1 }
	     END { exit bad }' '$W/out'"
AIM_CHECK=quiet "$AIMRUN" -q --db "$DB" --dir "$W" --counters none \
	--duration 0.01 --runs 1 --tag q --tests add_long >"$W/q" 2>&1
t "-q: no list" sh -c "! grep -q '^Noisy samples' '$W/q'"
echo "1..$n"
exit $((fails > 0))
