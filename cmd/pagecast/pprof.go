//go:build pprof

package main

import (
	"net/http"
	_ "net/http/pprof" // the profiles on the debug listener
	"os"
)

// With -tags pprof, PAGECAST_PPROF_ADDR (say 127.0.0.1:6060) serves /debug/pprof for
// profiling a process under load; release builds have no such listener.
func init() {
	if addr := os.Getenv("PAGECAST_PPROF_ADDR"); addr != "" {
		go http.ListenAndServe(addr, nil) //nolint:errcheck // a debug aid
	}
}
