/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a kernel image says about itself (plan_image.c).
 */
#ifndef AIM_PLAN_IMAGE_H
#define AIM_PLAN_IMAGE_H

#include <stddef.h>

/*
 * The release (uname -r) of the x86 bzImage PATH, from its setup
 * header, malloc'd; NULL with a one-line reason in ERR.
 */
char *plan_image_release(const char *path, char *err, size_t errlen);

#endif
