// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include "sysroot.h"

#include <stdlib.h>

const char *
sysroot(void)
{
	const char *r = getenv("AIM_CHECK_ROOT");

	return r != NULL ? r : "";
}
