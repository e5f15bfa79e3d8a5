//go:build linux

// Package subproctest checks that a program a worker starts dies with it (on Linux,
// the only system where it does).
package subproctest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// helperEnv, set in a test binary run again by DiesWithParent, names the file the
// program it starts writes its process ID to.
const helperEnv = "PAGECAST_SUBPROCTEST_PIDFILE"

// DiesWithParent checks that the program start starts dies when the process that
// started it is killed with SIGKILL. It runs the test binary again, as the worker, with
// only the calling test; there start is called with the path of a stand-in program (it
// writes its process ID and sleeps, whatever its arguments) to start as the code under
// test starts its programs. The worker is killed once the stand-in runs; the stand-in
// must be gone (or a zombie, ended but not yet reaped by the process that adopted it)
// within 5 s.
func DiesWithParent(t *testing.T, start func(program string)) {
	if pidFile := os.Getenv(helperEnv); pidFile != "" {
		start(filepath.Join(filepath.Dir(pidFile), "program"))
		fmt.Fprintln(os.Stderr, "the program ended before its worker was killed")
		os.Exit(3)
	}
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep program")
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	script := "#!/bin/sh\necho $$ > \"$" + helperEnv + "\".tmp && mv \"$" + helperEnv + "\".tmp \"$" + helperEnv + "\"\nexec sleep 600\n"
	if err := os.WriteFile(filepath.Join(dir, "program"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	worker := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1")
	worker.Env = append(os.Environ(), helperEnv+"="+pidFile)
	worker.Stdout, worker.Stderr = os.Stderr, os.Stderr
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(20 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		if pid == 0 && time.Now().After(deadline) {
			worker.Process.Kill()
			worker.Wait()
			t.Fatal("the program did not start within 20 s")
		}
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	if !running(pid) {
		t.Fatalf("the program (%d) is not running", pid)
	}
	worker.Process.Signal(syscall.SIGKILL)
	worker.Wait()
	for deadline := time.Now().Add(5 * time.Second); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the program (%d) still runs 5 s after its worker was killed", pid)
		}
	}
}

// running is whether process pid exists and has not ended.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command's name, which is in parentheses.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 || i+2 >= len(b) {
		return false
	}
	state := b[i+2]
	return state != 'Z' && state != 'X'
}
