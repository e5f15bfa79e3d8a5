package subproc

import (
	"io"
	"os/exec"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestChildOutlivesThreadsThatEnd: while a program runs and its output is read, other
// goroutines lock their threads and return, which ends those threads. The thread that
// started the program is not among them: the program is not killed.
func TestChildOutlivesThreadsThatEnd(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 1; echo done")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				done := make(chan struct{})
				go func() { runtime.LockOSThread(); close(done) }() // returns locked: its thread ends
				<-done
				time.Sleep(time.Millisecond)
			}
		})
	}
	var got []byte
	err = Run(cmd, func() { got, _ = io.ReadAll(out) })
	close(stop)
	wg.Wait()
	if err != nil || string(got) != "done\n" {
		t.Fatalf("Run: %v, output %q; want it to end by itself", err, got)
	}
}
