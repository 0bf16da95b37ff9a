#include "config.h"

#include "store_code.h"

#include <stdint.h>

#include <sqlite3.h>

const void *
store_engine_code(void)
{
	return (const void *)(uintptr_t)sqlite3_libversion;
}
