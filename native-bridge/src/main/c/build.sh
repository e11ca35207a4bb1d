#!/usr/bin/env bash
# build.sh OUT.exe        - builds dmlemu-host.exe (the pipe host) from the sources beside this script.
# build.sh --dll OUT.dll  - builds the core alone as a DLL exporting dmlemu_core_* and desc_blob_*, for JNA.
# build.sh --pin OUT.exe  - builds dmlemu-desktop-pin.exe, which keeps Wine's desktop open between hosts.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cc="${DMLEMU_MINGW_CC:-x86_64-w64-mingw32-gcc}"
flags=(-O2 -Wall -Wextra -Werror -std=c11)
core=("$here"/desc_blob.c "$here"/dml_device.c "$here"/dml_operator.c)
libs=(-ld3d12 -ldxgi -lversion -static-libgcc)
if [ "${1:-}" = --pin ]; then
  out="${2:?usage: build.sh --pin OUT.exe}"
  "$cc" "${flags[@]}" -o "$out" "$here"/desktop_pin.c -luser32 -static-libgcc
elif [ "${1:-}" = --dll ]; then
  out="${2:?usage: build.sh --dll OUT.dll}"
  "$cc" "${flags[@]}" -DDMLEMU_BUILD_DLL -shared -o "$out" "${core[@]}" "${libs[@]}"
else
  out="${1:?usage: build.sh OUT.exe | build.sh --dll OUT.dll | build.sh --pin OUT.exe}"
  "$cc" "${flags[@]}" -o "$out" "$here"/host_main.c "$here"/host_requests.c "$here"/host_io.c \
    "$here"/host_crash.c "$here"/host_selftest.c "${core[@]}" "${libs[@]}" -lshell32
fi
