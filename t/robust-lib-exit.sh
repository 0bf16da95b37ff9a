#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A script of the robust library killed while it holds a process stopped
# and runs a job of its own: at its exit the held process runs again, the
# job is ended and the work directory is gone, not written into afterwards.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-lib-exit
. "$S/t/robust-lib.sh"
# The victim: holds a sleep, and a job that keeps writing into its W.
cat >"$W/victim.sh" <<'VICTIM'
S=$1
NAME=robust-lib-victim
. "$S/t/robust-lib.sh"
sleep 30 &
held=$!
(while :; do : >"$W/still"; sleep 0.05; done) &
hold "$held"
echo "$W $held" >"$2"
wait
VICTIM
sh "$W/victim.sh" "$S" "$W/said" &
victim=$!
i=0
while [ ! -s "$W/said" ] && [ "$i" -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
read -r vw held <"$W/said"
t "the victim held its process" test "$(cut -d' ' -f3 "/proc/$held/stat")" = T
kill -TERM "$victim"
wait "$victim"
t "killed, it exits 143" test $? -eq 143
sleep 0.3
state=$(cut -d' ' -f3 "/proc/$held/stat" 2>/dev/null)
t "the held process runs again or is gone (${state:-gone})" test "$state" != T
t "its work directory is gone and stays gone" test ! -e "$vw"
kill "$held" 2>/dev/null
echo "1..$n"
exit $((fails > 0))
