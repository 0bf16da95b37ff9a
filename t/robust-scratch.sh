#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A --dir in which another user could swap aimrun's scratch directories
# (writable by group or others without the sticky bit, or owned by
# another user) is refused with exit 2 and one line, before anything runs;
# a sticky one, or one only its owner may write, is used.  With too few
# file descriptors left (ulimit -n 5) a run stops before it makes a
# scratch directory or a database, in one line.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-scratch
. "$S/t/robust-lib.sh"
DB="$W/a.db"
run() {	# run DIR: one scratch test into $DB
	"$AIMRUN" --tag scratch --tests creat-clo --duration 0.01 --runs 1 \
		--db "$DB" --dir "$1" -q
}

echo "1..11"
mkdir "$W/d" && chmod 0777 "$W/d"
refused "a world-writable --dir without the sticky bit" 2 \
	"writable by other users and not sticky" run "$W/d"
t "nothing was made in it" test -z "$(ls -A "$W/d")"
chmod 0775 "$W/d"
refused "a group-writable --dir without the sticky bit" 2 \
	"writable by other users and not sticky" run "$W/d"
chmod 1777 "$W/d"
t "a sticky world-writable --dir is used" run "$W/d"
chmod 0755 "$W/d"
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	chown nobody "$W/d"
	refused "a --dir owned by another user" 2 "owned by another user" \
		run "$W/d"
else
	skip "needs root and the user nobody to give a --dir away"
fi
chown "$(id -u)" "$W/d"
t "one only its owner may write is used" run "$W/d"
# PATH cannot quote a ':': a --dir holding one once made the shell tests
# look for aim_1.sh in the directory before the colon.
mkdir -p "$W/x" "$W/x:y" && chmod 0700 "$W/x:y"
printf '#!/bin/sh\ntouch "%s/owned"\n' "$W" >"$W/x/aim_1.sh"
chmod +x "$W/x/aim_1.sh"
"$AIMRUN" --tag colon --tests shell_rtns_1 --duration 0.01 --runs 1 \
	--db "$DB" --dir "$W/x:y" -q >/dev/null 2>&1
t "a ':' in --dir runs no script from elsewhere" test ! -e "$W/owned"
mkdir "$W/few" && chmod 0700 "$W/few"
DB="$W/few/a.db"
AIM_CHECK=quiet refused "ulimit -n 5: one line before anything runs" 2 \
	"file descriptors left (ulimit -n 5): a run needs 16" \
	sh -c 'ulimit -n 5 && exec "$@"' sh "$AIMRUN" --tag few \
	--tests creat-clo --duration 0.01 --runs 1 --db "$DB" \
	--dir "$W/few" -q --counters none
t "... no scratch directory left, no database made" \
	test -z "$(ls -A "$W/few")"
AIM_CHECK=quiet t "... with enough it runs and leaves its scratch directory gone" \
	sh -c 'ulimit -n 64 && exec "$@"' sh "$AIMRUN" --tag few \
	--tests creat-clo --duration 0.01 --runs 1 --db "$DB" --dir "$W/few" \
	-q --counters none
t "... nothing but the database left" test "$(ls -A "$W/few" | grep -v '^a\.db' | wc -l)" -eq 0
exit $((fails > 0))
