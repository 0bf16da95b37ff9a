/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The exit statuses of the programs (the design contract): what a
 * module below a program's command line returns for the program to exit
 * with.
 */
#ifndef AIM_CLI_EXIT_H
#define AIM_CLI_EXIT_H

enum cli_exit {
	CLI_OK = 0,
	CLI_USER = 1,	/* bad option, unknown tag or test, bad file */
	CLI_ENV = 2,	/* database unwritable or damaged, disk full */
	CLI_REGRESSED = 3,	/* aimcmp --fail-on-regression found one */
	CLI_INCOMPLETE = 4,	/* ... or no test compared, or one missing,
				 * failed or unusable on a NEW side */
};

#endif
