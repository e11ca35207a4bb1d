#!/usr/bin/env bash
# host-starts.sh CACHE WORKERS RUNS [GAP-SECONDS]
#   WORKERS loops side by side, each starting RUNS DirectML host self-tests one after another (run-host.sh
#   --self-test), GAP seconds apart; prints how many starts failed, how many no-adapter retries run-host.sh made,
#   and the median and longest start. How docs/architecture.md ("Wine and vkd3d facts") measured the desktop pin.
#   CACHE is a setup-directml cache, e.g. ~/.cache/dmlemu.
set -euo pipefail
cache="${1:?usage: host-starts.sh CACHE WORKERS RUNS [GAP-SECONDS]}"
workers="${2:?}"
runs="${3:?}"
gap="${4:-0}"
run_host="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/native-bridge/src/main/setup/run-host.sh"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
start=$(date +%s.%N)
for w in $(seq "$workers"); do
  ( for r in $(seq "$runs"); do
      sleep "$gap"
      s=$(date +%s.%N)
      rc=0
      bash "$run_host" "$cache" --self-test </dev/null >/dev/null 2>"$out/err.$w.$r" || rc=$?
      e=$(date +%s.%N)
      echo "$rc $(echo "$e - $s" | bc) $(grep -c 'starting the host again' "$out/err.$w.$r" || true)" >> "$out/res.$w"
    done ) &
done
wait
wall=$(echo "$(date +%s.%N) - $start" | bc)
cat "$out"/res.* | sort -k2 -g | awk -v wall="$wall" '{n++; if ($1 != 0) f++; r += $3; t[n] = $2}
  END {printf "starts %d, failed %d, retries %d, median %.2f s, longest %.2f s, wall %.1f s\n",
       n, f, r, t[int((n + 1) / 2)], t[n], wall}'
