// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Compiled by t/layers.sh with the flags of one layer and PROBE set to
 * a header: it compiles only when the layer may use that header's layer.
 */
#include "config.h"

#include PROBE

int probe_layers(void);

int
probe_layers(void)
{
	return 0;
}
