/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Keep the code and writable data of a shared library from the processes
 * this one forks (MADV_DONTFORK), for a library that only the parent of
 * this process needed.
 */
#ifndef AIM_DONTFORK_H
#define AIM_DONTFORK_H

/*
 * The shared object holding ADDR: its executable segments and its
 * writable data past the read-only-after-relocation part (every segment
 * when WHOLE: for a process whose children never look a symbol up, see
 * dontfork_bound_now) are not mapped into children forked from now on.
 * Nothing happens when ADDR lies in the program itself or in an object
 * that also holds NEED (this process's own code).  Returns the number of
 * bytes so marked, 0 if none, -1 if madvise failed.
 */
long dontfork_object(const void *addr, const void *need, int whole);

/*
 * Whether the program's symbols were all bound when it started (linked
 * -z now, or LD_BIND_NOW set), so that no process it forks calls the
 * dynamic linker to find one.  The C library binds its own calls at
 * start either way.
 */
int dontfork_bound_now(void);

#endif
