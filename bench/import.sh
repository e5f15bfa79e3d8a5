#!/usr/bin/env bash
# Prints the media import figures: seconds to import a ~100 MB video through the
# browser's path (presigned PUT to the object store, confirm, ImportAsset until
# complete) into `pagecast run`, and the peak resident memory of the pagecast process
# (VmHWM from /proc, reset before the upload) and of its ffmpeg children while it ran.
# The file is streamed end to end, so the process's peak stays far below its size.
#   BENCH_IMPORT_MB       size of the generated video (default 100)
#   BENCH_IMPORT_TRANSCODE=1  also import the same video as an AVI, which is transcoded
# Needs PAGECAST_BIN (make bench sets it) and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bin=${PAGECAST_BIN:?set PAGECAST_BIN}
mb=${BENCH_IMPORT_MB:-100}
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

go build -o "$work/importasset" ./bench/importasset

# A 1280x720 H.264/AAC MP4 with its index first, made hard to compress (noise) so a
# fixed bit rate gives the size asked for: 20 Mbit/s video + 128 kbit/s audio.
seconds=$(( mb * 8 * 1024 * 1024 / 20250000 ))
ffmpeg -hide_banner -nostdin -v error -y \
  -f lavfi -i "testsrc2=size=1280x720:rate=30:duration=$seconds" \
  -f lavfi -i "sine=frequency=440:duration=$seconds" \
  -vf "noise=alls=25:allf=t" -c:v libx264 -preset ultrafast -b:v 20M -maxrate 20M -bufsize 20M -pix_fmt yuv420p \
  -c:a aac -b:a 128k -movflags +faststart "$work/bench.mp4"

start_run "$bin" "$work"

"$work/importasset" -url "$url" -pid "$pid" -file "$work/bench.mp4" -type video/mp4 -label mp4
if [ "${BENCH_IMPORT_TRANSCODE:-0}" = 1 ]; then
  ffmpeg -hide_banner -nostdin -v error -y -i "$work/bench.mp4" -c:v mpeg4 -b:v 20M -maxrate 20M -bufsize 20M -c:a mp3 "$work/bench.avi"
  "$work/importasset" -url "$url" -pid "$pid" -file "$work/bench.avi" -type video/x-msvideo -label avi
fi
