/*
 * host_crash.c - turns an unhandled exception (an access violation inside
 * DirectML.dll, say) into one CRASH line on stderr and exit code 3, instead
 * of Wine's debugger or a hang. DirectML's fail-fast (0xc0000409) never
 * reaches this filter: the process just ends.
 */
#include "host_crash.h"

#include <windows.h>
#include <stdio.h>
#include <string.h>

static LONG WINAPI on_crash(EXCEPTION_POINTERS *info)
{
    const EXCEPTION_RECORD *rec = info->ExceptionRecord;
    char module[MAX_PATH] = "?";
    uintptr_t base = 0;
    HMODULE mod = NULL;
    if (GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           (LPCSTR)rec->ExceptionAddress, &mod) &&
        GetModuleFileNameA(mod, module, sizeof module) > 0) {
        base = (uintptr_t)mod;
    }
    const char *name = strrchr(module, '\\');
    name = name ? name + 1 : module;
    char line[512];
    int n = snprintf(line, sizeof line, "CRASH code=0x%08lx address=0x%llx module=%s+0x%llx\n",
                     (unsigned long)rec->ExceptionCode, (unsigned long long)(uintptr_t)rec->ExceptionAddress, name,
                     (unsigned long long)((uintptr_t)rec->ExceptionAddress - base));
    DWORD put = 0;
    if (n > 0) WriteFile(GetStdHandle(STD_ERROR_HANDLE), line, (DWORD)(n < (int)sizeof line ? n : (int)sizeof line - 1), &put, NULL);
    TerminateProcess(GetCurrentProcess(), 3);
    return EXCEPTION_EXECUTE_HANDLER;
}

void host_crash_install(void)
{
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    SetUnhandledExceptionFilter(on_crash);
}
