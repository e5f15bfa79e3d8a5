#!/usr/bin/env bash
# Prints the editor API figures on PostgreSQL: reads of a whole 10-scene video and small
# edits (a slide's tagline), 90/10, under a Go load loop, against `pagecast api` with
# `pagecast worker`, an external `pagecast temporal` and `pagecast s3` (the production
# topology as processes). It prints figures and asserts none.
#   BENCH_DURATION (10s)  BENCH_CONNECTIONS (32)
# Needs PAGECAST_BIN and PAGECAST_TEST_POSTGRES_DSN (make bench sets both).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bin=${PAGECAST_BIN:?set PAGECAST_BIN}
: "${PAGECAST_TEST_POSTGRES_DSN:?set PAGECAST_TEST_POSTGRES_DSN}"
work=$(mktemp -d)
pids=()
db=pagecast_editor_bench_$$
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$PAGECAST_TEST_POSTGRES_DSN" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/loadeditor" ./bench/loadeditor
psql "$PAGECAST_TEST_POSTGRES_DSN" -qc "CREATE DATABASE $db"
dsn=$(echo "$PAGECAST_TEST_POSTGRES_DSN" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")
http=$(freeport); tp=$(freeport); s3=$(freeport)
export PAGECAST_DATABASE_DRIVER=postgres PAGECAST_DATABASE_DSN=$dsn PAGECAST_HTTP_ADDR=127.0.0.1:$http \
  PAGECAST_TEMPORAL_HOST_PORT=127.0.0.1:$tp PAGECAST_TEMPORAL_UI_PORT=0 PAGECAST_S3_EMBEDDED_ADDR=127.0.0.1:$s3 \
  PAGECAST_S3_ENDPOINT=http://127.0.0.1:$s3 PAGECAST_LOG_LEVEL=error
PAGECAST_DATA_DIR=$work/temporal "$bin" temporal >"$work/temporal.log" 2>&1 & pids+=("$!")
PAGECAST_DATA_DIR=$work/s3 "$bin" s3 >"$work/s3.log" 2>&1 & pids+=("$!")
PAGECAST_DATA_DIR=$work/api "$bin" api >"$work/api.log" 2>&1 & pid=$!; pids+=("$pid")
wait_ready "http://127.0.0.1:$http" "$pid" || { cat "$work/api.log" >&2; exit 1; }
PAGECAST_DATA_DIR=$work/worker "$bin" worker >"$work/worker.log" 2>&1 & pids+=("$!")
"$work/loadeditor" -url "http://127.0.0.1:$http" -c "${BENCH_CONNECTIONS:-32}" -d "${BENCH_DURATION:-10s}" -label postgres
