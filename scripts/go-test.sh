#!/usr/bin/env bash
# Runs every Go test verbosely into bin/go-test.log and prints a summary: each
# package's result, how many store tests ran on SQLite and on PostgreSQL, and a
# closing "N passed, N failed" line. Extra arguments go to `go test`.
set -uo pipefail
mkdir -p bin
log=bin/go-test.log
go test -count=1 -v "$@" ./... >"$log" 2>&1
status=$?
grep -E '^(ok|FAIL|---|panic:)|^\s+--- FAIL' "$log" | grep -vE '^\s*--- (PASS|SKIP)' || true
passed=$(grep -cE '^\s*--- PASS' "$log")
failed=$(grep -cE '^\s*--- FAIL' "$log")
skipped=$(grep -cE '^\s*--- SKIP' "$log")
sqlite=$(grep -cE '^\s*--- PASS: .*/sqlite ' "$log")
postgres=$(grep -cE '^\s*--- PASS: .*/postgres ' "$log")
echo "store and API tests: $sqlite passed on SQLite, $postgres passed on PostgreSQL"
if [ "$status" -ne 0 ]; then
  echo "--- failures (full log: $log) ---"
  grep -nE -B2 -A25 '^\s*--- FAIL|^panic:|^FAIL\s' "$log" | head -400
fi
echo "go: $passed passed, $failed failed, $skipped skipped"
exit $status
