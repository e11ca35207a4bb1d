/* host_selftest.h - see host_selftest.c. */
#ifndef DMLEMU_HOST_SELFTEST_H
#define DMLEMU_HOST_SELFTEST_H

#include "dml_core.h"

/* Runs DirectML's GatherElements docs example; prints one line to stdout. Returns 0 when the output is right. */
int host_selftest(dmlemu_core *core, const dmlemu_device_info *info);

#endif
