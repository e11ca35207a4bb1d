/* host_crash.h - see host_crash.c. */
#ifndef DMLEMU_HOST_CRASH_H
#define DMLEMU_HOST_CRASH_H

void host_crash_install(void);

#endif
