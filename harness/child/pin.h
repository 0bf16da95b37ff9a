/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimrun --cpu N: the test process and everything it starts run on CPU
 * N only, and so does the canary (harness/canary.c).
 */
#ifndef AIM_PIN_H
#define AIM_PIN_H

#include <sched.h>
#include <stddef.h>

/*
 * Whether CPU is one this process may run on.  0, or -1 with a one-line
 * reason in ERR ("not among the CPUs this process may use (0-3)").
 */
int pin_check(long cpu, char *err, size_t errlen);

/* Run the calling thread on CPU only.  0, or -1 with errno. */
int pin_self(int cpu);

/* Save the calling thread's CPUs into *SAVED and pin it to CPU; 0 or -1. */
struct pin_saved {
	cpu_set_t set;
};
int pin_enter(int cpu, struct pin_saved *saved);
/* Give the calling thread back the CPUs of SAVED. */
void pin_restore(const struct pin_saved *saved);

#endif
