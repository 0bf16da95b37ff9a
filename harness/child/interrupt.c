// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one piece of mutable process state the harness keeps: the signal
 * that asked it to stop.  A handler can do nothing else safely.
 */
#include "config.h"

#include "interrupt.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught;

static void
on_signal(int sig)
{
	caught = sig;
}

/*
 * Every signal whose default action ends the process, but for the faults
 * of aimrun's own code (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS,
 * SIGTRAP), which must still end it as they would.  Real-time signals
 * are added by the callers.
 */
static const int stop_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

/* Set every stop signal to HANDLER.  0 or -1. */
static int
set_stop_signals(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigemptyset(&sa.sa_mask) != 0)
		return -1;
	for (size_t i = 0; i < sizeof(stop_signals) / sizeof(stop_signals[0]);
	     i++)
		if (sigaction(stop_signals[i], &sa, NULL) != 0)
			return -1;
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		if (sigaction(sig, &sa, NULL) != 0)
			return -1;
	return 0;
}

int
interrupt_install(void)
{
	struct sigaction sa;

	if (set_stop_signals(on_signal) != 0)
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	if (sigemptyset(&sa.sa_mask) != 0)
		return -1;
	if (sigaction(SIGPIPE, &sa, NULL) != 0 ||
	    sigaction(SIGXFSZ, &sa, NULL) != 0)
		return -1;
	return 0;
}

int
interrupt_reset(void)
{
	return set_stop_signals(SIG_DFL);
}

int
interrupt_signal(void)
{
	return caught;
}

int
interrupt_pending(void)
{
	return caught != 0;
}
