/*
 * Drawing a trend plot with gnuplot: the script goes to a private
 * temporary directory and gnuplot is started with an argument vector,
 * never through a shell, so no tag or path can be read as a command.
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
 * Write the script of M (plot_write_script) into a new directory under
 * $TMPDIR (else /tmp), mode 0700, run GNUPLOT on it with standard input
 * from /dev/null and its messages on our standard error, wait for it and
 * remove the directory.  Returns 0, or -1 after a one-line message: no
 * executable at GNUPLOT ("gnuplot: not found at PATH: install the Debian
 * package gnuplot-nox"), the temporary file could not be written, or
 * gnuplot failed.
 */
int plot_run(const char *gnuplot, const struct plot_model *m,
	     const struct plot_opts *o);

#endif
