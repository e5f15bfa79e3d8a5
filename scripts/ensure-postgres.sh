#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (starting the local
# cluster when it is down) and prints the admin DSN the tests use.
set -euo pipefail
dsn="${PAGECAST_TEST_POSTGRES_DSN:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}"
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if ! ready; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    echo "Starting PostgreSQL $version" >&2
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  fi
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
if ! ready; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432; install it with: apt-get install -y postgresql" >&2
  exit 1
fi
echo "$dsn"
