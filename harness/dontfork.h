/*
 * Keep the code and writable data of a shared library from the processes
 * this one forks (MADV_DONTFORK), for a library that only the parent of
 * this process needed.
 */
#ifndef AIM_DONTFORK_H
#define AIM_DONTFORK_H

/*
 * The shared object holding ADDR: its executable segments and its
 * writable data past the read-only-after-relocation part are not mapped
 * into children forked from now on.  Nothing happens when ADDR lies in
 * the program itself or in an object that also holds NEED (this
 * process's own code).  Returns the number of bytes so marked, 0 if none,
 * -1 if madvise failed.
 */
long dontfork_object(const void *addr, const void *need);

#endif
