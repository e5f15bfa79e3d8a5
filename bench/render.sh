#!/usr/bin/env bash
# Prints the render engine figures on generated input: the encode ceiling, a full
# 60 s six-scene 1080p render for each split of the cores, its speed as a share of
# the ceiling's, a one-scene re-render of ten as % of the full, and peak RSS. It prints
# figures and never asserts them. Needs ffmpeg with libx264 and libass, and espeak-ng.
#   BENCH_RENDER_RUNS      repeats of each timing, median printed (default 2)
#   BENCH_RENDER_PRESET    x264 preset (default ultrafast)
#   BENCH_RENDER_COMPARE   also time Ken Burns methods and presets (default true)
#   BENCH_RENDER_EXPLAIN   also time the full render without its sound, text, Ken Burns or clip, and as six slides (default true)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

go build -o "$work/render" ./bench/render

"$work/render" -dir "$work" -runs "${BENCH_RENDER_RUNS:-2}" -preset "${BENCH_RENDER_PRESET:-ultrafast}" \
  -compare="${BENCH_RENDER_COMPARE:-true}" -explain="${BENCH_RENDER_EXPLAIN:-true}"
