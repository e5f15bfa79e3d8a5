#!/usr/bin/env bash
# Prints Pagecast's foundation figures:
#  1. seconds from `pagecast run` start to /readyz answering 200 (built binary, fresh
#     data dir, and again on a warm data dir);
#  2. validateSession requests per second and p99 under a Go load loop, with the app
#     database on SQLite (`pagecast run`) and on PostgreSQL (`pagecast api` against
#     an external `pagecast temporal` and `pagecast s3`).
# Needs PAGECAST_BIN; PostgreSQL figures need PAGECAST_TEST_POSTGRES_DSN (make bench sets both).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bin=${PAGECAST_BIN:?set PAGECAST_BIN}
dur=${BENCH_DURATION:-10s}
conc=${BENCH_CONNECTIONS:-32}
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

go build -o "$work/loadsession" ./bench/loadsession

# 1. start-up time of `pagecast run`.
http=$(freeport); tp=$(freeport); ui=$(freeport); s3=$(freeport)
export PAGECAST_DATA_DIR=$work/run PAGECAST_HTTP_ADDR=127.0.0.1:$http PAGECAST_TEMPORAL_HOST_PORT=127.0.0.1:$tp \
  PAGECAST_TEMPORAL_UI_PORT=$ui PAGECAST_S3_EMBEDDED_ADDR=127.0.0.1:$s3 PAGECAST_LOG_LEVEL=error
for state in fresh warm; do
  t0=$(date +%s.%N)
  "$bin" run >"$work/run-$state.log" 2>&1 & pid=$!; pids+=("$pid")
  wait_ready "http://127.0.0.1:$http" "$pid"
  t1=$(date +%s.%N)
  printf 'startup   pagecast run (%s data dir) ready in %.2f s\n' "$state" "$(awk "BEGIN{print $t1 - $t0}")"
  if [ "$state" = warm ]; then
    "$work/loadsession" -url "http://127.0.0.1:$http" -c "$conc" -d "$dur" -label sqlite
  fi
  kill -INT "$pid"; wait "$pid" 2>/dev/null || true
done
unset PAGECAST_DATA_DIR PAGECAST_HTTP_ADDR PAGECAST_TEMPORAL_HOST_PORT PAGECAST_TEMPORAL_UI_PORT PAGECAST_S3_EMBEDDED_ADDR

# 2. PostgreSQL: pagecast api against external Temporal and S3 processes.
if [ -z "${PAGECAST_TEST_POSTGRES_DSN:-}" ]; then
  echo "validateSession postgres   skipped: PAGECAST_TEST_POSTGRES_DSN is not set"
  exit 0
fi
db=pagecast_bench_$$
psql "$PAGECAST_TEST_POSTGRES_DSN" -qc "CREATE DATABASE $db"
trap 'cleanup; psql "$PAGECAST_TEST_POSTGRES_DSN" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"' EXIT
dsn=$(echo "$PAGECAST_TEST_POSTGRES_DSN" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")
http=$(freeport); tp=$(freeport); s3=$(freeport)
export PAGECAST_DATABASE_DRIVER=postgres PAGECAST_DATABASE_DSN=$dsn PAGECAST_HTTP_ADDR=127.0.0.1:$http \
  PAGECAST_TEMPORAL_HOST_PORT=127.0.0.1:$tp PAGECAST_TEMPORAL_UI_PORT=0 PAGECAST_S3_EMBEDDED_ADDR=127.0.0.1:$s3 \
  PAGECAST_S3_ENDPOINT=http://127.0.0.1:$s3 PAGECAST_LOG_LEVEL=error
PAGECAST_DATA_DIR=$work/temporal "$bin" temporal >"$work/temporal.log" 2>&1 & pids+=("$!")
PAGECAST_DATA_DIR=$work/s3 "$bin" s3 >"$work/s3.log" 2>&1 & pids+=("$!")
PAGECAST_DATA_DIR=$work/api "$bin" api >"$work/api.log" 2>&1 & pid=$!; pids+=("$pid")
wait_ready "http://127.0.0.1:$http" "$pid"
"$work/loadsession" -url "http://127.0.0.1:$http" -c "$conc" -d "$dur" -label postgres
