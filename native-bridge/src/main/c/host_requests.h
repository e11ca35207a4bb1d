/*
 * host_requests.h - one function per request opcode. Each gets the whole
 * payload (already read), answers exactly one response, and returns 0, or
 * -1 when stdout is gone and the host should stop.
 */
#ifndef DMLEMU_HOST_REQUESTS_H
#define DMLEMU_HOST_REQUESTS_H

#include "dml_core.h"
#include "host_io.h"

enum host_opcode { OP_HELLO = 1, OP_CREATE = 2, OP_EXECUTE = 3, OP_RELEASE = 4, OP_QUIT = 5 };

#define HOST_PROTOCOL_VERSION 1u

int host_hello(const dmlemu_device_info *info, host_cursor payload);
int host_create(dmlemu_core *core, host_cursor payload);
int host_execute(dmlemu_core *core, host_cursor payload);
int host_release(dmlemu_core *core, host_cursor payload);

#endif
