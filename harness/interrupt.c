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

int
interrupt_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	if (sigemptyset(&sa.sa_mask) != 0)
		return -1;
	if (sigaction(SIGINT, &sa, NULL) != 0 ||
	    sigaction(SIGTERM, &sa, NULL) != 0 ||
	    sigaction(SIGHUP, &sa, NULL) != 0)
		return -1;
	sa.sa_handler = SIG_IGN;
	if (sigaction(SIGPIPE, &sa, NULL) != 0 ||
	    sigaction(SIGXFSZ, &sa, NULL) != 0)
		return -1;
	return 0;
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
