# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by test scripts after they define t().  need PROGRAM PACKAGE:
# 0 when PROGRAM is on PATH; else one failed assertion naming PACKAGE,
# the Debian package of the README's set-up commands that brings it
# (t/readme-setup.sh checks the README names it), and 1.  A program the
# README installs is never a reason to skip.
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	t "$1 is installed (the README's set-up installs $2)" false
	return 1
}
