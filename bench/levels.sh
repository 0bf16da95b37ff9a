#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# levels.sh [TESTS [CHILDREN [ROUNDS]]]: for each test, bench/levels with
# the address-space layout randomised (each child its own) and, where
# setarch can turn it off, without (every child the parent's layout).
# A level that shows only with randomisation on belongs to the layout; one
# the parent's own rate shows from child to child belongs to the moment.
# Defaults: fun_cal,fun_cal1,fun_cal2,fun_cal15,jmp_test,string_rtns 16 16.
set -u
B=${AIM_BUILDDIR:-$(cd "$(dirname "$0")/.." && pwd)}
T=${1:-fun_cal,fun_cal1,fun_cal2,fun_cal15,jmp_test,string_rtns}
C=${2:-16}
R=${3:-16}
L=$B/bench/levels
if [ ! -x "$L" ]; then
	echo "levels.sh: $L: not built (make first)" >&2
	exit 2
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in $(echo "$T" | tr , ' '); do
	printf 'randomised:     '
	"$L" "$t" "$C" "$R" | tail -n 1 || exit 2
	if setarch -R true 2>/dev/null; then
		printf 'not randomised: '
		setarch -R "$L" "$t" "$C" "$R" | tail -n 1 || exit 2
	fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
