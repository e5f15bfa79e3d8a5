#!/usr/bin/env bash
# Prints render figures through the whole product, against a fresh `pagecast run`:
# PUT render to the new content of a six-scene and a ten-scene video of about a
# minute (stills, a clip, music, burned subtitles), and of the ten-scene video again
# after one slide's text was edited, with where the time went (the RenderVideo
# workflow's history). bench/render.sh measures the render engine alone.
#   BENCH_RENDER_VIDEO_RUNS   runs, each with a new account (default 3)
# Needs PAGECAST_BIN (make bench sets it), ffmpeg and espeak-ng.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bin=${PAGECAST_BIN:?set PAGECAST_BIN}
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

go build -o "$work/rendervideo" ./bench/rendervideo
mkdir "$work/media"

start_run "$bin" "$work"

"$work/rendervideo" -url "$url" -temporal "$temporal" -dir "$work/media" -runs "${BENCH_RENDER_VIDEO_RUNS:-3}"
