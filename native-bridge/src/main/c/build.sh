#!/usr/bin/env bash
# build.sh --dll OUT.dll  - builds the core, dmlemu-core.dll, exporting dmlemu_core_* and desc_blob_* (JNA loads it).
# build.sh --host DIR     - builds DIR/dmlemu-core.dll and DIR/dmlemu-host.exe, the pipe host that calls the core
#                           only through that DLL's exports, so the host runs the same entry points as Windows;
#                           and DIR/dmlemu-desktop-pin.exe, which keeps Wine's desktop open between hosts.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cc="${DMLEMU_MINGW_CC:-x86_64-w64-mingw32-gcc}"
flags=(-O2 -s -Wall -Wextra -Werror -std=c11)
core_dll() { # core_dll OUT.dll
  mkdir -p "$(dirname "$1")"
  "$cc" "${flags[@]}" -DDMLEMU_BUILD_DLL -shared -o "$1" "$here"/desc_blob.c "$here"/dml_device.c \
    "$here"/dml_operator.c -ld3d12 -ldxgi -lversion -static-libgcc
}
case "${1:-}" in
  --dll)
    core_dll "${2:?usage: build.sh --dll OUT.dll}" ;;
  --host)
    dir="${2:?usage: build.sh --host DIR}"
    mkdir -p "$dir"
    core_dll "$dir/dmlemu-core.dll"
    # Linked against the DLL itself: the exe imports every core function from dmlemu-core.dll.
    "$cc" "${flags[@]}" -o "$dir/dmlemu-host.exe" "$here"/host_main.c "$here"/host_requests.c "$here"/host_io.c \
      "$here"/host_crash.c "$here"/host_selftest.c "$dir/dmlemu-core.dll" -lshell32 -static-libgcc
    "$cc" "${flags[@]}" -o "$dir/dmlemu-desktop-pin.exe" "$here"/desktop_pin.c -luser32 -static-libgcc ;;
  *)
    echo "usage: build.sh --dll OUT.dll | build.sh --host DIR" >&2; exit 2 ;;
esac
