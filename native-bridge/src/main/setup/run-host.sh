#!/usr/bin/env bash
# run-host.sh CACHE [--self-test] - starts dmlemu-host.exe under Wine as setup-directml.sh prepared it in CACHE.
# The host speaks the pipe protocol on this process's stdin/stdout; Wine's messages stay on stderr. TERM, INT
# and HUP sent to this script are passed on to the host; its exit code is the host's. The host ends within a second
# of this script or its parent ending, whatever state it is in.
#
# Why not exec: under Wine, a host started while the previous session's desktop process is still shutting down
# gets no window driver and so no D3D12 adapter, for its whole life. It exits with code 75 before reading any
# input, and this script starts it again (measured: a few starts in a hundred when hosts follow each other within a second).
#
# D3D12 under Wine needs an X display even for compute (without one the DXGI factory fails): see ensure_xvfb.
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

# One Xvfb per cache, shared by every host using it. Wine's desktop process (explorer.exe) belongs to the whole
# Wine session and keeps the display of the host that started it: a display that went away with its host would
# take the desktop down under the other hosts. -terminate ends Xvfb once its last client (Wine) has gone.
xvfb_alive() { # pid display
  [ -n "$1" ] && [ -n "$2" ] && grep -q Xvfb "/proc/$1/cmdline" 2>/dev/null && [ -S "/tmp/.X11-unix/X$2" ]
}
ensure_xvfb() { # sets display
  local pid="" file="$cache/xvfb.display"
  exec 4>"$cache/.xvfb.lock"
  flock 4
  display=""
  [ -f "$file" ] && read -r pid display < "$file" || true
  if ! xvfb_alive "$pid" "$display"; then
    # -displayfd: Xvfb picks a free display itself, so hosts of other caches do not collide.
    setsid "${m[XVFB]}" -displayfd 3 -terminate -nolisten tcp -screen 0 64x64x24 3>"$file.fd" 4>&- 9>&- \
      </dev/null >/dev/null 2>&1 &
    pid=$!
    display=""
    for _ in $(seq 1000); do # up to 10 s
      display="$(head -1 "$file.fd" 2>/dev/null || true)"
      [ -n "$display" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.01
    done
    rm -f "$file.fd"
    [ -n "$display" ] || { echo "run-host: Xvfb did not start" >&2; kill "$pid" 2>/dev/null; exit 126; }
    echo "$pid $display" > "$file"
  fi
  exec 4>&-
}

# One desktop pin per cache (desktop_pin.c), started beside the first host and ending about 15 s after the last:
# wineserver closes Wine's desktop one second after its last user process, and a host started while it closes finds
# no D3D12 adapter (exit code 75 below). With the pin, hosts that follow one another keep one desktop.
pin_exe="$(dirname "${m[HOST_EXE]}")/dmlemu-desktop-pin.exe"
ensure_pin() {
  [ -s "$pin_exe" ] || return 0 # a cache set up before the pin existed
  local pid="" file="$cache/desktop-pin.pid"
  exec 5>"$cache/.pin.lock"
  flock 5
  [ -f "$file" ] && read -r pid < "$file" || true
  if ! { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -qa desktop-pin "/proc/$pid/cmdline" 2>/dev/null; }; then
    setsid "${m[WINE]}" "$pin_exe" "${DMLEMU_PIN_IDLE_SECONDS:-15}" </dev/null >/dev/null 2>&1 3>&- 4>&- 5>&- 9>&- &
    echo "$!" > "$file"
  fi
  exec 5>&-
}
# A desktop that came up without a display (its explorer.exe started as the cache's Xvfb was ending, or before it was
# up) gives every host no window driver, hence no adapter; and hosts retrying every half second keep it open for good,
# since wineserver closes a desktop only after a second without users (measured: 60 starts in a row failed while an
# explorer.exe that had found no display lived on). After several failed starts in a row, this script ends the pin and
# that desktop's explorer.exe, and the next host starts a new one. Not at the first: the pin's end closes the desktop
# under the hosts starting beside this one, and they fail in turn (measured: 173 retries in 12 starts, against none).
restart_desktop() {
  local pid="" file="$cache/desktop-pin.pid"
  exec 5>"$cache/.pin.lock"
  flock 5
  [ -f "$file" ] && read -r pid < "$file" || true
  if [ -n "$pid" ] && grep -qa desktop-pin "/proc/$pid/cmdline" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
  for pid in $(pgrep -f 'explorer.exe /desktop' || true); do
    tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null | grep -qxF "WINEPREFIX=${m[WINEPREFIX]}" \
      && kill "$pid" 2>/dev/null || true
  done
  exec 5>&-
}

export WINEPREFIX="${m[WINEPREFIX]}" WINEARCH=win64 WINELOADER="${m[WINE]}"
export WINEDEBUG="${WINEDEBUG:--all}"
overrides="mscoree,mshtml="
[ "${m[WINED3D_OVERRIDE]}" = 1 ] && overrides="wined3d=n;$overrides" # the patched copy beside the host
export WINEDLLOVERRIDES="$overrides${WINEDLLOVERRIDES:+;$WINEDLLOVERRIDES}"
cd "$(dirname "${m[HOST_EXE]}")"
dll="${m[DIRECTML_DLL]}"

host=""
script_pid=$$
parent_pid=$PPID
forward() { [ -n "$host" ] && kill -"$1" "$host" 2>/dev/null; }
trap 'forward TERM' TERM
trap 'forward INT' INT
trap 'forward HUP' HUP
exec 3<&0 # a background job's stdin would otherwise be /dev/null
# Up to about 30 s of retries: while other dmlemu processes start and end hosts of the same cache, the desktop can
# restart several times in a row.
for attempt in $(seq 60); do
  ensure_xvfb
  export DISPLAY=":$display"
  ensure_pin
  "${m[WINE]}" "${m[HOST_EXE]}" "$@" "Z:${dll//\//\\}" <&3 3<&- &
  host=$!
  # The host must not outlive this script or the process that started it, even if it hangs inside DirectML and
  # never sees its input close: checked once a second.
  ( while kill -0 "$host" 2>/dev/null; do
      kill -0 "$script_pid" 2>/dev/null && kill -0 "$parent_pid" 2>/dev/null || { kill -KILL "$host"; exit 0; }
      sleep 1
    done ) </dev/null >/dev/null 2>&1 3<&- &
  # wait returns early when a trapped signal arrives; wait again until the host is really gone.
  while :; do
    rc=0
    wait "$host" || rc=$?
    kill -0 "$host" 2>/dev/null || break
  done
  [ "$rc" = 75 ] || exit "$rc"
  echo "run-host: no D3D12 adapter yet (Wine's desktop was restarting); starting the host again" >&2
  [ $((attempt % 10)) != 0 ] || restart_desktop
  sleep 0.5
done
exit 75
