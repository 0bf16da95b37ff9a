#!/bin/sh
# aimkit shell_rtns_2: shell arithmetic counting to $1 (the classic load,
# 9) with built-ins only, then one external command.
i=0
while [ "$i" -lt "${1:-9}" ]; do
	i=$((i + 1))
done
ls -l . >/dev/null 2>&1
