#!/usr/bin/env bash
# build.sh OUT.exe - builds dmlemu-host.exe from the sources beside this script.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?usage: build.sh OUT.exe}"
cc="${DMLEMU_MINGW_CC:-x86_64-w64-mingw32-gcc}"
"$cc" -O2 -Wall -Wextra -Werror -std=c11 -o "$out" \
  "$here"/host_main.c "$here"/host_requests.c "$here"/host_io.c "$here"/host_crash.c "$here"/host_selftest.c \
  "$here"/desc_blob.c "$here"/dml_device.c "$here"/dml_operator.c \
  -ld3d12 -ldxgi -lversion -lshell32 -static-libgcc
