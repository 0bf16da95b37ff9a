# SPDX-License-Identifier: GPL-2.0-or-later
# AIM_CHECK_CFLAGS(VARIABLE, FLAGS)
# Append to the shell VARIABLE each of FLAGS the C compiler accepts.  Each
# is tried with -Werror, so a flag the compiler only warns about is dropped.
AC_DEFUN([AIM_CHECK_CFLAGS], [
for aim_flag in $2; do
	aim_save_CFLAGS="$CFLAGS"
	CFLAGS="$CFLAGS -Werror $aim_flag"
	AC_MSG_CHECKING([whether $CC accepts $aim_flag])
	AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $1="$$1 $aim_flag"],
		[AC_MSG_RESULT([no])])
	CFLAGS="$aim_save_CFLAGS"
done
])
