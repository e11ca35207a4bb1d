/*
 * host_main.c - dmlemu-host.exe: the core behind a pipe. Run under Wine on
 * Linux, kept alive for a whole backend session, it answers one request at a
 * time on stdin/stdout and exits at end of input or on QUIT.
 *
 *   dmlemu-host.exe [--self-test] [PATH-OF-DirectML.dll]   (default: beside the .exe)
 *
 * Exit codes: 0 end of input or QUIT; 1 --self-test failed; 2 a framing
 * error (the stream cannot be resynchronised); 3 an unhandled exception
 * (see host_crash.c); 75 no display adapter yet, before reading any input
 * (run-host.sh starts the host again).
 */
#include <windows.h>
#include <shellapi.h>
#include <stdio.h>
#include <stdlib.h>

#include "host_crash.h"
#include "host_requests.h"
#include "host_selftest.h"

/* Answers a request when the device could not be opened. */
static int device_failed(const char *where, int32_t hr)
{
    char text[256];
    snprintf(text, sizeof text, "%s failed: HRESULT 0x%08lx", where, (unsigned long)(uint32_t)hr);
    return host_respond_text(HOST_CALL_FAILED, text) ? 0 : -1;
}

static int dispatch(uint32_t opcode, host_cursor payload, dmlemu_core *core, const dmlemu_device_info *info,
                    const char *where, int32_t open_hr)
{
    if (opcode < OP_HELLO || opcode > OP_QUIT) return host_respond_text(HOST_MALFORMED, "unknown opcode") ? 0 : -1;
    if (opcode == OP_QUIT) return -1;
    if (core == NULL) return device_failed(where, open_hr);
    switch (opcode) {
    case OP_HELLO: return host_hello(info, payload);
    case OP_CREATE: return host_create(core, payload);
    case OP_EXECUTE: return host_execute(core, payload);
    default: return host_release(core, payload);
    }
}

int main(void)
{
    host_crash_install();
    if (!host_io_open()) return 2;

    int argc = 0;
    wchar_t **argv = CommandLineToArgvW(GetCommandLineW(), &argc);
    dmlemu_core *core = NULL;
    static dmlemu_device_info info;
    const char *where = "";
    int arg = 1, self_test = argv != NULL && argc > 1 && wcscmp(argv[1], L"--self-test") == 0;
    if (self_test) arg++;
    int32_t open_hr = dmlemu_core_open(argv != NULL && argc > arg ? argv[arg] : NULL, NULL, &core, &info, &where);
    if (open_hr != 0) host_log("dmlemu-host: %s failed: HRESULT 0x%08lx", where, (unsigned long)(uint32_t)open_hr);
    /* Under Wine, a process started while the previous session's desktop process (explorer.exe) is shutting
     * down gets no window driver, so DXGI finds no adapter (DXGI_ERROR_UNSUPPORTED) for its whole life. A new
     * process a moment later works: say so with an exit code the launcher retries on. */
    if (open_hr == (int32_t)0x887a0004) return 75;
    if (argv) LocalFree(argv);
    if (self_test) {
        int failed = core == NULL ? 1 : host_selftest(core, &info);
        if (core == NULL) printf("SELFTEST FAIL %s failed: HRESULT 0x%08lx\n", where, (unsigned long)(uint32_t)open_hr);
        fflush(stdout);
        dmlemu_core_close(core);
        return failed;
    }

    for (;;) {
        uint8_t header[16];
        if (!host_read(header, sizeof header)) break; /* end of input: the client is gone */
        host_cursor h = {header, sizeof header};
        uint32_t magic, opcode;
        uint64_t len;
        take_u32(&h, &magic);
        take_u32(&h, &opcode);
        take_u64(&h, &len);
        if (magic != HOST_REQUEST_MAGIC) {
            host_respond_text(HOST_MALFORMED, "bad request magic; closing");
            dmlemu_core_close(core);
            return 2;
        }
        if (len > HOST_MAX_PAYLOAD) {
            host_respond_text(HOST_TOO_LARGE, "request payload over 2 GiB; closing");
            dmlemu_core_close(core);
            return 2;
        }
        uint8_t *payload = malloc(len ? (size_t)len : 1);
        if (payload == NULL) {
            if (!host_skip(len) || !host_respond(HOST_OUT_OF_MEMORY, NULL, 0)) break;
            continue;
        }
        if (!host_read(payload, len)) {
            free(payload);
            break;
        }
        host_cursor body = {payload, len};
        int rc = dispatch(opcode, body, core, &info, where, open_hr);
        free(payload);
        if (rc != 0) {
            if (opcode == OP_QUIT) host_respond(HOST_OK, NULL, 0);
            break;
        }
    }
    dmlemu_core_close(core);
    return 0;
}
