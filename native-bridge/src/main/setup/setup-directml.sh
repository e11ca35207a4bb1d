#!/usr/bin/env bash
# setup-directml.sh - makes the real DirectML.dll usable by dmlemu on Debian/Ubuntu x86_64: Wine (64-bit),
# mingw-w64, Mesa's Vulkan drivers (lavapipe), Xvfb and npm, found or installed with apt; DirectML.dll from the npm
# package onnxruntime-node, checked by SHA-256; dmlemu-host.exe and the core it calls, dmlemu-core.dll, built from
# the project's C sources; a private
# Wine prefix; and, only for a Wine whose vkd3d needs it, a patched private copy of wined3d.dll.
# Everything goes into the cache folder, never into the checkout. A second run only checks (seconds).
#
#   setup-directml.sh [--cache DIR] [--sources DIR] [--dml-version V] [--check]
#
# --check reports what is present and missing and changes nothing (exit 0 = ready).
# On success the cache holds a manifest (KEY=value lines) that dmlemu and run-host.sh read;
# docs/architecture.md describes it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/dmlemu"
sources=""
dml_version="1.15.4"
check_only=0

die() { printf 'setup-directml: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'setup-directml: %s\n' "$*"; }

while (($#)); do
  case "$1" in
    --cache) cache="${2:?--cache needs a folder}"; shift 2 ;;
    --sources) sources="${2:?--sources needs a folder}"; shift 2 ;;
    --dml-version) dml_version="${2:?--dml-version needs a version}"; shift 2 ;;
    --check) check_only=1; shift ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

# In a checkout the sources are in ../c; in the jar they sit beside this script.
if [ -z "$sources" ]; then
  if [ -f "$here/../c/host_main.c" ]; then sources="$here/../c"; else sources="$here"; fi
fi
[ -f "$sources/host_main.c" ] || die "no host sources (host_main.c) in $sources"
sources="$(cd "$sources" && pwd)"
mkdir -p "$cache"
cache="$(cd "$cache" && pwd)"

# ---- the DirectML versions onnxruntime-node ships, and their measured SHA-256 -----------------------------------
# DirectML version -> onnxruntime-node version -> SHA-256 of package/bin/napi-v*/win32/x64/DirectML.dll
known_versions="1.13.1 1.14.1 1.15.1 1.15.2 1.15.4"
case "$dml_version" in
  1.13.1) npm_version=1.17.3; dml_sha256=5ab77cc5db8e1544d386fd28586598317da8dcbef098fb86d8d8a60e739e0e5d ;;
  1.14.1) npm_version=1.18.0; dml_sha256=8addcf4953bf3682541efa2a6526e240e8e231df91a8285306b2b9725f422961 ;;
  1.15.1) npm_version=1.19.2; dml_sha256=f3b672b9fe6d8228ae978e74217a9bb1d6605643550be166eab15f1c09eddb86 ;;
  1.15.2) npm_version=1.20.1; dml_sha256=18c82a9c06141f7e96241adad1a35bebf4780a72d8eeeb107ec12f748391b3f5 ;;
  1.15.4) npm_version=1.30.0; dml_sha256=234e8898778cdec88d3cb0539508273494082812c968699f3de665a018971625 ;;
  *) die "DirectML $dml_version is not one this setup knows; known: $known_versions" ;;
esac

dll="$cache/directml/$dml_version/DirectML.dll"
host_dir="$cache/host"
host_exe="$host_dir/dmlemu-host.exe"
prefix="$cache/wineprefix"
manifest="$cache/manifest"

# Two setups at once (two dmlemu processes) wait for each other instead of racing on the cache.
if [ "$check_only" = 0 ]; then
  exec 9>"$cache/.setup.lock"
  flock 9
fi

. "$here/setup-wine.sh"

missing=0
report() { # report OK|MISSING what
  if [ "$1" = OK ]; then say "present: $2"; else say "missing: $2"; missing=1; fi
}

# ---- 1. the tools: found wherever they are, else installed from Debian's packages -----------------------------------
[ "$(uname -m)" = x86_64 ] || die "needs an x86_64 machine (this is $(uname -m))"
has() { command -v "$1" >/dev/null 2>&1; }
need=()
has wine64 || [ -x /usr/lib/wine/wine64 ] || [ -x /opt/wine-stable/bin/wine64 ] || need+=(wine64)
has x86_64-w64-mingw32-gcc || need+=(mingw-w64)
compgen -G '/usr/share/vulkan/icd.d/lvp_icd*.json' >/dev/null || need+=(mesa-vulkan-drivers) # lavapipe
compgen -G '/usr/lib/x86_64-linux-gnu/libvulkan.so.1*' >/dev/null || compgen -G '/usr/lib64/libvulkan.so.1*' >/dev/null \
  || need+=(libvulkan1)
