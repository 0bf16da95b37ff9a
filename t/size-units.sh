#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Sizes in G: --memsize, --filesize and a suite's memsize take 1G (and
# lower case) as 1 GiB, and refuse 65G, above the 64G they promise, in
# one line with exit 1.
set -u
S=${AIM_SRCDIR:-.}
NAME=size-units
. "$S/t/robust-lib.sh"
DB="$W/a.db"
run() { "$AIMRUN" --duration 0.01 --runs 1 --counters none --db "$DB" \
	--dir "$W/scratch" -q "$@"; }

t "--memsize 1G --filesize 1g are accepted" run --tests add_long --tag g --memsize 1G --filesize 1g
t "1G is 1 GiB of memory and 1048576 KiB of file" sh -c \
	"sqlite3 '$DB' \"SELECT options FROM run WHERE tag = 'g'\" |
	grep -q 'filesize_k=1048576 memsize=1073741824'"
printf 'add_long\nmemsize 2G\n' >"$W/g.suite"
t "a suite's memsize 2G is accepted" run --tag s --suite "$W/g.suite"
t "and is 2 GiB" sh -c \
	"sqlite3 '$DB' \"SELECT options FROM run WHERE tag = 's'\" |
	grep -q 'memsize=2147483648'"
refused "--memsize 65G is refused" 1 "--memsize: '65G' is not a size from 4K to 64G" \
	run --tests add_long --tag x --memsize 65G
refused "--filesize 65G is refused" 1 "--filesize: '65G' is not a size from 2K to 64G" \
	run --tests add_long --tag x --filesize 65G
refused "--memsize 1GB is refused" 1 "--memsize: '1GB' is not a size" \
	run --tests add_long --tag x --memsize 1GB
printf 'add_long\nmemsize 65G\n' >"$W/big.suite"
refused "a suite's memsize 65G is refused" 1 "big.suite:2: bad memory size '65G'" \
	run --tag x --suite "$W/big.suite"
echo "1..$n"
exit $((fails > 0))
