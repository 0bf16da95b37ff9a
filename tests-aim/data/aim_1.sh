#!/bin/sh
# aimkit shell_rtns_1: one external command, a long listing of the
# working directory, output discarded.  $1 is the classic load (9).
ls -l . >/dev/null 2>&1
