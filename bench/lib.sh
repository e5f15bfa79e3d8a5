# Shared by the bench scripts (sourced, not run).

# freeport prints a free loopback TCP port, parked in TIME_WAIT (a connection
# accepted and closed from the port's side first) so that no later request for
# any free port gets it while `pagecast run`, naming it, binds it at once; see
# embedded.ReservePorts. The port is marked SO_REUSEADDR, as Go marks its
# listeners: the TIME_WAIT keeps the mark, and a listener that names the port can
# bind it over the TIME_WAIT only when both have it.
freeport() {
  python3 -c '
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0)); s.listen(1)
port = s.getsockname()[1]
c = socket.create_connection(("127.0.0.1", port)); a, _ = s.accept()
a.close(); c.recv(1); c.close(); s.close()
print(port)
'
}

# wait_ready URL PID waits until URL/readyz answers 200, or fails when PID dies.
wait_ready() {
  for _ in $(seq 1 1200); do
    curl -fsS -o /dev/null "$1/readyz" 2>/dev/null && return 0
    kill -0 "$2" 2>/dev/null || { echo "process $2 died" >&2; return 1; }
    sleep 0.05
  done
  echo "not ready: $1" >&2; return 1
}

# start_run BIN DIR starts `BIN run` on free ports with its data in DIR/run and
# waits until it is ready; it sets pid (the process), url (the web app) and temporal
# (its Temporal frontend, host:port).
start_run() {
  local http tp s3
  http=$(freeport); tp=$(freeport); s3=$(freeport)
  PAGECAST_DATA_DIR=$2/run PAGECAST_HTTP_ADDR=127.0.0.1:$http PAGECAST_TEMPORAL_HOST_PORT=127.0.0.1:$tp \
    PAGECAST_TEMPORAL_UI_PORT=0 PAGECAST_S3_EMBEDDED_ADDR=127.0.0.1:$s3 PAGECAST_LOG_LEVEL=error \
    "$1" run >"$2/run.log" 2>&1 & pid=$!
  url=http://127.0.0.1:$http temporal=127.0.0.1:$tp
  wait_ready "$url" "$pid" || { cat "$2/run.log" >&2; return 1; }
}
