/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Drawing a trend plot with gnuplot: the script goes to a private
 * temporary directory and gnuplot is started with an argument vector and
 * an environment of our own, never through a shell, so no tag, path or
 * init file can be read as a command.
 */
#ifndef AIM_PLOT_RUN_H
#define AIM_PLOT_RUN_H

#include "plot.h"

/*
 * The gnuplot program: $AIM_GNUPLOT when set and not empty, else the one
 * configure found (GNUPLOT_PATH).  Borrowed.
 */
const char *plot_run_gnuplot(void);

/*
 * Draw M: create the pictures' temporary files beside their final names,
 * write the script naming only those (plot_write_script) into a new
 * directory under $TMPDIR (else /tmp), mode 0700, and run GNUPLOT on it
 * in the pictures' directory, with standard input from /dev/null, its
 * messages on our standard error, and an environment of PATH, LANG,
 * LC_ALL and an empty private HOME only.  When gnuplot exits 0 the
 * pictures are renamed into place (a link at a final name is replaced,
 * not followed); otherwise they are removed and the old files stay as
 * they were.  The temporary directory is removed.  Returns 0, or -1
 * after a one-line message: no executable at GNUPLOT ("gnuplot: not
 * found at PATH: install the Debian package gnuplot-nox"), a file could
 * not be written, or gnuplot failed.
 */
int plot_run(const char *gnuplot, const struct plot_model *m,
	     const struct plot_opts *o);

#endif
