# setup-wine.sh - sourced by setup-directml.sh: finds Wine, reads which vkd3d its D3D12 uses, and knows the one
# fix DirectML needs on vkd3d 1.6.
#
# Why the fix: vkd3d 1.6 (inside Debian 12's Wine 8.0 wined3d.dll) ignores every descriptor table when the Vulkan
# driver lacks VK_EXT_descriptor_indexing, as Mesa 22.3's lavapipe does. DirectML binds its buffers through such a
# table, so every dispatch "succeeds" and computes on nothing. vkd3d 1.7 dropped that check. The fix turns the one
# conditional jump into that early return into a NOP, in a private copy loaded with WINEDLLOVERRIDES=wined3d=n.
# The jump is found by an exact byte sequence that must occur exactly once; any other build is refused, not guessed.

# Sets wine, wineserver, wine_version, vkd3d_version, wined3d_system, wined3d_sha256 and wined3d_fix (0/1).
# Returns 1 with wine_refusal set when this Wine cannot be used.
wine_detect() {
  wine="" wineserver="" wine_version="" vkd3d_version="" wined3d_system="" wined3d_sha256="" wined3d_fix=0
  local c d
  for c in "$(command -v wine64 || true)" /usr/lib/wine/wine64 /opt/wine-stable/bin/wine64; do
    [ -n "$c" ] && [ -x "$c" ] && { wine="$c"; break; }
  done
  [ -n "$wine" ] || { wine_refusal="no 64-bit Wine found (wine64)"; return 1; }
  for c in "$(dirname "$wine")/wineserver64" "$(dirname "$wine")/wineserver" "$(command -v wineserver || true)"; do
    [ -n "$c" ] && [ -x "$c" ] && { wineserver="$c"; break; }
  done
  [ -n "$wineserver" ] || { wine_refusal="no wineserver beside $wine"; return 1; }
  wine_version="$("$wine" --version 2>/dev/null | head -1)"
  # Beside the loader (WineHQ's /opt trees), or for a loader under /usr, the distributions' places (Debian, Ubuntu).
  local dirs=("$(dirname "$wine")/../lib64/wine/x86_64-windows" "$(dirname "$wine")/../lib/wine/x86_64-windows")
  [[ "$wine" == /usr/* ]] && dirs+=(/usr/lib/x86_64-linux-gnu/wine/x86_64-windows /usr/lib/wine/x86_64-windows \
                                    /usr/lib64/wine/x86_64-windows)
  for d in "${dirs[@]}"; do
    [ -f "$d/wined3d.dll" ] && { wined3d_system="$(cd "$d" && pwd)/wined3d.dll"; break; }
  done
  [ -n "$wined3d_system" ] || { wine_refusal="Wine $wine_version: its x86_64-windows/wined3d.dll was not found"; return 1; }
  wined3d_sha256="$(sha256sum "$wined3d_system" | cut -d' ' -f1)"
  # Wine builds that link vkd3d in say so in a "Build: vkd3d X.Y" string (wined3d.dll, or libvkd3d-1.dll in newer ones).
  local f
  for f in "$wined3d_system" "$(dirname "$wined3d_system")/libvkd3d-1.dll" "$(dirname "$wined3d_system")/d3d12.dll"; do
    [ -f "$f" ] || continue
    vkd3d_version="$(grep -a -o -m1 'vkd3d [0-9]\+\.[0-9]\+' "$f" | head -1 | cut -d' ' -f2 || true)"
    [ -n "$vkd3d_version" ] && break
  done
  if [ -z "$vkd3d_version" ]; then
    wine_refusal="Wine $wine_version: no vkd3d version found in its D3D12 libraries; this setup does not recognise the build"
    return 1
  fi
  local major="${vkd3d_version%%.*}" minor="${vkd3d_version#*.}"
  if ((major == 1 && minor < 6)); then
    wine_refusal="Wine $wine_version uses vkd3d $vkd3d_version; DirectML was only shown to work from vkd3d 1.6 on"
    return 1
  fi
  if ((major == 1 && minor == 6)); then
    wined3d_fix=1
    local why
    if ! why="$(wined3d_patch "$wined3d_system" 2>&1)"; then
      wine_refusal="Wine $wine_version holds vkd3d 1.6, but $wined3d_system is not a build this setup knows how to fix ($why); refusing to patch it"
      return 1
    fi
  fi
  return 0
}

# wined3d_patch SRC [DST] - writes the fixed copy to DST, or with no DST only checks that SRC can be fixed. Fails
# (and writes nothing) unless the jump's byte sequence occurs exactly once and the file carries Wine's builtin
# marker, which must be cleared: Wine refuses a builtin-marked file as a native override.
wined3d_patch() {
  perl -e '
    my ($src, $dst) = @ARGV;
    # cmp %rbp,0x8(%rsi,%rax,8); je +0x49; test %rbp,%rbp; then jne rel32, the jump that gets replaced
    open(my $in, "<:raw", $src) or die "$src: $!\n";
    local $/; my $d = <$in>; close $in;
    my $pat = "\x48\x39\x6c\xc6\x08\x74\x49\x48\x85\xed\x0f\x85";
    my @at; my $i = -1;
    while (($i = index($d, $pat, $i + 1)) >= 0) { push @at, $i; }
    die "pattern found " . scalar(@at) . " times, expected once\n" unless @at == 1;
    die "no Wine builtin marker at 0x40\n" unless substr($d, 0x40, 16) eq "Wine builtin DLL";
    exit 0 unless defined $dst;
    substr($d, $at[0] + length($pat) - 2, 6) = "\x66\x0f\x1f\x44\x00\x00";   # 6-byte NOP over jne rel32
    substr($d, 0x40, 16) = "Patched wined3d\0";
    open(my $out, ">:raw", $dst) or die "$dst: $!\n";
    print $out $d; close $out or die "$dst: $!\n";
  ' "$@"
}
