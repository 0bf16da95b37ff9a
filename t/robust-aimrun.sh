#!/bin/sh
# aimrun's command line: suite files that are no regular file are refused
# at once, a suite repeating a setting is refused, and so is --suite with
# --tests.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-aimrun
. "$S/t/robust-lib.sh"
# Stop a run that blocks instead of waiting for ever.
bounded() { timeout 10 "$@"; }
DB="$W/a.db"
run() { "$AIMRUN" --duration 0.01 --runs 1 --db "$DB" --dir "$W/scratch" -q "$@"; }

run --tag base --tests add_long || echo "Bail out! no database to work on"

# Suite files that are no regular file: refused at once, never read.
mkfifo "$W/fifo.suite"
refused "suite file that is a FIFO, without blocking" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite "$W/fifo.suite"
refused "suite file that is a device" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite /dev/zero
ln -s /dev/zero "$W/zero.suite"
refused "suite file that links to a device" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite "$W/zero.suite"
head -c 1048577 /dev/zero | tr '\0' '#' >"$W/big.suite"
refused "suite file over 1 MiB" 1 "larger than 1 MiB" run --suite "$W/big.suite"
printf 'add_long\nruns 2\nduration 1\nruns 3\n' >"$W/twice.suite"
refused "suite file repeating a setting, named file:line" 1 \
	"twice.suite:4: 'runs' given twice (first on line 2)" run --suite "$W/twice.suite"
refused "--suite with --tests" 1 "--suite and --tests" \
	run --suite quick --tests add_long
refused "--tests with --suite" 1 "--suite and --tests" \
	run --tests add_long -s quick

echo "1..$n"
exit $((fails > 0))
