#!/usr/bin/env bash
# Prints the video creation figures: p50 and p95 seconds from POST /api/v2/video to
# ReadyToRender for a 1,000-word article with the local providers (espeak-ng, no stock
# media), and the median time of each build step, against a fresh `pagecast run`.
#   BENCH_CREATE_RUNS   videos to create (default 10)
# Needs PAGECAST_BIN (make bench sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bin=${PAGECAST_BIN:?set PAGECAST_BIN}
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

go build -o "$work/createvideo" ./bench/createvideo

start_run "$bin" "$work"

"$work/createvideo" -url "$url" -runs "${BENCH_CREATE_RUNS:-10}"
