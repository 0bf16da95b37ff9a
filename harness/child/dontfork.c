// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What is left mapped in a child is what the dynamic linker may read
 * there: the object's headers, its symbol and hash tables (the first
 * read-only segment) and its dynamic section (inside the RELRO part), so
 * a lazy symbol lookup in a child that walks past the object still works.
 * What goes is what only the object's own code touches: its code, its
 * data and its bss.  In a program whose symbols were all bound at start
 * (linked -z now, as aimrun-test is), no child looks a symbol up, and
 * the whole object goes.
 */
#include "config.h"

#include "dontfork.h"

#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct find {
	uintptr_t addr, need;
	int whole;	/* every segment: no child looks a symbol up */
	long marked;
};

/* Whether ADDR lies in one of INFO's loaded segments. */
static int
holds(const struct dl_phdr_info *info, uintptr_t addr)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && addr >= lo &&
		    addr - lo < ph->p_memsz)
			return 1;
	}
	return 0;
}

/* The end of INFO's RELRO part, page-rounded up; 0 if it has none. */
static uintptr_t
relro_end(const struct dl_phdr_info *info, uintptr_t page)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_GNU_RELRO)
			return (info->dlpi_addr + ph->p_vaddr + ph->p_memsz +
				page - 1) & ~(page - 1);
	}
	return 0;
}

/*
 * Where the next loaded segment above the one at LO begins, page-rounded
 * down: a segment's last partial page is its own unless the next one
 * starts in it.  UINTPTR_MAX when none does.
 */
static uintptr_t
next_load(const struct dl_phdr_info *info, uintptr_t lo, uintptr_t page)
{
	uintptr_t next = UINTPTR_MAX;

	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t at = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && at > lo && at < next)
			next = at & ~(page - 1);
	}
	return next;
}

/* Mark segment I of INFO from FROM on; the bytes marked or -1. */
static long
mark(const struct dl_phdr_info *info, int i, uintptr_t from, uintptr_t page)
{
	const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
	uintptr_t start = info->dlpi_addr + ph->p_vaddr;
	uintptr_t lo = (from + page - 1) & ~(page - 1);
	uintptr_t hi = (start + ph->p_memsz + page - 1) & ~(page - 1);
	uintptr_t next = next_load(info, start, page);

	if (hi > next)
		hi = next;
	if (hi <= lo)
		return 0;
	if (madvise((void *)lo, hi - lo, MADV_DONTFORK) != 0)
		return -1;
	return (long)(hi - lo);
}

static int
visit(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct find *f = arg;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t keep;

	(void)size;
	if (!holds(info, f->addr))
		return 0;
	/* The program itself has no name; never take our own code away. */
	if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0' ||
	    holds(info, f->need))
		return 1;
	keep = relro_end(info, page);
	for (int i = 0; i < info->dlpi_phnum && f->marked >= 0; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
		long n;

		if (ph->p_type != PT_LOAD ||
		    (!f->whole && !(ph->p_flags & (PF_X | PF_W))))
			continue;
		if (!f->whole && (ph->p_flags & PF_W) && lo < keep)
			lo = keep;
		if (f->whole)	/* every page is the object's: none is shared */
			lo &= ~(page - 1);
		n = mark(info, i, lo, page);
		f->marked = n < 0 ? -1 : f->marked + n;
	}
	return 1;
}

long
dontfork_object(const void *addr, const void *need, int whole)
{
	struct find f = {
		.addr = (uintptr_t)addr, .need = (uintptr_t)need,
		.whole = whole != 0, .marked = 0,
	};

	(void)dl_iterate_phdr(visit, &f);	/* the result is in F */
	return f.marked;
}

/* The first object dl_iterate_phdr visits is the program: its flags. */
static int
program_now(struct dl_phdr_info *info, size_t size, void *arg)
{
	int *now = arg;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const ElfW(Dyn) *d;

		if (ph->p_type != PT_DYNAMIC)
			continue;
		d = (const ElfW(Dyn) *)(info->dlpi_addr + ph->p_vaddr);
		for (; d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_BIND_NOW ||
			    (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_BIND_NOW)) ||
			    (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_NOW)))
				*now = 1;
	}
	return 1;
}

int
dontfork_bound_now(void)
{
	const char *env = getenv("LD_BIND_NOW");
	int now = env != NULL && env[0] != '\0';

	if (!now)
		(void)dl_iterate_phdr(program_now, &now);
	return now;
}
