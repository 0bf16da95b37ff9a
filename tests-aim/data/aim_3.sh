#!/bin/sh
# aimkit shell_rtns_3: a two-command pipeline, as scripts often run;
# $1 is the classic load (9).
ls -l . 2>/dev/null | wc -l >/dev/null
