#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# readme-cmd.sh README N: the Nth command of the README's set-up section
# ("## Set-up on a fresh Debian machine"), the text of its Nth sh block;
# exit 1 unless the section holds exactly two.  .ci/check-fresh runs them
# as written in a fresh chroot, t/readme-setup.sh checks what they install.
set -u
[ $# -eq 2 ] || { echo "usage: readme-cmd.sh README N" >&2; exit 2; }
awk -v want="$2" '
	/^#+ / { in_sec = ($0 == "## Set-up on a fresh Debian machine"); next }
	in_sec && /^```sh$/ { k++; inb = 1; next }
	inb && /^```$/ { inb = 0; next }
	inb && k == want { print }
	END { exit k != 2 }' "$1"
