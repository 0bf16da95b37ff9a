#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# System V IPC objects of shared_memory do not outlive its test process:
# SIGINT or SIGTERM to aimrun, SIGKILL to the test process or --timeout in
# the middle of its timed loop leave no segment and no semaphore.  Runs in
# a private IPC namespace, so other programs' objects cannot disturb the
# count.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-ipc
if [ -z "${AIM_IPC_PRIVATE:-}" ]; then
	if [ "$(id -u)" -ne 0 ] || ! unshare --ipc true 2>/dev/null; then
		echo "1..0 # SKIP needs root and unshare --ipc (a private IPC namespace)"
		exit 0
	fi
	AIM_IPC_PRIVATE=1 exec unshare --ipc sh "$0" "$@"
fi
. "$S/t/robust-lib.sh"
# objects: how many segments and semaphore sets exist (headers excluded).
objects() {
	echo $(($(wc -l </proc/sysvipc/shm) + $(wc -l </proc/sysvipc/sem) - 2))
}
# busy PID: aimrun PID's test is in its timed loop, holding a semaphore.
busy() {
	i=0
	until [ -n "$(cat "/proc/$1/task/$1/children" 2>/dev/null)" ] &&
	      [ "$(wc -l </proc/sysvipc/sem)" -gt 1 ]; do
		i=$((i + 1))
		[ "$i" -lt 1500 ] || return 1
		sleep 0.02
	done
}
# start [OPTION...]: aimrun of shared_memory in the background, as $pid.
start() {
	before=$(objects)
	"$AIMRUN" --tag ipc --tests shared_memory --duration 20 --runs 1 \
		--db "$W/a.db" --dir "$W/scratch" -q "$@" 2>"$W/err" &
	pid=$!
}
# none_new: the count is back to what it was before the last start.
none_new() {
	test "$(objects)" -eq "$before"
}

echo "1..5"
t "a fresh namespace holds no object" test "$(objects)" -eq 0

for sig in INT TERM; do
	start
	busy "$pid"
	kill -s "$sig" "$pid"
	wait "$pid"
	t "SIG$sig to aimrun: no segment or semaphore left" none_new
done

start
busy "$pid"
kill -KILL $(cat "/proc/$pid/task/$pid/children")
wait "$pid"
t "SIGKILL to the test process: no segment or semaphore left" none_new

start --timeout 0.5
wait "$pid"
t "--timeout: no segment or semaphore left" none_new
exit $((fails > 0))
