/*
 * SIGINT and SIGTERM to aimrun: remember the signal so the run can stop
 * between records, kill the test, keep what is stored and mark the run
 * incomplete.
 */
#ifndef AIM_INTERRUPT_H
#define AIM_INTERRUPT_H

/* Install the handlers (SA_RESTART off, so waits wake up). 0 or -1. */
int interrupt_install(void);

/* The signal received, or 0. */
int interrupt_signal(void);

/* Non-zero once a signal arrived (for runner_cfg.interrupted). */
int interrupt_pending(void);

#endif
