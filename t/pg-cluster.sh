#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A private PostgreSQL cluster for the tests: pg-cluster.sh start DIR
# makes DIR (which must not exist), initdb's a cluster in it listening on
# a Unix socket in DIR only (no TCP), starts it, creates the database
# aimtest and prints the libpq connection string; pg-cluster.sh stop DIR
# stops it and removes DIR; pg-cluster.sh halt DIR stops it as an
# administrator would (pg_ctl stop -m fast), DIR kept, and pg-cluster.sh
# restart DIR starts it again.  The server refuses to run as root: as root
# it runs as the user nobody.  Exit 0, or 2 with one line on stderr.
set -u
die() { echo "pg-cluster.sh: $*" >&2; exit 2; }
[ $# -eq 2 ] || die "usage: pg-cluster.sh start|stop|halt|restart DIR"
cmd=$1 dir=$2

# The server's programs (initdb, postgres, pg_ctl): PATH first, then Debian's versioned directory.
bindir=
if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
	# Resolved: a link on PATH may point into the versioned directory.
	bindir=$(dirname "$(readlink -f "$(command -v pg_ctl)")")
fi
if [ -z "$bindir" ]; then
	for d in /usr/lib/postgresql/*/bin; do
		[ -x "$d/initdb" ] && [ -x "$d/postgres" ] && bindir=$d
	done
fi
[ -n "$bindir" ] || die "no PostgreSQL server programs (initdb, pg_ctl, postgres): install postgresql"

# as_server CMD...: CMD as the user the server runs as.
if [ "$(id -u)" -eq 0 ]; then
	id nobody >/dev/null 2>&1 || die "running as root, and no user nobody to run the server as"
	as_server() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups -- "$@"; }
else
	as_server() { "$@"; }
fi

case $cmd in
start)
	# The socket's path must fit in sun_path (107 bytes).
	[ ${#dir} -lt 80 ] || die "$dir: too long for a socket directory"
	mkdir -m 0700 "$dir" || die "$dir: cannot create"
	[ "$(id -u)" -ne 0 ] || chown nobody "$dir" || die "$dir: cannot give it to nobody"
	as_server "$bindir/initdb" -D "$dir/data" -U aimtest -A trust -E UTF8 \
		--no-locale --no-sync >"$dir/initdb.log" 2>&1 ||
		die "initdb failed: $(tail -n 1 "$dir/initdb.log")"
	# A throwaway cluster: durability buys nothing here.
	cat >>"$dir/data/postgresql.conf" <<EOC || die "$dir: cannot configure"
listen_addresses = ''
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
EOC
	# The database before the server listens: no client program needed.
	echo "CREATE DATABASE aimtest" | as_server "$bindir/postgres" --single \
		-D "$dir/data" postgres >"$dir/createdb.log" 2>&1 ||
		die "cannot create the database aimtest: $(tail -n 1 "$dir/createdb.log")"
	# Single-user mode says an error on stdout and exits 0.
	! grep -q 'ERROR:' "$dir/createdb.log" ||
		die "cannot create the database aimtest: $(grep -m 1 'ERROR:' "$dir/createdb.log")"
	as_server "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
		-t 30 start >/dev/null 2>&1 ||
		die "the server did not start: $(tail -n 1 "$dir/server.log" 2>/dev/null)"
	echo "host=$dir user=aimtest dbname=aimtest"
	;;
halt)
	[ -d "$dir/data" ] || die "$dir: no cluster"
	as_server "$bindir/pg_ctl" -D "$dir/data" -w -s -m fast stop \
		>/dev/null 2>&1 || die "$dir: the server did not stop"
	;;
restart)
	[ -d "$dir/data" ] || die "$dir: no cluster"
	as_server "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
		-t 30 start >/dev/null 2>&1 ||
		die "the server did not start: $(tail -n 1 "$dir/server.log" 2>/dev/null)"
	;;
stop)
	[ -d "$dir/data" ] || die "$dir: no cluster"
	as_server "$bindir/pg_ctl" -D "$dir/data" -w -s -m immediate stop \
		>/dev/null 2>&1 || die "$dir: the server did not stop"
	rm -rf "$dir"
	;;
*)
	die "usage: pg-cluster.sh start|stop|halt|restart DIR"
	;;
esac
