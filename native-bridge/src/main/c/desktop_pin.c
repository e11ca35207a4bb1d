/*
 * desktop_pin.c - dmlemu-desktop-pin.exe: keeps Wine's desktop open while dmlemu hosts come and go.
 *
 *   dmlemu-desktop-pin.exe [IDLE-SECONDS]   (default 15)
 *
 * wineserver closes a desktop one second after its last user process ends, and its owner (explorer.exe) quits;
 * a host started in that window gets no window driver, hence no D3D12 adapter (exit code 75 and a retry in
 * run-host.sh). With several dmlemu processes starting and ending hosts of one cache, that happened again and
 * again. This program is a user of the desktop (it owns a hidden window) for as long as a dmlemu-host.exe runs,
 * and for IDLE-SECONDS after the last one ended; then it exits and the session winds down as before.
 *
 * One pin per Wine session: a second one finds the named mutex taken and exits at once.
 * Exit codes: 0 idle long enough, or another pin runs; 1 it could not make its window.
 */
#include <windows.h>
#include <tlhelp32.h>
#include <stdlib.h>
#include <wchar.h>

#define HOST_IMAGE L"dmlemu-host.exe"
#define POLL_MS 250

/* The desktop's owner asks windows to close when the session ends; the pin stays until it is idle. */
static LRESULT CALLBACK pin_window(HWND window, UINT message, WPARAM w, LPARAM l)
{
    if (message == WM_CLOSE) return 0;
    return DefWindowProcW(window, message, w, l);
}

/* Whether a dmlemu-host.exe runs in this Wine session. */
static int host_running(void)
{
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
    if (snapshot == INVALID_HANDLE_VALUE) return 1; /* unknown: stay */
    PROCESSENTRY32W entry;
    entry.dwSize = sizeof entry;
    int found = 0;
    for (BOOL more = Process32FirstW(snapshot, &entry); more && !found; more = Process32NextW(snapshot, &entry)) {
        found = _wcsicmp(entry.szExeFile, HOST_IMAGE) == 0;
    }
    CloseHandle(snapshot);
    return found;
}

int main(int argc, char **argv)
{
    DWORD idle_ms = 15000;
    if (argc > 1) {
        long seconds = strtol(argv[1], NULL, 10);
        if (seconds > 0 && seconds <= 3600) idle_ms = (DWORD)seconds * 1000;
    }
    HANDLE only = CreateMutexW(NULL, TRUE, L"Local\\dmlemu-desktop-pin");
    if (only == NULL || GetLastError() == ERROR_ALREADY_EXISTS) return 0;

    WNDCLASSW type = {0};
    type.lpfnWndProc = pin_window;
    type.hInstance = GetModuleHandleW(NULL);
    type.lpszClassName = L"dmlemu-desktop-pin";
    if (!RegisterClassW(&type)) return 1;
    HWND window = CreateWindowExW(0, type.lpszClassName, L"", WS_POPUP, 0, 0, 1, 1, NULL, NULL, type.hInstance, NULL);
    if (window == NULL) return 1;

    DWORD idle_since = GetTickCount();
    for (;;) {
        MSG message;
        while (PeekMessageW(&message, NULL, 0, 0, PM_REMOVE)) DispatchMessageW(&message);
        if (host_running()) {
            idle_since = GetTickCount();
        } else if (GetTickCount() - idle_since >= idle_ms) {
            break;
        }
        MsgWaitForMultipleObjects(0, NULL, FALSE, POLL_MS, QS_ALLINPUT);
    }
    DestroyWindow(window);
    ReleaseMutex(only);
    CloseHandle(only);
    return 0;
}
