/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SANITIZED is 1 when built with AddressSanitizer (gcc or clang): its
 * runtime makes system calls of its own and serves allocations from its
 * own regions, which some tests must allow for.
 */
#ifndef AIM_T_SANITIZER_H
#define AIM_T_SANITIZER_H

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#endif
