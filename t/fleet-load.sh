#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/fleet-load.sh small: 6 writers at once with aimcmp readers, on an
# SQLite file and on a private PostgreSQL server, then again across a
# server restart; each of its checks one assertion (results stored once
# by row and by uuid, none half-written, no writer or reader failing but
# by the restart).  Skips without a server.
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-${srcdir:-.}}
out=$(AIM_BUILDDIR=$B AIM_SRCDIR=$S REPEAT=1 READERS=1 \
	sh "$S/bench/fleet-load.sh" 6 0 2>&1)
rc=$?
if [ "$rc" -eq 2 ]; then
	echo "1..0 # SKIP no PostgreSQL server: $(echo "$out" | head -n 1)"
	exit 0
fi
echo "$out" | awk -v rc="$rc" '
	/^[a-z]+: [0-9]+ writers/ { phase = $1 }
	/^  ok: / { sub(/^  ok: /, ""); printf "ok %d - %s %s\n", ++n, phase, $0 }
	/^  FAILED: / { sub(/^  FAILED: /, ""); printf "not ok %d - %s %s\n", ++n, phase, $0 }
	END { printf "%s %d - the bench exits 0 (%d)\n", rc == 0 ? "ok" : "not ok", ++n, rc
	      printf "1..%d\n", n }'
[ "$rc" -eq 0 ]