has Xvfb || need+=(xvfb)
has npm || need+=(npm)
if ((${#need[@]})); then
  install_line="apt-get install -y --no-install-recommends ${need[*]}"
  if [ "$check_only" = 1 ]; then
    report MISSING "${need[*]} ($install_line)"
  elif ! has apt-get; then
    die "missing ${need[*]}, and this is not Debian or Ubuntu (no apt-get): install them, then run this setup again"
  elif [ "$(id -u)" = 0 ]; then
    say "installing ${need[*]} with apt-get (about 30 s)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $install_line -qq >/dev/null
  else
    printf 'setup-directml: missing: %s\nRun:\n  sudo %s\nthen run this setup again.\n' "${need[*]}" "$install_line" >&2
    exit 2
  fi
fi
if ((${#need[@]} == 0)) || [ "$check_only" = 0 ]; then
  mesa="$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || echo '?')"
  report OK "Wine, mingw-w64, lavapipe (mesa $mesa), Xvfb, npm"
fi

# ---- 2. DirectML.dll ------------------------------------------------------------------------------------------------
dll_ok() { [ -s "$dll" ] && [ "$(sha256sum "$dll" | cut -d' ' -f1)" = "$dml_sha256" ]; }
if dll_ok; then
  report OK "DirectML $dml_version ($dll, SHA-256 checked)"
elif [ "$check_only" = 1 ]; then
  report MISSING "DirectML $dml_version (from onnxruntime-node@$npm_version)"
else
  say "fetching DirectML $dml_version: npm pack onnxruntime-node@$npm_version (about 113 MB)"
  work="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "onnxruntime-node@$npm_version" >/dev/null) \
    || die "npm pack onnxruntime-node@$npm_version failed (is the npm registry reachable?)"
  tar -xzf "$work"/onnxruntime-node-*.tgz -C "$work" --wildcards 'package/bin/napi-v*/win32/x64/DirectML.dll' \
    || die "onnxruntime-node@$npm_version has no win32/x64/DirectML.dll"
  found="$(find "$work/package" -path '*win32/x64/DirectML.dll' | head -1)"
  got="$(sha256sum "$found" | cut -d' ' -f1)"
  [ "$got" = "$dml_sha256" ] || die "DirectML.dll from onnxruntime-node@$npm_version has SHA-256 $got, expected $dml_sha256; not using it"
  mkdir -p "$(dirname "$dll")"
  mv "$found" "$dll.tmp" && mv "$dll.tmp" "$dll"
  rm -rf "$work"
  trap - EXIT
  report OK "DirectML $dml_version ($dll, SHA-256 checked)"
fi

# ---- 3. dmlemu-host.exe and dmlemu-core.dll ----------------------------------------------------------------------
core_dll="$host_dir/dmlemu-core.dll"
sources_sha256="$(cd "$sources" && cat build.sh ./*.h ./*.c | sha256sum | cut -d' ' -f1)"
if [ -s "$host_exe" ] && [ -s "$core_dll" ] && [ -s "$host_dir/dmlemu-desktop-pin.exe" ] \
    && [ "$(cat "$host_dir/sources.sha256" 2>/dev/null)" = "$sources_sha256" ]; then
  report OK "dmlemu-host.exe, dmlemu-core.dll and dmlemu-desktop-pin.exe ($host_dir, built from these sources)"
elif [ "$check_only" = 1 ]; then
  report MISSING "dmlemu-host.exe, dmlemu-core.dll and dmlemu-desktop-pin.exe built from $sources"
else
  say "building dmlemu-host.exe, dmlemu-core.dll and dmlemu-desktop-pin.exe from $sources"
  mkdir -p "$host_dir"
  rm -rf "$host_dir/.build"
  bash "$sources/build.sh" --host "$host_dir/.build"
  # The DLL first: a host beside an older core would import functions it may not have.
  mv "$host_dir/.build/dmlemu-core.dll" "$core_dll"
  mv "$host_dir/.build/dmlemu-desktop-pin.exe" "$host_dir/dmlemu-desktop-pin.exe"
  mv "$host_dir/.build/dmlemu-host.exe" "$host_exe"
  rm -rf "$host_dir/.build"
  echo "$sources_sha256" > "$host_dir/sources.sha256"
  report OK "dmlemu-host.exe, dmlemu-core.dll and dmlemu-desktop-pin.exe ($host_dir)"
fi

# ---- 4. Wine: which build, and whether its vkd3d needs the descriptor-table fix ---------------------------------------
wine_detect || { [ "$check_only" = 1 ] && report MISSING "a Wine build this setup recognises: $wine_refusal" && exit 1; die "$wine_refusal"; }
if [ "$wined3d_fix" = 0 ]; then
  rm -f "$host_dir/wined3d.dll"
  report OK "Wine $wine_version (vkd3d $vkd3d_version: no fix needed)"
elif [ -s "$host_dir/wined3d.dll" ] && [ "$(cat "$host_dir/wined3d.sha256" 2>/dev/null)" = "$wined3d_sha256" ]; then
  report OK "Wine $wine_version (vkd3d $vkd3d_version: patched wined3d.dll in place)"
elif [ "$check_only" = 1 ]; then
  report MISSING "patched copy of $wined3d_system (vkd3d $vkd3d_version descriptor-table fix)"
else
  say "Wine $wine_version holds vkd3d $vkd3d_version: writing a patched private copy of wined3d.dll"
  mkdir -p "$host_dir"
  wined3d_patch "$wined3d_system" "$host_dir/wined3d.dll.tmp" || die "$wine_refusal"
  mv "$host_dir/wined3d.dll.tmp" "$host_dir/wined3d.dll"
  echo "$wined3d_sha256" > "$host_dir/wined3d.sha256"
  report OK "patched wined3d.dll ($host_dir/wined3d.dll)"
fi

# ---- 5. the Wine prefix -----------------------------------------------------------------------------------------------
if [ -f "$prefix/system.reg" ]; then
  report OK "Wine prefix ($prefix)"
elif [ "$check_only" = 1 ]; then
  report MISSING "Wine prefix ($prefix)"
else
  say "creating a private 64-bit Wine prefix (about 10 s)"
  # mscoree/mshtml disabled: no Mono/Gecko install prompt in a prefix that only runs one console program.
  WINEPREFIX="$prefix" WINEARCH=win64 WINEDEBUG=-all WINELOADER="$wine" WINEDLLOVERRIDES="mscoree,mshtml=" \
    "$wine" wineboot -i >/dev/null 2>&1 || true
  WINEPREFIX="$prefix" "$wineserver" -w || true
  [ -f "$prefix/system.reg" ] || die "wineboot did not create $prefix"
  report OK "Wine prefix ($prefix)"
fi

if [ "$check_only" = 1 ]; then
  if [ "$missing" = 0 ] && [ -s "$manifest" ]; then say "ready (manifest $manifest)"; exit 0; fi
  say "not ready: run setup-directml without --check"
  exit 1
fi

# ---- 6. the manifest, then one self-test run when anything changed ----------------------------------------------------
new_manifest="$(cat <<EOF
MANIFEST_VERSION=1
CACHE=$cache
WINE=$wine
WINESERVER=$wineserver
WINE_VERSION=$wine_version
VKD3D_VERSION=$vkd3d_version
WINED3D_OVERRIDE=$wined3d_fix
XVFB=$(command -v Xvfb)
WINEPREFIX=$prefix
HOST_EXE=$host_exe
SOURCES_SHA256=$sources_sha256
DIRECTML_DLL=$dll
DIRECTML_VERSION=$dml_version
DIRECTML_SHA256=$dml_sha256
EOF
)"
if [ "$(cat "$manifest" 2>/dev/null)" = "$new_manifest" ] && [ -f "$cache/selftest.ok" ]; then
  say "ready, nothing changed (manifest $manifest)"
  exit 0
fi
printf '%s\n' "$new_manifest" > "$manifest.tmp"
mv "$manifest.tmp" "$manifest"
rm -f "$cache/selftest.ok"
say "self-test: running the GatherElements docs example on the real DirectML.dll"
if out="$(bash "$here/run-host.sh" "$cache" --self-test 2>"$cache/selftest.log" 9>&-)" && [[ "$out" == "SELFTEST OK"* ]]; then
  printf '%s\n' "$out" | sed 's/^/setup-directml: /'
  : > "$cache/selftest.ok"
  say "ready (manifest $manifest)"
else
  printf '%s\n' "$out" >&2
  die "the self-test failed; Wine's messages are in $cache/selftest.log"
fi
