/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The environment of a run as key/value pairs: kernel, CPU, memory,
 * frequency and THP policy, mitigations, scratch file system and build.
 * Stored with every run so that aimcmp can warn when two runs differ in
 * something other than the kernel under test.
 */
#ifndef AIM_ENV_H
#define AIM_ENV_H

#include <stddef.h>

#include "record.h"

struct env {
	struct record_kv *kv;	/* keys and values are owned by the env */
	size_t n;
};

/*
 * Fill ENV (which need not be initialised) from uname(2), gethostname(2),
 * sysconf(3), statfs(2) of SCRATCH_DIR, /proc, /sys and config.h; no
 * program is run.  A fact that cannot be read is stored as "unknown"
 * (cpufreq.governor: "none" when there is no cpufreq), so every key
 * below is always present, and every value is in the form every path
 * carries (record_text_fit: printable, bounded):
 *   uname.sysname uname.release uname.version uname.machine hostname
 *   kernel.cmdline boot_id cpu.model cpu.count_online cpu.microcode
 *   mem.total_bytes cpufreq.governor cpufreq.boost ("on"/"off")
 *   smt.active thp.enabled thp.defrag thp.use_zero_page
 *   kernel.randomize_va_space
 *   mitigations ("name: text; ..." sorted by name) scratch.fstype
 *   scratch.dir cc.version cflags aimkit.version
 * Returns 0, or -1 (EINVAL) when ENV is NULL.  Free with env_free().
 */
int env_capture(struct env *env, const char *scratch_dir);

/*
 * As env_capture, reading /proc and /sys below ROOT ("" for the running
 * system), so that parsing can be tested against a made-up tree.
 */
int env_capture_at(struct env *env, const char *root,
		   const char *scratch_dir);

/* Add a fact of the run itself, such as "counters" (not one of the above). */
void env_add(struct env *env, const char *key, const char *value);

/* Value of KEY, or NULL when absent. */
const char *env_get(const struct env *env, const char *key);

/* Free what env_capture allocated; ENV is left empty. */
void env_free(struct env *env);

#endif
