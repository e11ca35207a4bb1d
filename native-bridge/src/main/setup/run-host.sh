#!/usr/bin/env bash
# run-host.sh CACHE [--self-test] - starts dmlemu-host.exe under Wine as setup-directml.sh prepared it in CACHE.
# The host speaks the pipe protocol on this process's stdin/stdout; Wine's messages stay on stderr. The script
# ends by exec'ing Wine, so this process id is the host's and signals sent to it reach it.
#
# D3D12 under Wine needs an X display even for compute (without one the DXGI factory fails), so a private Xvfb is
# started first. It cannot outlive the host: it quits when its last client disconnects (-terminate), and a small
# watcher kills it once this process id is gone, in case Wine never connected.
set -euo pipefail

cache="${1:?usage: run-host.sh CACHE [--self-test]}"
shift
manifest="$cache/manifest"
[ -s "$manifest" ] || { echo "run-host: no manifest in $cache; run 'dmlemu setup-directml' first" >&2; exit 127; }
declare -A m=()
while IFS='=' read -r key value; do
  [[ "$key" =~ ^[A-Z0-9_]+$ ]] && m[$key]="$value"
done < "$manifest"
for key in WINE WINEPREFIX HOST_EXE DIRECTML_DLL XVFB WINED3D_OVERRIDE; do
  [ -n "${m[$key]:-}" ] || { echo "run-host: $manifest has no $key; run 'dmlemu setup-directml' again" >&2; exit 127; }
done

# -displayfd: Xvfb picks a free display itself, so hosts started at the same moment do not collide.
display_file="$(mktemp "${TMPDIR:-/tmp}/dmlemu-display.XXXXXX")"
"${m[XVFB]}" -displayfd 3 -terminate -nolisten tcp -screen 0 64x64x24 3>"$display_file" </dev/null >/dev/null 2>&1 &
xvfb_pid=$!
host_pid=$$
( while kill -0 "$host_pid" 2>/dev/null; do sleep 1; done; kill "$xvfb_pid" 2>/dev/null ) </dev/null >/dev/null 2>&1 &
display=""
for _ in $(seq 1000); do # up to 10 s
  display="$(head -1 "$display_file" 2>/dev/null || true)"
  [ -n "$display" ] && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.01
done
rm -f "$display_file"
[ -n "$display" ] || { echo "run-host: Xvfb did not start" >&2; kill "$xvfb_pid" 2>/dev/null; exit 126; }

export DISPLAY=":$display"
export WINEPREFIX="${m[WINEPREFIX]}" WINEARCH=win64 WINELOADER="${m[WINE]}"
export WINEDEBUG="${WINEDEBUG:--all}"
overrides="mscoree,mshtml="
[ "${m[WINED3D_OVERRIDE]}" = 1 ] && overrides="wined3d=n;$overrides" # the patched copy beside the host
export WINEDLLOVERRIDES="$overrides${WINEDLLOVERRIDES:+;$WINEDLLOVERRIDES}"
cd "$(dirname "${m[HOST_EXE]}")"
dll="${m[DIRECTML_DLL]}"
exec "${m[WINE]}" "${m[HOST_EXE]}" "$@" "Z:${dll//\//\\}"
