/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIGINT, SIGTERM and every other signal that would end aimrun: remember
 * the signal so the run can stop between records, kill the test, remove
 * its scratch directory, keep what is stored and mark the run incomplete.
 */
#ifndef AIM_INTERRUPT_H
#define AIM_INTERRUPT_H

/*
 * Install the handlers (SA_RESTART off, so waits wake up), and ignore
 * SIGPIPE and SIGXFSZ: a closed output pipe or a file size limit must
 * become an error aimrun reports and survives, never a death that leaves
 * the test and its scratch directory behind.  0 or -1.
 */
int interrupt_install(void);

/*
 * Default action again for every signal interrupt_install() catches (in
 * a test process, which must die of them).  0 or -1.
 */
int interrupt_reset(void);

/* The signal received, or 0. */
int interrupt_signal(void);

/* Non-zero once a signal arrived (for runner_cfg.interrupted). */
int interrupt_pending(void);

#endif
